/// What videos.list's parts beyond snippet and statistics show of a video: contentDetails,
/// status, topicDetails, recordingDetails, liveStreamingDetails, paidProductPlacementDetails and
/// localizations. Drawn from a generator of their own, so the rest of the video is as it was.
struct CorpusVideoDetails: Sendable {
    struct Location: Sendable, Hashable {
        var latitude: Double
        var longitude: Double
        /// Sent as the integer 0 when zero; absent when `nil`.
        var altitude: Double?
    }

    /// A UTC second, with the microseconds some `actualStartTime`s carry.
    struct Instant: Sendable, Hashable {
        var seconds: Int64
        var microseconds: Int?
    }

    struct Live: Sendable, Hashable {
        var actualStartTime: Instant?
        var actualEndTime: Int64?
        var scheduledStartTime: Int64
        var concurrentViewers: Int?
        var activeLiveChatId: String?
    }

    struct Localization: Sendable, Hashable {
        var language: String
        var title: String
        var description: String

        /// The localizations of a title and description in `language` and one to three others
        /// (the same text in `language`, other words in the others), sorted by language.
        static func some(
            of text: (title: String, description: String), in language: String, titleWords: (Int, UInt64),
            descriptionWords: (Int, UInt64), _ random: inout CorpusRandom
        ) -> [Localization] {
            let languages = Corpus.localizationLanguages
            let others = (0..<(1 + random.next() % 3)).map { _ in
                languages[Int(random.next() % UInt64(languages.count))]
            }
            return Array(Set(others + [language])).sorted().map { other in
                let same = other == language
                return Localization(
                    language: other,
                    title: same
                        ? text.title
                        : Corpus.sentence(&random, words: titleWords.0 + Int(random.next() % titleWords.1)),
                    description: same
                        ? text.description
                        : Corpus.sentence(&random, words: descriptionWords.0 + Int(random.next() % descriptionWords.1)))
            }
        }
    }

    var dimension: String
    var definition: String
    var caption: Bool
    var licensedContent: Bool
    var regionAllowed: [String]?
    var regionBlocked: [String]?
    /// `contentRating` as sent: rating system → rating (or reasons).
    var contentRating: [(key: String, value: ContentRatingValue)]
    var projection: String

    var uploadStatus: String
    var privacyStatus: String
    var license: String
    var embeddable: Bool
    var publicStatsViewable: Bool
    var madeForKids: Bool
    var containsSyntheticMedia: Bool?

    /// `false`: no `topicDetails` key at all, even when asked (as for "Me at the zoo").
    var hasTopicDetails: Bool
    var topicIds: [String]?
    var relevantTopicIds: [String]?
    var topicCategories: [String]

    var recordingDate: Int64?
    var location: Location?
    var locationDescription: String?

    var live: Live?
    var hasPaidProductPlacement: Bool
    /// Empty: no `localizations` key.
    var localizations: [Localization]

    enum ContentRatingValue: Sendable, Hashable {
        case rating(String)
        case reasons([String])
    }
}

/// Freebase topic ids with their Wikipedia categories, as topicDetails sends them.
enum Topics {
    static let all: [(id: String, category: String)] = [
        ("/m/04rlf", "Music"), ("/m/0glt670", "Hip_hop_music"), ("/m/06by7", "Rock_music"),
        ("/m/064t9", "Pop_music"), ("/m/03_d0", "Jazz"), ("/m/0bzvm2", "Video_game_culture"),
        ("/m/025zzc", "Action_game"), ("/m/06ntj", "Sport"), ("/m/02vx4", "Association_football"),
        ("/m/019_rr", "Lifestyle_(sociology)"), ("/m/02wbm", "Food"), ("/m/07bxq", "Tourism"),
        ("/m/027x7n", "Physical_fitness"), ("/m/01k8wb", "Knowledge"), ("/m/07c1v", "Technology"),
        ("/m/098wr", "Society"), ("/m/05qt0", "Politics"), ("/m/02jjt", "Entertainment"),
        ("/m/02vxn", "Film"), ("/m/0f2f9", "Television_program"), ("/m/09kqc", "Humour"),
        ("/m/05qjc", "Performing_arts"), ("/m/032tl", "Fashion"), ("/m/068hy", "Pet"),
        ("/m/07yv9", "Vehicle"), ("/m/01h6rj", "Military"), ("/m/041xxh", "Physical_attractiveness"),
        ("/m/0kt51", "Health"), ("/m/09s1f", "Business"), ("/m/06bvp", "Religion"),
    ]

    static func category(_ index: Int) -> String { "https://en.wikipedia.org/wiki/" + all[index].category }
}

extension Corpus {
    static let regionCodes = ["US", "GB", "CA", "DE", "FR", "JP", "RU", "IN", "BR", "AU", "KR", "CN"]
    static let places = [
        "San Diego Zoo", "New York", "Tokyo", "Paris", "Cairo", "Madrid", "Berlin", "Mumbai", "Rio de Janeiro",
        "Mount Fuji", "Café de Flore", "Grand Canyon",
    ]
    static let localizationLanguages = ["en", "de", "fr", "ja", "es", "pt", "ar", "ko"]

    /// The parts beyond snippet and statistics of `video`: a pure function of the seed and the
    /// video (and the corpus's present, for streams live now or upcoming).
    func details(of video: CorpusVideo) -> CorpusVideoDetails {
        var random = CorpusRandom(seed: configuration.seed, stream: 0x7000_0000_0000 + UInt64(video.index))
        func chance(_ numerator: UInt64, in denominator: UInt64) -> Bool { random.next() % denominator < numerator }
        func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }

        // contentDetails
        let dimension = chance(1, in: 200) ? "3d" : "2d"
        let caption = chance(1, in: 4)
        let licensedContent = chance(3, in: 5)
        var allowed: [String]?
        var blocked: [String]?
        if chance(1, in: 25) {
            let codes = Array(Set((0..<(1 + random.next() % 3)).map { _ in pick(Self.regionCodes) })).sorted()
            if chance(1, in: 4) { allowed = codes } else { blocked = codes }
        }
        var rating: [(key: String, value: CorpusVideoDetails.ContentRatingValue)] = []
        switch random.next() % 100 {
        case 0..<7: rating = [("ytRating", .rating("ytAgeRestricted"))]
        case 7: rating = [("mpaaRating", .rating(pick(["mpaaPg13", "mpaaR", "mpaaPg"])))]
        case 8:
            rating = [
                ("djctqRating", .rating(pick(["djctq14", "djctq16", "djctq12"]))),
                ("djctqRatingReasons", .reasons([pick(["djctqViolence", "djctqDrugs", "djctqSexualContent"])])),
            ]
        case 9: rating = [("fskRating", .rating(pick(["fsk12", "fsk16"])))]
        default: break
        }
        let projection = chance(1, in: 100) ? "360" : "rectangular"

        // status
        let license = chance(2, in: 25) ? "creativeCommon" : "youtube"
        let embeddable = !chance(1, in: 20)
        let publicStatsViewable = !chance(1, in: 10)
        let madeForKids = chance(2, in: 25)
        let synthetic = random.next() % 20
        let containsSyntheticMedia: Bool? = synthetic < 8 ? nil : synthetic == 8

        // topicDetails: absent for some, categories only for others.
        let topicShape = random.next() % 20
        let topicCount = 1 + Int(random.next() % 3)
        let topics = Array(Set((0..<topicCount).map { _ in Int(random.next() % UInt64(Topics.all.count)) })).sorted()
        let relevant = Array(Set(topics + [Int(random.next() % UInt64(Topics.all.count))])).sorted()

        // recordingDetails: the video's old location, sometimes a date and a place name.
        let hasRecordingDate = chance(1, in: 10)
        let recordedDaysBefore = Int64(random.next() % 400)
        let altitudeDraw = random.next() % 10
        let hasPlaceName = chance(3, in: 5)
        let place = pick(Self.places)
        var location: CorpusVideoDetails.Location?
        if let latitude = video.latitude, let longitude = video.longitude {
            // Seven decimals, as the API sends them (32.7360353): the corpus's own coordinates carry
            // float noise (-41.05000000000002) that parsers need not agree on in the last bit.
            func sent(_ degrees: Double) -> Double { (degrees * 10_000_000).rounded() / 10_000_000 }
            location = .init(
                latitude: sent(latitude), longitude: sent(longitude),
                altitude: altitudeDraw < 5 ? 0 : altitudeDraw < 8 ? nil : Double(altitudeDraw * 37))
        }

        let live = liveDetails(of: video, &random)
        let hasPaidProductPlacement = chance(1, in: 30)

        // localizations: the default language and one to three others.
        let localizations =
            chance(3, in: 10)
            ? CorpusVideoDetails.Localization.some(
                of: (video.title, video.description), in: video.defaultLanguage, titleWords: (3, 5),
                descriptionWords: (5, 20), &random) : []

        return CorpusVideoDetails(
            dimension: dimension, definition: video.hasHighResolutionThumbnails ? "hd" : "sd", caption: caption,
            licensedContent: licensedContent, regionAllowed: allowed, regionBlocked: blocked, contentRating: rating,
            projection: projection, uploadStatus: "processed", privacyStatus: "public", license: license,
            embeddable: embeddable, publicStatsViewable: publicStatsViewable, madeForKids: madeForKids,
            containsSyntheticMedia: containsSyntheticMedia, hasTopicDetails: topicShape >= 3,
            topicIds: topicShape < 8 ? nil : topics.map { Topics.all[$0].id },
            relevantTopicIds: topicShape < 8 ? nil : relevant.map { Topics.all[$0].id },
            topicCategories: topics.map(Topics.category),
            recordingDate: hasRecordingDate ? (video.publishedAt - recordedDaysBefore * 86_400) / 86_400 * 86_400 : nil,
            location: location, locationDescription: location != nil && hasPlaceName ? place : nil, live: live,
            hasPaidProductPlacement: hasPaidProductPlacement, localizations: localizations)
    }

    /// liveStreamingDetails: ended for past streams (ending before the video is published, as long
    /// as its duration), started a little before the present for streams live now, scheduled after
    /// the present for upcoming ones; `nil` for videos that never were live. As the corpus stands
    /// at its origin: ``Corpus/liveState(of:_:at:)`` moves streams on with the chat clock.
    private func liveDetails(of video: CorpusVideo, _ random: inout CorpusRandom) -> CorpusVideoDetails.Live? {
        let draws = (random.next(), random.next(), random.next(), random.next())
        if video.completedLive {
            let scheduled = Self.quarterHour(
                video.publishedAt - Int64(video.durationSeconds) - 300 - Int64(draws.0 % 7200))
            let start = scheduled + 5 + Int64(draws.1 % 40)
            let micros = draws.2 % 5 < 2 ? Int(draws.3 % 1000) * 1000 : nil
            return .init(
                actualStartTime: .init(seconds: start, microseconds: micros),
                actualEndTime: start + Int64(video.durationSeconds), scheduledStartTime: scheduled)
        }
        switch video.liveBroadcastContent {
        case "live":
            let start = present - 600 - Int64(draws.0 % (5 * 3600))
            return .init(
                actualStartTime: .init(seconds: start, microseconds: nil), scheduledStartTime: Self.quarterHour(start),
                concurrentViewers: Int(draws.1 % 50_000),
                activeLiveChatId: Self.liveChatId(video: video.id, channel: channels[video.channel].id))
        case "upcoming":
            // Half start 5 to 55 minutes after the emulator starts (their chats open before it
            // does), the others an hour to ten days after the present. Draws 1 and 2, unused
            // before, choose: the other draws stay where they were.
            let soon = draws.1 % 2 == 0
            return .init(
                scheduledStartTime: soon
                    ? origin + 300 + Int64(draws.2 % 3000)
                    : Self.quarterHour(present + 3600 + Int64(draws.0 % (10 * 86_400))),
                activeLiveChatId: Self.liveChatId(video: video.id, channel: channels[video.channel].id))
        default: return nil
        }
    }

    static func quarterHour(_ seconds: Int64) -> Int64 { seconds - ((seconds % 900) + 900) % 900 }

    /// A live chat id as YouTube makes them: base64url (unpadded) of a small protobuf naming the
    /// video and its channel.
    static func liveChatId(video: String, channel: String) -> String {
        let bytes: [UInt8] =
            [0x0A, 0x0D, 0x0A, 0x0B] + Array(video.utf8) + [0x2A, 0x27, 0x0A, 0x18] + Array(channel.utf8)
            + [0x12, 0x0B] + Array(video.utf8)
        return Base64URL.encode(bytes)
    }
}

/// Unpadded base64url.
enum Base64URL {
    static func encode(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value = 0
            for (offset, byte) in chunk.enumerated() { value |= Int(byte) << (16 - 8 * offset) }
            for digit in 0...chunk.count { out.append(alphabet[(value >> (18 - 6 * digit)) & 63]) }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
