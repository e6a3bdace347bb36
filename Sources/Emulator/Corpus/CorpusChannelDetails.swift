/// What channels.list's parts beyond snippet, contentDetails and statistics show of a channel:
/// brandingSettings, status, topicDetails, localizations and the snippet's default language.
/// Drawn from a generator of their own, so the rest of the channel is as it was.
struct CorpusChannelDetails: Sendable {
    var defaultLanguage: String?
    /// brandingSettings.channel.description; `nil` leaves it out.
    var brandingDescription: String?
    /// The keywords; sent as one string, phrases of several words in double quotes.
    var keywords: [String]
    /// One of the channel's videos.
    var unsubscribedTrailer: String?
    var bannerExternalUrl: String?

    var privacyStatus: String
    var isLinked: Bool
    var longUploadsStatus: String
    /// `nil` leaves it out (as for auto-generated topic channels).
    var madeForKids: Bool?

    /// `nil`: no `topicDetails` key.
    var topicIds: [String]?
    var topicCategories: [String]?

    /// Empty: no `localizations` key.
    var localizations: [CorpusVideoDetails.Localization]

    /// brandingSettings.channel.keywords as the API sends it: `cooking "home baking" recipes`.
    var keywordsText: String {
        keywords.map { $0.contains(" ") ? "\"" + $0 + "\"" : $0 }.joined(separator: " ")
    }
}

extension Corpus {
    /// The parts beyond snippet, contentDetails and statistics of `channel`: a pure function of
    /// the seed and the channel.
    func details(of channel: CorpusChannel) -> CorpusChannelDetails {
        var random = CorpusRandom(seed: configuration.seed, stream: 0x7300_0000_0000 + UInt64(channel.index))
        func chance(_ numerator: UInt64, in denominator: UInt64) -> Bool { random.next() % denominator < numerator }
        func word() -> String { Vocabulary.words[Int(random.next() % UInt64(Vocabulary.plainCount))] }

        let defaultLanguage = chance(2, in: 5) ? Self.localizationLanguages[Int(random.next() % 8)] : nil
        let hasDescription = chance(7, in: 10)
        var keywords: [String] = []
        if chance(7, in: 10) {
            for _ in 0..<(2 + random.next() % 5) {
                let keyword = chance(1, in: 3) ? word() + " " + word() : word()
                if !keywords.contains(keyword) { keywords.append(keyword) }
            }
        }
        let trailer =
            chance(1, in: 4) ? videoId(channel.firstVideo + Int(random.next() % UInt64(channel.videoCount))) : nil
        var banner: String?
        if chance(4, in: 5) { banner = "https://yt3.googleusercontent.com/" + random.identifier(length: 86) }
        let isLinked = !chance(1, in: 20)
        let longUploads: String
        switch random.next() % 100 {
        case 0..<80: longUploads = "longUploadsUnspecified"
        case 80..<92: longUploads = "allowed"
        case 92..<97: longUploads = "eligible"
        default: longUploads = "disallowed"
        }
        let kids = random.next() % 20
        let madeForKids: Bool? = kids < 2 ? nil : kids < 4
        var topicIds: [String]?
        var topicCategories: [String]?
        if chance(3, in: 5) {
            let topics = Array(
                Set((0..<(1 + random.next() % 3)).map { _ in Int(random.next() % UInt64(Topics.all.count)) })
            ).sorted()
            topicIds = topics.map { Topics.all[$0].id }
            topicCategories = topics.map(Topics.category)
        }
        let localizations =
            chance(1, in: 5)
            ? CorpusVideoDetails.Localization.some(
                of: (channel.title, channel.description), in: defaultLanguage ?? "en", titleWords: (1, 3),
                descriptionWords: (8, 12), &random) : []
        return CorpusChannelDetails(
            defaultLanguage: defaultLanguage, brandingDescription: hasDescription ? channel.description : nil,
            keywords: keywords, unsubscribedTrailer: trailer, bannerExternalUrl: banner, privacyStatus: "public",
            isLinked: isLinked, longUploadsStatus: longUploads, madeForKids: madeForKids, topicIds: topicIds,
            topicCategories: topicCategories, localizations: localizations)
    }
}
