import Archive
import YouTubeKit

/// Who wrote in which live chats: a directed edge from each chat author to each stream they wrote
/// in, weighted by their messages there (streams linked through the people who chat in several).
/// Node attributes: type (author, stream), messages (an author's in all, a stream's captured). An
/// author's label is their display name, or their id when the output is pseudonymized (then every
/// author node is a pseudonym: no name is there to show); a stream's is its video's title when the
/// output holds it.
enum ChatGraph {
    static func build(directory: String) throws -> Graph {
        var nodes = Interner()
        var labels: [String] = []
        var types: [String] = []
        var messages: [Int64] = []
        var weights: [UInt64: Int64] = [:]
        func node(_ id: String, label: String?, type: String) -> Int32 {
            let (index, new) = nodes.intern(type == "stream" ? "video:" + id : id)
            if new {
                labels.append(label ?? id)
                types.append(type)
                messages.append(0)
            }
            return index
        }
        try ArchiveReader.forEachRecord(directory: directory, kind: .chat) { record, _ in
            guard let authorId = record["authorChannelId"]?.text, !authorId.isEmpty,
                let videoId = record["videoId"]?.text
            else { return }
            let author = node(authorId, label: record["authorDisplayName"]?.text, type: "author")
            let stream = node(videoId, label: nil, type: "stream")
            messages[Int(author)] += 1
            messages[Int(stream)] += 1
            weights[Graph.edgeKey(author, stream), default: 0] += 1
        }
        if !ArchiveReader.shardNames(directory: directory, kind: .videos).isEmpty {
            try ArchiveReader.forEachRecord(directory: directory, kind: .videos) { record, _ in
                guard let id = record["videoId"]?.text, let index = nodes.index(of: "video:" + id),
                    let title = record["title"]?.text
                else { return }
                labels[Int(index)] = title
            }
        }
        var graph = Graph(name: "chat", directed: true)
        graph.nodeIds = nodes.strings.map { $0.hasPrefix("video:") ? String($0.dropFirst(6)) : $0 }
        graph.nodeLabels = labels
        graph.nodeAttributes = [Graph.Attribute("type", .string), Graph.Attribute("messages", .long)]
        graph.nodeColumns = [.strings(types), .longs(messages.map { $0 })]
        graph.addEdges(weights, minimumWeight: 1)
        return graph
    }
}
