/// How `ytcrawl update` looks for what is new since the output's last run.
public struct UpdateOptions: Sendable, Hashable {
    /// Walk only the watched channels whose `videoCount` changed (`--by-count`), not the first
    /// page of every watched channel's uploads. Fewer units, but an upload beside a deletion
    /// leaves the count as it was: such an upload is found only when the count next moves.
    public var byCount = false
    /// How far before the last run's start an update looks (searches' `publishedAfter`, the
    /// point where a channel's or a video's newest-first pages stop): a video published just
    /// before that run may have reached the search index or the uploads list only after it.
    public var overlapSeconds: Int64 = 86_400

    public init(byCount: Bool = false, overlapSeconds: Int64 = 86_400) {
        self.byCount = byCount
        self.overlapSeconds = overlapSeconds
    }
}
