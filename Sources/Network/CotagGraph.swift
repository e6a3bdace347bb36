import Archive
import Foundation
import YouTubeKit

/// Tags linked by the videos that carry both: nodes are tags (compared without case; the label
/// is the first spelling met), an undirected edge joins two tags weighted by the number of videos
/// carrying both. Node attribute: videos (how many carry the tag).
enum CotagGraph {
    static func build(directory: String, minimumWeight: Int64) throws -> Graph {
        var tags = Interner()
        var labels: [String] = []
        var videos: [Int64] = []
        var weights: [UInt64: Int64] = [:]
        try ArchiveReader.forEachRecord(directory: directory, kind: .videos) { record, _ in
            var carried: [Int32] = []
            for tag in record["tags"]?.texts ?? [] {
                let trimmed = tag.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty else { continue }
                let (index, new) = tags.intern(trimmed.lowercased())
                if new {
                    labels.append(trimmed)
                    videos.append(0)
                }
                carried.append(index)
            }
            carried = Array(Set(carried)).sorted()
            for (offset, first) in carried.enumerated() {
                videos[Int(first)] += 1
                for second in carried[(offset + 1)...] { weights[Graph.edgeKey(first, second), default: 0] += 1 }
            }
        }
        var graph = Graph(name: "cotags", directed: false)
        graph.nodeIds = tags.strings
        graph.nodeLabels = labels
        graph.nodeAttributes = [Graph.Attribute("videos", .long)]
        graph.nodeColumns = [.longs(videos.map { $0 })]
        graph.addEdges(weights, minimumWeight: minimumWeight)
        if minimumWeight > 1 { graph.dropIsolatedNodes() }
        return graph
    }
}
