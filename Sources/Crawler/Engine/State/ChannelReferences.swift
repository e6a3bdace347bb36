/// Channels the written videos name that the output holds no record of: a search finds videos
/// of channels it never resolves, and the data package's foreign key `videos.channelId →
/// channels` then fails `frictionless validate`. With resolution on (the default) they are asked
/// of channels.list when nothing else is left, 50 a call (1 unit), as records of their own, never
/// walked. Those the API does not return (closed channels), and all of them with
/// `--no-resolve-channels`, stay dangling: the package then declares no such key.
struct ChannelReferences: Sendable {
    /// Every channel id noted, once.
    private var named = CompactStringSet()
    /// Noted and not asked yet, in the order noted.
    private var waiting = HeadQueue<String>()
    /// Asked, and not returned by the API.
    private(set) var dangling = CompactStringSet()

    /// Channels.list takes 50 ids a call.
    static let batchSize = 50

    /// Notes a channel a written video names, whose record the output has not (yet).
    mutating func note(_ id: String) {
        if named.insert(id) { waiting.append(id) }
    }

    /// Whether ids wait to be asked.
    var hasWaiting: Bool { !waiting.isEmpty }

    /// Up to 50 waiting ids whose record the output still lacks (`known` says which it holds).
    mutating func nextBatch(known: (String) -> Bool) -> [String] {
        var batch: [String] = []
        while batch.count < Self.batchSize, let id = waiting.popFirst() {
            if !known(id) { batch.append(id) }
        }
        return batch
    }

    /// A batch whose request was not answered waits again, first.
    mutating func putBack(_ ids: [String]) { waiting.pushFront(contentsOf: ids) }

    /// An id asked that channels.list did not return.
    mutating func notFound(_ id: String) { _ = dangling.insert(id) }

    /// The ids a checkpoint keeps: those waiting (the output still lacking them) and those dangling.
    func saved(known: (String) -> Bool) -> (waiting: [String], dangling: [String]) {
        (waiting.waiting.filter { !known($0) }, dangling.members)
    }

    /// Channel ids the videos name without a record in the output: dangling, and waiting when
    /// they will not be asked.
    func unresolved(known: (String) -> Bool, resolving: Bool) -> Int {
        dangling.count + (resolving ? 0 : waiting.waiting.filter { !known($0) }.count)
    }

    /// From a checkpoint.
    init(waiting: [String] = [], dangling: [String] = []) {
        for id in waiting { note(id) }
        for id in dangling {
            _ = named.insert(id)
            _ = self.dangling.insert(id)
        }
    }
}
