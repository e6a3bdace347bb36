import Archive
import Foundation
import StreamingJSON
import YouTubeKit

/// Terms linked by the records that carry both: nodes are terms (compared without case; the label
/// is the first spelling met), an undirected edge joins two terms weighted by the number of
/// records carrying both. Node attribute: how many records carry the term.
///
/// `cotags`: videos' tags. `hashtags`: the hashtags of videos and comments (derived fields, schema 3).
enum CooccurrenceGraph {
    static func cotags(directory: String, minimumWeight: Int64) throws -> Graph {
        try build(directory: directory, kinds: [.videos], name: "cotags", count: "videos", minimumWeight: minimumWeight)
        {
            $0["tags"]?.texts ?? []
        }
    }

    static func hashtags(directory: String, minimumWeight: Int64) throws -> Graph {
        try build(
            directory: directory, kinds: [.videos, .comments], name: "hashtags", count: "records",
            minimumWeight: minimumWeight
        ) { $0["hashtags"]?.texts ?? [] }
    }

    static func build(
        directory: String, kinds: [RecordKind], name: String, count: String, minimumWeight: Int64,
        terms: (JSONValue) -> [String]
    ) throws -> Graph {
        var interned = Interner()
        var labels: [String] = []
        var records: [Int64] = []
        var weights: [UInt64: Int64] = [:]
        for kind in kinds where !ArchiveReader.shardNames(directory: directory, kind: kind).isEmpty {
            try ArchiveReader.forEachRecord(directory: directory, kind: kind) { record, _ in
                var carried: [Int32] = []
                for term in terms(record) {
                    let trimmed = term.trimmingCharacters(in: .whitespaces)
                    guard !trimmed.isEmpty else { continue }
                    let (index, new) = interned.intern(trimmed.lowercased())
                    if new {
                        labels.append(trimmed)
                        records.append(0)
                    }
                    carried.append(index)
                }
                carried = Array(Set(carried)).sorted()
                for (offset, first) in carried.enumerated() {
                    records[Int(first)] += 1
                    for second in carried[(offset + 1)...] { weights[Graph.edgeKey(first, second), default: 0] += 1 }
                }
            }
        }
        var graph = Graph(name: name, directed: false)
        graph.nodeIds = interned.strings
        graph.nodeLabels = labels
        graph.nodeAttributes = [Graph.Attribute(count, .long)]
        graph.nodeColumns = [.longs(records.map { $0 })]
        graph.addEdges(weights, minimumWeight: minimumWeight)
        if minimumWeight > 1 { graph.dropIsolatedNodes() }
        return graph
    }
}
