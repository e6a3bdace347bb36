import YouTubeKit

/// The messages of one chat, generated minute by minute from the chat's opening to its end: each
/// minute a pure function of the corpus seed, the video and the minute, so any stretch of the
/// chat is made without the rest, in any order of requests.
///
/// Rates rise and fall: a few messages a minute before the stream starts, then a base of 5 to 60
/// a minute times a slow wave (0.3 to 1.7 over 20 to 60 minutes), with a burst (three times) in
/// about one minute in 40. Times are microseconds, strictly increasing through the chat.
struct LiveChat: Sendable {
    let schedule: LiveChatSchedule
    let authors: [LiveChatAuthor]
    /// The stream's channel, writing now and then.
    let owner: LiveChatAuthor
    /// Indices in `authors` of the channel's members (never empty).
    let sponsors: [Int]
    /// The channel's membership levels, lowest first.
    let levels: [String]
    private let seed: UInt64

    static let microsPerMinute: Int64 = 60_000_000
    /// Latest offset a primary message takes in its minute: room for ties to move up without
    /// reaching the next minute.
    static let minuteSpan: UInt64 = 59_990_000

    init(_ schedule: LiveChatSchedule, corpus: Corpus) {
        self.schedule = schedule
        seed = corpus.configuration.seed
        var random = CorpusRandom(seed: seed ^ 0x11FE_C4A9, stream: UInt64(schedule.video))
        let levelNames = ["Member", "Super Fan", "VIP", "Crew", "Insider", "Legend", "Café club", "家族"]
        let levelCount = 1 + Int(random.next() % 3)
        let first = Int(random.next() % UInt64(levelNames.count))
        levels = (0..<levelCount).map { levelNames[(first + $0) % levelNames.count] }
        var authors: [LiveChatAuthor] = []
        var sponsors: [Int] = []
        for index in 0..<schedule.authorCount {
            var draw = CorpusRandom(
                seed: seed ^ 0x11FE_C4A9, stream: UInt64(schedule.video) << 16 | UInt64(index + 1))
            let id = "UC" + draw.identifier(length: 22)
            let name = Self.displayName(&draw, number: index)
            let sponsor = index == 1 || draw.next() % 100 < 15
            if sponsor { sponsors.append(index) }
            authors.append(
                LiveChatAuthor(
                    channelId: id, displayName: name,
                    profileImageUrl: "https://yt3.ggpht.com/" + draw.identifier(length: 66)
                        + "=s88-c-k-c0x00ffffff-no-rj",
                    isVerified: draw.next() % 200 == 0, isChatOwner: false, isChatSponsor: sponsor,
                    isChatModerator: draw.next() % 100 < 3))
        }
        self.authors = authors
        self.sponsors = sponsors
        let channel = corpus.channels[schedule.channel]
        owner = LiveChatAuthor(
            channelId: channel.id, displayName: channel.title,
            profileImageUrl: "https://yt3.ggpht.com/" + random.identifier(length: 66) + "=s88-c-k-c0x00ffffff-no-rj",
            isVerified: random.next() % 4 == 0, isChatOwner: true, isChatSponsor: false, isChatModerator: false)
    }

    /// A name as chat shows them: a handle-like word and number, two capitalised words, or a
    /// decorated one; some in other scripts.
    static func displayName(_ random: inout CorpusRandom, number: Int) -> String {
        func word() -> String {
            random.next() % 6 == 0
                ? Vocabulary.words[
                    Vocabulary.plainCount + Int(random.next() % UInt64(Vocabulary.words.count - Vocabulary.plainCount))]
                : Vocabulary.words[Int(random.next() % UInt64(Vocabulary.plainCount))]
        }
        func capitalised(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
        switch random.next() % 10 {
        case 0..<4: return word() + String(number + Int(random.next() % 9000))
        case 4..<7: return capitalised(word()) + " " + capitalised(word())
        case 7: return "~" + word() + " " + word() + "~"
        case 8: return "꧁" + capitalised(word()) + "꧂"
        default:
            return ["ゆき", "Ana Lúcia", "Jörg Müller", "Олег", "민수", "أحمد", "Zoë", "Đức Anh"][
                Int(random.next() % 8)] + " " + String(number)
        }
    }

    // MARK: Minutes

    /// The minute of the chat a chat-clock microsecond falls in (negative before it opens).
    func minute(of time: Int64) -> Int {
        let offset = time - schedule.opensAt
        return Int(
            offset >= 0 ? offset / Self.microsPerMinute : (offset - Self.microsPerMinute + 1) / Self.microsPerMinute)
    }

    /// The chat's last minute: the one its end falls in.
    var lastMinute: Int { minute(of: schedule.endsAt - 1) }

    /// How many primary messages (gift receipts aside) minute `minute` has.
    func primaryCount(minute: Int, _ random: inout CorpusRandom) -> Int {
        let start = schedule.opensAt + Int64(minute) * Self.microsPerMinute
        guard minute >= 0, start < schedule.endsAt else { return 0 }
        if start < schedule.startsAt { return 1 + Int(random.next() % 4) }
        let live = Int((start - schedule.startsAt) / Self.microsPerMinute)
        let period = schedule.wavePeriod
        let position = (live + schedule.wavePhase) % period
        let triangle = position * 2 < period ? position * 2000 / period : (period - position) * 2000 / period
        let wave = 300 + 1400 * triangle / 1000
        let burst = random.next() % 40 == 0 ? 3 : 1
        let noise = 800 + Int(random.next() % 401)
        return max(0, schedule.baseRate * wave * burst * noise / 1_000_000)
    }

    /// The messages of `minute`, oldest first; those after the chat's end left out.
    func messages(inMinute minute: Int) -> [LiveChatMessage] {
        var random = CorpusRandom(
            seed: seed ^ 0x11FE_C4A8, stream: UInt64(schedule.video) << 24 | UInt64(truncatingIfNeeded: minute))
        let count = primaryCount(minute: minute, &random)
        guard count > 0 else { return [] }
        let start = schedule.opensAt + Int64(minute) * Self.microsPerMinute
        let lastFull = start + Self.microsPerMinute <= schedule.endsAt
        // Drafts: a time, the order they were drawn in (for ties), and the message without its
        // key, id and time.
        var drafts: [(time: Int64, order: Int, message: LiveChatMessage)] = []
        for _ in 0..<count {
            let message = draft(&random, allowGifts: lastFull)
            let span = message.kind == .membershipGiftingEvent ? Self.minuteSpan / 2 : Self.minuteSpan
            let time = start + Int64(random.next() % span)
            let order = drafts.count
            drafts.append((time, order, message))
            if message.kind == .membershipGiftingEvent {
                // Each gift received within seconds, in the order given.
                var at = time
                for _ in 0..<(message.giftCount ?? 0) {
                    at += 100_000 + Int64(random.next() % 900_000)
                    let recipient = authors[Int(random.next() % UInt64(authors.count))]
                    var received = LiveChatMessage(
                        key: 0, id: "", publishedAt: 0, kind: .giftMembershipReceivedEvent, author: recipient,
                        text: "received a \(message.memberLevelName ?? levels[0]) gift membership")
                    received.memberLevelName = message.memberLevelName
                    received.gifterChannelId = message.author.channelId
                    received.giftingMessageId = String(order)
                    drafts.append((at, drafts.count, received))
                }
            }
        }
        drafts.sort { ($0.time, $0.order) < ($1.time, $1.order) }
        var result: [LiveChatMessage] = []
        result.reserveCapacity(drafts.count)
        var idOfDraft: [Int: String] = [:]
        var previous = Int64.min
        for draft in drafts {
            let time = max(draft.time, previous + 1)
            guard time <= schedule.endsAt else { break }
            previous = time
            var message = draft.message
            message.key = LiveChatMessage.key(minute: minute, rank: result.count)
            message.id = messageId(key: message.key)
            message.publishedAt = time
            idOfDraft[draft.order] = message.id
            result.append(message)
        }
        // A receipt names its gifting message by id: the drafts know it by order.
        for index in result.indices where result[index].kind == .giftMembershipReceivedEvent {
            if let order = result[index].giftingMessageId.flatMap({ Int($0) }) {
                result[index].giftingMessageId = idOfDraft[order]
            }
        }
        return result
    }

    /// `LCC.` and base64url of bytes naming the video (so the chat) and the message's key.
    func messageId(key: UInt64) -> String {
        var bytes: [UInt8] = [0x0A, 0x0B] + Array(schedule.videoId.utf8) + [0x12, 0x08]
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: key >> shift)) }
        return "LCC." + Base64URL.encode(bytes)
    }

    // MARK: Ranges

    /// Messages after the one keyed `after` (all when `nil`) and published at or before `now`,
    /// oldest first, at most `limit`.
    func messages(after: UInt64?, upTo now: Int64, limit: Int) -> [LiveChatMessage] {
        var found: [LiveChatMessage] = []
        var minute = after.map(LiveChatMessage.minute) ?? 0
        let last = min(lastMinute, self.minute(of: now))
        while minute <= last, found.count < limit {
            for message in messages(inMinute: minute) where found.count < limit {
                guard message.publishedAt <= now else { break }
                if let after, message.key <= after { continue }
                found.append(message)
            }
            minute += 1
        }
        return found
    }

    /// The latest `count` messages published at or before `now`, oldest first.
    func latest(_ count: Int, upTo now: Int64) -> [LiveChatMessage] {
        var found: [LiveChatMessage] = []
        var minute = min(lastMinute, self.minute(of: now))
        while minute >= 0, found.count < count {
            let earlier = messages(inMinute: minute).filter { $0.publishedAt <= now }
            found = Array(earlier.suffix(count - found.count)) + found
            minute -= 1
        }
        return found
    }

    /// Every message, oldest first.
    func all() -> [LiveChatMessage] {
        guard lastMinute >= 0 else { return [] }
        return (0...lastMinute).flatMap(messages(inMinute:))
    }

    // MARK: One message

    static let currencies: [(code: String, symbol: String, decimals: Bool, amounts: [Int])] = [
        ("USD", "$", true, [1, 2, 5, 10, 20, 50, 100]),
        ("EUR", "€", true, [1, 2, 5, 10, 20, 50, 100]),
        ("JPY", "¥", false, [100, 200, 500, 1000, 2000, 5000, 10_000]),
        ("BRL", "R$", true, [5, 10, 20, 50, 100, 200, 500]),
        ("GBP", "£", true, [1, 2, 5, 10, 20, 50, 100]),
        ("INR", "₹", true, [50, 100, 200, 500, 1000, 2000, 5000]),
        ("KRW", "₩", false, [1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000]),
    ]

    /// `1,000` for 1000.
    static func grouped(_ value: Int) -> String {
        var digits = String(value)
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: digits.index(digits.startIndex, offsetBy: index))
            index -= 3
        }
        return digits
    }

    func amount(_ random: inout CorpusRandom) -> LiveChatMessage.Amount {
        let currency = Self.currencies[Int(random.next() % UInt64(Self.currencies.count))]
        // Small amounts most often.
        let rank = min(Int(random.next() % 8), Int(random.next() % 8), currency.amounts.count - 1)
        let value = currency.amounts[rank]
        return .init(
            micros: value * 1_000_000, currency: currency.code,
            display: currency.symbol + Self.grouped(value) + (currency.decimals ? ".00" : ""), tier: rank + 1)
    }

    func text(_ random: inout CorpusRandom) -> String {
        var text = Corpus.sentence(&random, words: 1 + Int(random.next() % 10))
        switch random.next() % 20 {
        case 0: text += " 😂😂"
        case 1: text = text.uppercased() + "!!!"
        case 2: text += " ❤️"
        case 3: text = "lol " + text
        default: break
        }
        return text
    }

    /// A primary message without key, id or time: its type, author and content.
    func draft(_ random: inout CorpusRandom, allowGifts: Bool) -> LiveChatMessage {
        let typeDraw = random.next() % 10_000
        var author = authors[Int(random.next() % UInt64(authors.count))]
        let level = levels[Int(random.next() % UInt64(levels.count))]
        switch typeDraw {
        case 0..<200:
            let amount = amount(&random)
            let comment = random.next() % 5 == 0 ? "" : text(&random)
            var message = LiveChatMessage(
                key: 0, id: "", publishedAt: 0, kind: .superChatEvent, author: author, text: comment, amount: amount)
            message.userComment = comment
            return message
        case 200..<250:
            let words = ["Cat dancing", "Thumbs up", "Party popper", "Heart hands", "Sleepy panda", "GG"]
            let alt = words[Int(random.next() % UInt64(words.count))]
            var message = LiveChatMessage(
                key: 0, id: "", publishedAt: 0, kind: .superStickerEvent, author: author, text: alt,
                amount: amount(&random))
            message.sticker = ("stickers_" + random.identifier(length: 12), alt)
            return message
        case 250..<300:
            var message = LiveChatMessage(
                key: 0, id: "", publishedAt: 0, kind: .newSponsorEvent, author: author, text: "")
            message.isUpgrade = levels.count > 1 && random.next() % 5 == 0
            message.text = message.isUpgrade ? "Upgraded membership to \(level)!" : "Welcome to \(level)!"
            message.memberLevelName = level
            return message
        case 300..<330:
            author = authors[sponsors[Int(random.next() % UInt64(sponsors.count))]]
            let comment = text(&random)
            var message = LiveChatMessage(
                key: 0, id: "", publishedAt: 0, kind: .memberMilestoneChatEvent, author: author, text: comment)
            message.memberLevelName = level
            message.memberMonth = [2, 3, 6, 12, 18, 24, 36, 48][Int(random.next() % 8)]
            message.userComment = comment
            return message
        case 330..<350 where allowGifts:
            let count = [1, 5, 5, 10, 20][Int(random.next() % 5)]
            var message = LiveChatMessage(
                key: 0, id: "", publishedAt: 0, kind: .membershipGiftingEvent, author: author,
                text: count == 1 ? "sent 1 \(level) gift membership" : "sent \(count) \(level) gift memberships")
            message.memberLevelName = level
            message.giftCount = count
            return message
        case 350..<360:
            let question = Corpus.sentence(&random, words: 3 + Int(random.next() % 5)) + "?"
            var message = LiveChatMessage(
                key: 0, id: "", publishedAt: 0, kind: .pollEvent, author: owner, text: question)
            message.pollOptions = (0..<(2 + Int(random.next() % 3))).map { _ in
                (Vocabulary.words[Int(random.next() % UInt64(Vocabulary.plainCount))], Int(random.next() % 500))
            }
            return message
        default:
            var text = text(&random)
            if random.next() % 80 == 0 { author = owner }
            if random.next() % 20 == 0 {
                var other = Int(random.next() % UInt64(authors.count))
                if authors[other].channelId == author.channelId { other = (other + 1) % authors.count }
                let mention = "@" + authors[other].displayName
                text = random.next() % 2 == 0 ? mention + " " + text : text + " " + mention
            }
            return LiveChatMessage(key: 0, id: "", publishedAt: 0, kind: .textMessageEvent, author: author, text: text)
        }
    }
}

extension Corpus {
    /// The chat `schedule` describes, ready to generate its messages.
    func liveChat(_ schedule: LiveChatSchedule) -> LiveChat { LiveChat(schedule, corpus: self) }
}
