import Archive
import YouTubeKit

/// Who answers whom in the comments: nodes are comment authors (their channel ids, or their
/// pseudonyms in a pseudonymized output, which never carries a name), a directed edge goes from a
/// reply's author to the author it answers, weighted by the number of such replies.
///
/// The author answered is the one a reply's leading `@name` names when that author wrote in the
/// same thread (by handle or display name; in a pseudonymized output the mention is the
/// pseudonym), else the thread's author. A reply to oneself is not an edge; comments without an
/// author channel are left out. Node attributes: comments, likes (summed), and isChannelOwner
/// (whether the author is the channel of a video they commented on; unknown, null, when
/// pseudonymized).
enum ReplyGraph {
    static func build(directory: String) throws -> Graph {
        var authors = Interner()
        var labels: [String?] = []
        var comments: [Int64] = []
        var likes: [Int64] = []
        var owner: [Bool?] = []
        // Threads and names are only compared, never written: kept as 64-bit hashes (a collision
        // among a million is about one chance in ten million).
        var threads: [Int: Int32] = [:]
        var threadAuthor: [Int32] = []
        // hash(thread, lowercased name) → the author who wrote under that name in that thread.
        var names: [Int: Int32] = [:]
        var replyAuthors: [Int32] = []
        var replyThreads: [Int32] = []
        var replyMentions: [Int] = []
        try ArchiveReader.forEachRecord(directory: directory, kind: .comments) { record, _ in
            guard let authorId = record["authorChannelId"]?.text, !authorId.isEmpty else { return }
            let pseudonymized = authorId.hasPrefix(AuthorPseudonyms.pseudonymPrefix)
            let (author, newAuthor) = authors.intern(authorId)
            if newAuthor {
                labels.append(nil)
                comments.append(0)
                likes.append(0)
                owner.append(pseudonymized ? nil : false)
            }
            let index = Int(author)
            comments[index] += 1
            likes[index] += record["likeCount"]?.integer ?? 0
            let display = pseudonymized ? nil : record["authorDisplayName"]?.text
            if labels[index] == nil, let display { labels[index] = display }
            if !pseudonymized, let channel = record["channelId"]?.text, channel == authorId { owner[index] = true }
            let parent = record["parentId"]?.text
            let threadKey = (record["threadId"]?.text ?? parent ?? record["commentId"]?.text ?? "").hashValue
            let thread: Int32
            if let known = threads[threadKey] {
                thread = known
            } else {
                thread = Int32(threadAuthor.count)
                threads[threadKey] = thread
                threadAuthor.append(-1)
            }
            if parent == nil { threadAuthor[Int(thread)] = author }
            // A pseudonym is its own mention (lowercase hex already).
            let name = pseudonymized ? authorId : display.map { Self.handle($0).lowercased() }
            if let name, !name.isEmpty {
                let key = Self.nameKey(thread, name)
                if names[key] == nil { names[key] = author }
            }
            if parent != nil {
                replyAuthors.append(author)
                replyThreads.append(thread)
                replyMentions.append(
                    Self.leadingMention(record["text"]?.text ?? "").map { Self.nameKey(thread, $0.lowercased()) }
                        ?? Self.noMention)
            }
        }
        threads = [:]
        var weights: [UInt64: Int64] = [:]
        weights.reserveCapacity(replyAuthors.count / 2)
        for reply in replyAuthors.indices {
            let mention = replyMentions[reply]
            let answered =
                (mention == Self.noMention ? nil : names[mention]) ?? threadAuthor[Int(replyThreads[reply])]
            guard answered >= 0, answered != replyAuthors[reply] else { continue }
            weights[Graph.edgeKey(replyAuthors[reply], answered), default: 0] += 1
        }
        var graph = Graph(name: "replies", directed: true)
        graph.nodeIds = authors.strings
        graph.nodeLabels = zip(authors.strings, labels).map { $1 ?? $0 }
        graph.nodeAttributes = [
            Graph.Attribute("comments", .long), Graph.Attribute("likes", .long),
            Graph.Attribute("isChannelOwner", .boolean),
        ]
        graph.nodeColumns = [.longs(comments.map { $0 }), .longs(likes.map { $0 }), .booleans(owner)]
        graph.addEdges(weights, minimumWeight: 1)
        return graph
    }

    /// A display name as a reply mentions it: without its leading `@`.
    static func handle(_ display: String) -> String {
        display.hasPrefix("@") ? String(display.dropFirst()) : display
    }

    /// The name a text begins with an `@` for, up to the first space (trailing punctuation
    /// removed): `@ann_lee: thanks` → `ann_lee`.
    static func leadingMention(_ text: String) -> String? {
        let trimmed = text.drop { $0 == " " || $0 == "\u{FEFF}" }
        guard trimmed.first == "@" else { return nil }
        let word = trimmed.dropFirst().prefix { !$0.isWhitespace }
        let name = word.reversed().drop { ",.:;!?)".contains($0) }.reversed()
        return name.isEmpty ? nil : String(name)
    }

    /// A reply without a leading mention.
    static let noMention = Int.min

    /// The hash of a name in a thread (never ``noMention``).
    static func nameKey(_ thread: Int32, _ name: String) -> Int {
        var hasher = Hasher()
        hasher.combine(thread)
        hasher.combine(name)
        let key = hasher.finalize()
        return key == noMention ? key + 1 : key
    }
}
