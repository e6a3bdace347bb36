import Archive
import Foundation
import YouTubeKit

/// Channels linked by the links a `links=` crawl found: nodes are the channels the links name,
/// a directed edge joins a channel to one it features or subscribes to. A pair linked both ways
/// of relation is one edge, weight 2, relation `featured,subscription`. Node attributes come from
/// the channel records (null for a channel without one: deleted, or past `--max-link-channels`):
/// title, subscriberCount, videoCount, viewCount, country; depth (the least the links gave it;
/// the seeds' channels are 0) and isSeed.
enum ChannelGraph {
    static func build(directory: String) throws -> Graph {
        var channels = Interner()
        var depths: [Int64] = []
        var relations: [UInt64: Set<String>] = [:]
        func node(_ id: String, depth: Int64) -> Int32 {
            let (index, new) = channels.intern(id)
            if new { depths.append(depth) } else { depths[Int(index)] = min(depths[Int(index)], depth) }
            return index
        }
        try ArchiveReader.forEachRecord(directory: directory, kind: .links) { record, _ in
            guard let from = record["fromChannelId"]?.text, let to = record["toChannelId"]?.text,
                let relation = record["relation"]?.text
            else { return }
            let depth = record["depth"]?.integer ?? 0
            let source = node(from, depth: depth)
            let target = node(to, depth: depth + 1)
            relations[Graph.edgeKey(source, target), default: []].insert(relation)
        }
        let count = channels.strings.count
        var titles = [String?](repeating: nil, count: count)
        var subscribers = [Int64?](repeating: nil, count: count)
        var videos = [Int64?](repeating: nil, count: count)
        var views = [Int64?](repeating: nil, count: count)
        var countries = [String?](repeating: nil, count: count)
        try ArchiveReader.forEachRecord(directory: directory, kind: .channels) { record, _ in
            guard let id = record["channelId"]?.text, let index = channels.index(of: id).map(Int.init) else { return }
            titles[index] = record["title"]?.text
            subscribers[index] = record["subscriberCount"]?.integer
            videos[index] = record["videoCount"]?.integer
            views[index] = record["viewCount"]?.integer
            countries[index] = record["country"]?.text
        }
        var graph = Graph(name: "channels", directed: true)
        graph.nodeIds = channels.strings
        graph.nodeLabels = zip(channels.strings, titles).map { $1 ?? $0 }
        graph.nodeAttributes = [
            Graph.Attribute("title", .string), Graph.Attribute("subscriberCount", .long),
            Graph.Attribute("videoCount", .long), Graph.Attribute("viewCount", .long),
            Graph.Attribute("country", .string), Graph.Attribute("depth", .long), Graph.Attribute("isSeed", .boolean),
        ]
        graph.nodeColumns = [
            .strings(titles), .longs(subscribers), .longs(videos), .longs(views), .strings(countries),
            .longs(depths.map { $0 }), .booleans(depths.map { $0 == 0 }),
        ]
        var edgeRelations: [String] = []
        for key in relations.keys.sorted() {
            let kinds = relations[key]!.sorted()
            graph.edgeSources.append(Int32(truncatingIfNeeded: key >> 32))
            graph.edgeTargets.append(Int32(truncatingIfNeeded: key & 0xFFFF_FFFF))
            graph.edgeWeights.append(Int64(kinds.count))
            edgeRelations.append(kinds.joined(separator: ","))
        }
        graph.edgeRelations = edgeRelations
        return graph
    }
}
