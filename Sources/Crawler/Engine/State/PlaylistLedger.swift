/// The playlists of an output and the playlist entries of a run: each playlist written once per
/// output; each entry once per (run, playlist, position, video) — a page asked again after a kill
/// writes only what the first answer did not; a channel's playlists listed once per run; the
/// records `playlist` seeds want, asked of playlists.list 50 a call when nothing else is left.
struct PlaylistLedger: Sendable {
    /// Playlist ids a seed wants the record of, in the order wanted, each with its seed. Not
    /// checkpointed: a resume wants again what the output still lacks.
    private var wanted = HeadQueue<Lookup>()

    struct Lookup: Sendable, Hashable {
        var id: String
        var seed: Int
    }

    /// playlists.list takes 50 ids a call.
    static let batchSize = 50

    /// The playlists the output holds (read back on a resume).
    private var written: Set<String> = []
    /// The `membershipId`s this run wrote (read back on a resume, this run's only).
    private var members: Set<String> = []
    /// The channels whose playlists this run lists.
    private var listed: Set<String> = []

    init() {}

    /// An output holding the playlists `written` and the entries `members` (of every run: only
    /// those of `runPrefix` are kept, the run's own).
    init(written: Set<String>, members: Set<String>, runPrefix: String) {
        self.written = written
        self.members = members.filter { $0.hasPrefix(runPrefix) }
    }

    /// Whether playlist `id` is not written yet (and is from now on).
    mutating func insertPlaylist(_ id: String) -> Bool { written.insert(id).inserted }

    /// Whether playlist `id` is in the output.
    func holds(_ id: String) -> Bool { written.contains(id) }

    /// Whether the entry `membershipId` is not written yet this run (and is from now on).
    mutating func insertMember(_ membershipId: String) -> Bool { members.insert(membershipId).inserted }

    /// Whether the playlists of `channelId` are not listed yet this run (and are from now on).
    mutating func list(_ channelId: String) -> Bool { listed.insert(channelId).inserted }

    /// Seed `seed` wants the record of playlist `id` (asked when nothing else is left).
    mutating func want(_ id: String, seed: Int) {
        if !written.contains(id) { wanted.append(Lookup(id: id, seed: seed)) }
    }

    /// Whether records wait to be asked.
    var hasWanted: Bool { !wanted.isEmpty }

    /// Up to 50 wanted records the output still lacks, each id once.
    mutating func nextLookups() -> [Lookup] {
        var batch: [Lookup] = []
        while batch.count < Self.batchSize, let next = wanted.popFirst() {
            if !written.contains(next.id), !batch.contains(where: { $0.id == next.id }) { batch.append(next) }
        }
        return batch
    }

    /// A batch whose request was not answered waits again, first.
    mutating func putBack(_ lookups: [Lookup]) { wanted.pushFront(contentsOf: lookups) }
}
