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
        var threads = Interner()
        var labels: [String?] = []
        var comments: [Int64] = []
        var likes: [Int64] = []
        var owner: [Bool?] = []
        var threadAuthor: [Int32] = []
        // (thread, lowercased name) → the author who wrote under that name in that thread.
        var names: [NameKey: Int32] = [:]
        var replies: [(author: Int32, thread: Int32, mention: NameKey?)] = []
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
            let commentId = record["commentId"]?.text ?? ""
            let parent = record["parentId"]?.text
            let (thread, newThread) = threads.intern(record["threadId"]?.text ?? parent ?? commentId)
            if newThread { threadAuthor.append(-1) }
            if parent == nil { threadAuthor[Int(thread)] = author }
            // A pseudonym is its own mention (lowercase hex already; the interned copy is shared).
            let name = pseudonymized ? authors.strings[index] : display.map { Self.handle($0).lowercased() }
            if let name, !name.isEmpty {
                let key = NameKey(thread: thread, name: name)
                if names[key] == nil { names[key] = author }
            }
            if parent != nil {
                let mention = Self.leadingMention(record["text"]?.text ?? "").map {
                    NameKey(thread: thread, name: $0.lowercased())
                }
                replies.append((author, thread, mention))
            }
        }
        var weights: [UInt64: Int64] = [:]
        for reply in replies {
            let answered = reply.mention.flatMap { names[$0] } ?? threadAuthor[Int(reply.thread)]
            guard answered >= 0, answered != reply.author else { continue }
            weights[Graph.edgeKey(reply.author, answered), default: 0] += 1
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

    struct NameKey: Hashable {
        var thread: Int32
        var name: String
    }
}
