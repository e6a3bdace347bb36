/// How `ytcrawl update` looks for what is new since the output's last run.
public struct UpdateOptions: Sendable, Hashable {
    /// Walk the first page of every watched channel's uploads, not only of those whose
    /// `videoCount` changed (`--thorough`): an upload and a deletion since the last run leave
    /// the count as it was.
    public var thorough = false
    /// How far before the last run's start an update looks (searches' `publishedAfter`, the
    /// point where a channel's or a video's newest-first pages stop): a video published just
    /// before that run may have reached the search index or the uploads list only after it.
    public var overlapSeconds: Int64 = 86_400

    public init(thorough: Bool = false, overlapSeconds: Int64 = 86_400) {
        self.thorough = thorough
        self.overlapSeconds = overlapSeconds
    }
}
