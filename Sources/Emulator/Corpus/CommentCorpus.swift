import YouTubeKit

/// A comment of the corpus: a thread's top-level comment (`reply == nil`) or one of its replies.
struct CorpusComment: Sendable {
    var video: Int
    var thread: Int
    var reply: Int?
    var id: String
    var threadId: String
    var author: Int
    /// Plain text, line breaks kept.
    var text: String
    var likeCount: Int
    var publishedAt: Int64
    var updatedAt: Int64
    var imageUrl: String?
    /// The comment whose author's `@name` a reply begins with (`nil` when it begins with none).
    var answers: String?
}

/// The comments of each video, generated on demand from the video's index: as many as its
/// `commentCount` (none when comments are disabled), most threads without replies, some with more
/// than the few a thread carries, a few with hundreds.
extension Corpus {
    /// Replies of each thread, oldest thread first; their sum plus the thread count is the
    /// video's `commentCount`.
    func threadReplyCounts(ofVideo video: CorpusVideo) -> [Int] {
        var remaining = video.commentCount ?? 0
        var random = CorpusRandom(seed: configuration.seed, stream: 0x5000_0000_0000 + UInt64(video.index))
        var counts: [Int] = []
        while remaining > 0 {
            let tier = random.next() % 100
            let drawn: Int
            switch tier {
            case 0..<72: drawn = 0
            case 72..<90: drawn = 1 + Int(random.next() % 5)
            case 90..<98: drawn = 6 + Int(random.next() % 25)
            default: drawn = 30 + Int(random.next() % 271)
            }
            let replies = min(drawn, remaining - 1)
            counts.append(replies)
            remaining -= 1 + replies
        }
        return counts
    }

    /// How many replies a thread carries inline in commentThreads.list.
    static let embeddedReplies = 5

    /// The thread id of thread `thread` of video `video`: decodable back to both.
    func threadId(video: Int, thread: Int) -> String {
        "Ug" + commentCodec.encode(video << 20 | thread) + "xT4AaABAg"
    }

    func replyId(threadId: String, reply: Int) -> String {
        threadId + "." + commentCodec.encode(reply) + "Ah3kQ9zLw1b"
    }

    /// The video and thread a thread id names, when it is one of ours.
    func thread(ofId id: Substring) -> (video: Int, thread: Int)? {
        guard id.utf8.count == 22, id.hasPrefix("Ug"), id.hasSuffix("xT4AaABAg"),
            let value = commentCodec.decode(id.dropFirst(2).prefix(11))
        else { return nil }
        let video = value >> 20
        guard video >= 0, video < videoCount || isRealUpload(video) else { return nil }
        return (video, value & 0xFFFFF)
    }

    /// The comment at thread `thread` (and reply `reply`) of `video`.
    func comment(video: CorpusVideo, thread: Int, reply: Int?) -> CorpusComment {
        let stream = UInt64(video.index) << 32 | UInt64(thread) << 12 | UInt64((reply ?? -1) + 1)
        var random = CorpusRandom(seed: configuration.seed ^ 0xC0_33E7, stream: stream)
        let threadId = threadId(video: video.index, thread: thread)
        // Threads a few hours apart, replies minutes after their thread, in the order of their
        // numbers (a reply answers only what came before it): the thread's time is drawn from the
        // top-level comment's stream (each reply still draws from its own, as before).
        let drawn = random.next() % 3600
        var threadStream = CorpusRandom(
            seed: configuration.seed ^ 0xC0_33E7, stream: UInt64(video.index) << 32 | UInt64(thread) << 12)
        let threadTime =
            video.publishedAt + Int64(thread) * 5400 + Int64(reply == nil ? drawn : threadStream.next() % 3600)
        let published = reply.map { threadTime + 3600 + Int64($0) * 600 + Int64(random.next() % 300) } ?? threadTime
        let edited = random.next() % 10 == 0
        let likeTier = random.next() % 100
        let likes =
            likeTier < 60
            ? 0
            : likeTier < 90
                ? Int(random.next() % 20)
                : likeTier < 99
                    ? Int(random.next() % 2000)
                    : Int(random.next() % 200_000)
        var text = Self.sentence(&random, words: 2 + Int(random.next() % 25))
        switch random.next() % 20 {
        case 0: text += "\n" + Self.sentence(&random, words: 3 + Int(random.next() % 10))
        case 1: text += " see https://example.com/watch?v=1&t=2 <3"
        case 2: text = "\"" + text + "\" & more"
        case 3: text += " #" + Vocabulary.words[Int(random.next() % UInt64(Vocabulary.plainCount))]
        case 4: text += " " + Self.hashtagSamples[Int(random.next() % UInt64(Self.hashtagSamples.count))] + "!"
        default: break
        }
        var answers: String?
        if let reply, random.next() % 3 == 0 {
            // As the site writes a reply to a reply: the @name of the author it answers (the
            // thread's, or the previous reply's) first.
            let answered = reply > 0 && random.next() % 2 == 0 ? reply - 1 : nil
            let answeredComment = comment(video: video, thread: thread, reply: answered)
            text = authorName(answeredComment.author) + " " + text
            answers = answeredComment.id
        }
        var author = Int(random.next() % UInt64(Self.authorCount))
        // One reply in twelve is the video's channel answering.
        var owner = CorpusRandom(seed: configuration.seed ^ 0x0A_11E5, stream: stream)
        if reply != nil, owner.next() % 12 == 0 { author = Self.ownerAuthor(channel: video.channel) }
        return CorpusComment(
            video: video.index, thread: thread, reply: reply,
            id: reply.map { replyId(threadId: threadId, reply: $0) } ?? threadId, threadId: threadId,
            author: author, text: text, likeCount: likes,
            publishedAt: published, updatedAt: edited ? published + 600 + Int64(random.next() % 86_400) : published,
            imageUrl: random.next() % 50 == 0 ? "https://yt3.ggpht.com/img/\(random.identifier(length: 20))=s640" : nil,
            answers: answers)
    }

    /// Commenters: one pool for the whole corpus, so one author comments on many videos.
    static let authorCount = 4000

    func authorName(_ author: Int) -> String {
        if let channel = Self.ownerChannel(ofAuthor: author) { return channels[channel].handle }
        var random = CorpusRandom(seed: configuration.seed, stream: 0x6000_0000 + UInt64(author))
        return "@" + Vocabulary.words[Int(random.next() % UInt64(Vocabulary.plainCount))] + String(author)
    }

    /// `nil` for one author in a hundred (old comments without a channel).
    func authorChannelId(_ author: Int) -> String? {
        if let channel = Self.ownerChannel(ofAuthor: author) { return channels[channel].id }
        guard author % 100 != 7 else { return nil }
        var random = CorpusRandom(seed: configuration.seed, stream: 0x6100_0000 + UInt64(author))
        return "UC" + random.identifier(length: 22)
    }

    func authorImage(_ author: Int) -> String {
        var random = CorpusRandom(seed: configuration.seed, stream: 0x6200_0000 &+ UInt64(bitPattern: Int64(author)))
        return "https://yt3.ggpht.com/ytc/" + random.identifier(length: 30) + "=s48-c-k-c0x00ffffff-no-rj"
    }
}
