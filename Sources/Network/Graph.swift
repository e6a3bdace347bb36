/// A graph as the network exports write it: nodes with a stable id, a label and typed attributes
/// (held by column, so a million authors cost their ids and a few arrays), and weighted edges
/// between node indices.
public struct Graph: Sendable {
    /// The type an attribute is written with (GraphML's and GEXF's names; 64-bit counts are `long`).
    public enum ValueType: String, Sendable {
        case string
        case long
        case double
        case boolean
    }

    /// A named, typed attribute of the nodes or the edges.
    public struct Attribute: Sendable, Hashable {
        public var name: String
        public var type: ValueType

        public init(_ name: String, _ type: ValueType) {
            self.name = name
            self.type = type
        }
    }

    /// One attribute's values, a value per node (or edge); `nil` is no value (null).
    public enum Column: Sendable {
        case strings([String?])
        case longs([Int64?])
        case booleans([Bool?])

        /// The value at `index` as text, or `nil`.
        func text(at index: Int) -> String? {
            switch self {
            case .strings(let values): values[index]
            case .longs(let values): values[index].map { String($0) }
            case .booleans(let values): values[index].map { $0 ? "true" : "false" }
            }
        }
    }

    /// What kind of graph it is, for the files' descriptions.
    public var name: String
    public var directed: Bool
    public var nodeIds: [String] = []
    public var nodeLabels: [String] = []
    public var nodeAttributes: [Attribute] = []
    public var nodeColumns: [Column] = []
    public var edgeSources: [Int32] = []
    public var edgeTargets: [Int32] = []
    public var edgeWeights: [Int64] = []
    /// A string attribute of every edge (`relation` of channel links), when the graph has one.
    public var edgeRelations: [String]?

    public init(name: String, directed: Bool) {
        self.name = name
        self.directed = directed
    }

    public var nodeCount: Int { nodeIds.count }
    public var edgeCount: Int { edgeSources.count }

    /// Adds the edges of `weights` (keyed by source index × 2³² + target index), in key order so
    /// that the same data gives the same file, keeping those of at least `minimumWeight`.
    mutating func addEdges(_ weights: [UInt64: Int64], minimumWeight: Int64) {
        for key in weights.keys.sorted() {
            let weight = weights[key]!
            guard weight >= minimumWeight else { continue }
            edgeSources.append(Int32(truncatingIfNeeded: key >> 32))
            edgeTargets.append(Int32(truncatingIfNeeded: key & 0xFFFF_FFFF))
            edgeWeights.append(weight)
        }
    }

    /// Keeps the edges of at least `minimumWeight` (every node stays: a directed graph's nodes are
    /// its people or channels, whether or not they keep an edge).
    mutating func keepEdges(minimumWeight: Int64) {
        guard minimumWeight > 1 else { return }
        let kept = (0..<edgeCount).filter { edgeWeights[$0] >= minimumWeight }
        edgeSources = kept.map { edgeSources[$0] }
        edgeTargets = kept.map { edgeTargets[$0] }
        edgeWeights = kept.map { edgeWeights[$0] }
        if let relations = edgeRelations { edgeRelations = kept.map { relations[$0] } }
    }

    /// Drops the nodes no edge touches (renumbering the edges): what a `--min-weight` filter of a
    /// co-occurrence graph leaves alone.
    mutating func dropIsolatedNodes() {
        var touched = [Bool](repeating: false, count: nodeCount)
        for index in 0..<edgeCount {
            touched[Int(edgeSources[index])] = true
            touched[Int(edgeTargets[index])] = true
        }
        var newIndex = [Int32](repeating: -1, count: nodeCount)
        var kept: [Int] = []
        for index in 0..<nodeCount where touched[index] {
            newIndex[index] = Int32(kept.count)
            kept.append(index)
        }
        nodeIds = kept.map { nodeIds[$0] }
        nodeLabels = kept.map { nodeLabels[$0] }
        nodeColumns = nodeColumns.map { column in
            switch column {
            case .strings(let values): .strings(kept.map { values[$0] })
            case .longs(let values): .longs(kept.map { values[$0] })
            case .booleans(let values): .booleans(kept.map { values[$0] })
            }
        }
        edgeSources = edgeSources.map { newIndex[Int($0)] }
        edgeTargets = edgeTargets.map { newIndex[Int($0)] }
    }

    /// The key of the edge from `source` to `target` in an edge-weight table.
    static func edgeKey(_ source: Int32, _ target: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: source)) << 32 | UInt64(UInt32(bitPattern: target))
    }
}
