import Foundation

/// An id a run asked for that did not come back (record kind `missing`): deleted, made private
/// or never there. Written once per (run, id), so a replication of an id list says what was lost
/// since the list was made, and each later run what was lost by then.
public struct MissingItem: Sendable, Hashable {
    /// What the id names.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        case video
        case channel
        case playlist
        case comment
    }

    public var run: Int
    public var runKey: String
    public var kind: Kind
    public var id: String
    /// The seed line that asked for it (for `hydrate`, `ids FILE kind=…`).
    public var seed: String
    /// When the answer without it came.
    public var fetchedAt: Date?

    public init(run: Int, runKey: String, kind: Kind, id: String, seed: String, fetchedAt: Date? = nil) {
        self.run = run
        self.runKey = runKey
        self.kind = kind
        self.id = id
        self.seed = seed
        self.fetchedAt = fetchedAt
    }

    /// `run@runkey/kind/id`: the line's key (``SearchResult/resultId`` begins the same way).
    public var missingId: String { "\(run)@\(runKey)/\(kind.rawValue)/\(id)" }
}
