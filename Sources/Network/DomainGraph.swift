import Archive
import Foundation
import StreamingJSON
import YouTubeKit

/// Who links where (the link-sharing networks of Communalytic and 4CAT): a directed edge from a
/// video or channel to each web domain its description links to (the derived `urls`, schema 3),
/// weighted by its distinct URLs there; with `byChannel`, a channel's videos count for the channel
/// (weight: the links of its videos and its own description). A domain is a URL's host without a
/// leading `www.`. Node attributes: type (video, channel, domain), and for a domain linkedBy (how
/// many videos and channels link to it).
enum DomainGraph {
    static func build(directory: String, byChannel: Bool) throws -> Graph {
        var nodes = Interner()
        var labels: [String] = []
        var types: [String] = []
        var linkedBy: [Int64?] = []
        var weights: [UInt64: Int64] = [:]
        func node(_ id: String, label: String?, type: String) -> Int32 {
            let (index, new) = nodes.intern(type == "domain" ? "domain:" + id : id)
            if new {
                labels.append(label ?? id)
                types.append(type)
                linkedBy.append(type == "domain" ? 0 : nil)
            } else if let label, labels[Int(index)] == id {
                labels[Int(index)] = label
            }
            return index
        }
        func link(from source: Int32, _ record: JSONValue) {
            guard case .array(let urls)? = record["urls"] else { return }
            var domains: [Int32: Int64] = [:]
            for url in urls {
                guard let host = url["host"]?.text, !host.isEmpty else { continue }
                let domain = host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
                domains[node(domain, label: domain, type: "domain"), default: 0] += 1
            }
            for (domain, count) in domains {
                weights[Graph.edgeKey(source, domain), default: 0] += count
                linkedBy[Int(domain)]! += 1
            }
        }
        if !ArchiveReader.shardNames(directory: directory, kind: .videos).isEmpty {
            try ArchiveReader.forEachRecord(directory: directory, kind: .videos) { record, _ in
                let source: Int32
                if byChannel {
                    guard let channel = record["channelId"]?.text else { return }
                    source = node(channel, label: record["channelTitle"]?.text, type: "channel")
                } else {
                    guard let video = record["videoId"]?.text else { return }
                    source = node(video, label: record["title"]?.text, type: "video")
                }
                link(from: source, record)
            }
        }
        if !ArchiveReader.shardNames(directory: directory, kind: .channels).isEmpty {
            try ArchiveReader.forEachRecord(directory: directory, kind: .channels) { record, _ in
                guard let channel = record["channelId"]?.text else { return }
                link(from: node(channel, label: record["title"]?.text, type: "channel"), record)
            }
        }
        var graph = Graph(name: byChannel ? "channel-domains" : "domains", directed: true)
        graph.nodeIds = nodes.strings
        graph.nodeLabels = labels
        graph.nodeAttributes = [Graph.Attribute("type", .string), Graph.Attribute("linkedBy", .long)]
        graph.nodeColumns = [.strings(types), .longs(linkedBy)]
        graph.addEdges(weights, minimumWeight: 1)
        // Videos and channels that link nowhere are not part of a link network.
        graph.dropIsolatedNodes()
        return graph
    }
}
