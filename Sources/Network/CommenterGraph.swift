import Archive
import YouTubeKit

/// Videos linked by the people who comment on both: nodes are the commented videos (title and
/// channel from the output's video records when it holds them), an undirected edge joins two
/// videos weighted by the number of authors who commented on each. Comments of a video's own
/// channel do not count (in a pseudonymized output the channel cannot be recognized, so they do).
enum CommenterGraph {
    static func build(directory: String, minimumWeight: Int64) throws -> Graph {
        var videos = Interner()
        var authors = Interner()
        var commenters: [Int64] = []
        // Each (author, video) once.
        var pairs = Set<UInt64>()
        try ArchiveReader.forEachRecord(directory: directory, kind: .comments) { record, _ in
            guard let authorId = record["authorChannelId"]?.text, !authorId.isEmpty,
                let videoId = record["videoId"]?.text, record["channelId"]?.text != authorId
            else { return }
            let (video, newVideo) = videos.intern(videoId)
            if newVideo { commenters.append(0) }
            let author = authors.intern(authorId).index
            if pairs.insert(Graph.edgeKey(author, video)).inserted { commenters[Int(video)] += 1 }
        }
        var byAuthor = [[Int32]](repeating: [], count: authors.count)
        for pair in pairs.sorted() { byAuthor[Int(pair >> 32)].append(Int32(truncatingIfNeeded: pair & 0xFFFF_FFFF)) }
        var weights: [UInt64: Int64] = [:]
        for commented in byAuthor where commented.count > 1 {
            for (offset, first) in commented.enumerated() {
                for second in commented[(offset + 1)...] {
                    weights[Graph.edgeKey(min(first, second), max(first, second)), default: 0] += 1
                }
            }
        }
        var titles = [String?](repeating: nil, count: videos.count)
        var channels = [String?](repeating: nil, count: videos.count)
        try ArchiveReader.forEachRecord(directory: directory, kind: .videos) { record, _ in
            guard let id = record["videoId"]?.text, let index = videos.index(of: id) else { return }
            titles[Int(index)] = record["title"]?.text
            channels[Int(index)] = record["channelId"]?.text
        }
        var graph = Graph(name: "commenters", directed: false)
        graph.nodeIds = videos.strings
        graph.nodeLabels = zip(videos.strings, titles).map { $1 ?? $0 }
        graph.nodeAttributes = [Graph.Attribute("channelId", .string), Graph.Attribute("commenters", .long)]
        graph.nodeColumns = [.strings(channels), .longs(commenters.map { $0 })]
        graph.addEdges(weights, minimumWeight: minimumWeight)
        if minimumWeight > 1 { graph.dropIsolatedNodes() }
        return graph
    }
}
