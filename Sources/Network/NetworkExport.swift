/// The graphs an output holds, and the files they are written as.
public enum GraphKind: String, Sendable, CaseIterable {
    /// Channels, linked by the featured channels and subscriptions a `links=` crawl found.
    case channels
    /// Comment authors, linked by replies.
    case replies
    /// Videos, linked by shared commenters.
    case commenters
    /// Tags, linked by the videos that carry both.
    case cotags
    /// Videos (or channels) and the web domains their descriptions link to.
    case domains
    /// Hashtags, linked by the videos and comments that carry both.
    case hashtags
    /// Live chat authors and the streams they wrote in.
    case chat
}

public enum GraphFormat: String, Sendable, CaseIterable {
    /// GraphML: Gephi, networkx, igraph, Cytoscape.
    case graphml
    /// GEXF 1.3: Gephi, networkx.
    case gexf
    /// `nodes.csv` and `edges.csv` in a directory: Gephi's spreadsheet import, any table tool.
    case csv
}

/// Builds a graph from an output directory's shards and writes it.
public enum NetworkExport {
    /// The graph of `kind` over the records of `directory` (one pass over the shards it needs;
    /// memory grows with the distinct authors, videos or tags and the edges, not the records).
    ///
    /// - Parameter minimumWeight: edges lighter than this are left out; for `commenters` and
    ///   `cotags` a node left without an edge by that is left out too.
    ///   - byChannel: for `domains`, a channel's videos count for the channel.
    public static func build(
        _ kind: GraphKind, directory: String, minimumWeight: Int64 = 1, byChannel: Bool = false
    ) throws -> Graph {
        switch kind {
        case .replies:
            var graph = try ReplyGraph.build(directory: directory)
            graph.keepEdges(minimumWeight: minimumWeight)
            return graph
        case .commenters: return try CommenterGraph.build(directory: directory, minimumWeight: minimumWeight)
        case .cotags: return try CooccurrenceGraph.cotags(directory: directory, minimumWeight: minimumWeight)
        case .hashtags: return try CooccurrenceGraph.hashtags(directory: directory, minimumWeight: minimumWeight)
        case .domains:
            var graph = try DomainGraph.build(directory: directory, byChannel: byChannel)
            graph.keepEdges(minimumWeight: minimumWeight)
            return graph
        case .chat:
            var graph = try ChatGraph.build(directory: directory)
            graph.keepEdges(minimumWeight: minimumWeight)
            return graph
        case .channels:
            var graph = try ChannelGraph.build(directory: directory)
            graph.keepEdges(minimumWeight: minimumWeight)
            return graph
        }
    }

    /// Writes `graph` to `path` (a file; a directory for CSV), whole or not at all.
    public static func write(_ graph: Graph, format: GraphFormat, to path: String, creator: String) throws {
        switch format {
        case .graphml: try GraphMLWriter.write(graph, to: path)
        case .gexf: try GEXFWriter.write(graph, to: path, creator: creator)
        case .csv: try GraphCSVWriter.write(graph, toDirectory: path)
        }
    }
}
