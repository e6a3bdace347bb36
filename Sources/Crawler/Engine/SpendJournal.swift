import Foundation
import POSIXSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The units a run has been granted, by method, beside the output (`DIR/units-PID-N.journal`),
/// so that what a killed run spent after its last checkpoint (the requests in flight, the pages
/// not yet checkpointed) reaches the manifest when the next run starts: the manifest's units then
/// agree with the quota ledger's, which counts a request when its permit is granted.
///
/// One line (``InPlaceLine``): the output's units when the run began and the run's grants,
/// rewritten under a lock after every grant and refund, so the file never goes back to an older
/// line. The ``RateLimiter`` writes it in the same step that writes its claims journal, so a kill
/// finds both saying the same thing (short of the few microseconds between the two writes).
///
/// What the manifest does not count of a killed run's line is read against the manifest itself
/// when the next run starts (``open(directory:recorded:)``), so a kill between a checkpoint and
/// anything else counts nothing twice, and a journal left behind counts nothing again.
final class SpendJournal: Sendable {
    private struct State {
        var baseline: [String: Int] = [:]
        var granted: [String: Int] = [:]
    }

    private let file: InPlaceLine
    private let state = Mutex(State())

    static let prefix = "units-"
    static let suffix = ".journal"

    private init(file: InPlaceLine) { self.file = file }

    /// Opens this run's journal in the output `directory` and takes over those killed runs left.
    ///
    /// - Parameter recorded: the manifest's units now, by method.
    /// - Returns: the journal (`nil` when it cannot be created: the output is written anyway,
    ///   only a kill's accounting would be missing) and what killed runs spent that `recorded`
    ///   does not count. The journal's baseline is `recorded` plus that. Call it holding the
    ///   output's lock: no other run writes there.
    static func open(directory: String, recorded: [String: Int]) -> (journal: SpendJournal?, unrecorded: [String: Int])
    {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter {
            $0.hasPrefix(prefix) && $0.hasSuffix(suffix)
        }
        // Each journal's baseline holds what the journals before it left, so the newest one's
        // total is the largest for every method: the largest, less what the manifest counts, is
        // what was lost, however many of them a kill left behind.
        var total: [String: Int] = [:]
        for name in names {
            let parts = InPlaceLine.firstLine(atPath: directory + "/" + name).split(
                separator: ";", omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            let (baseline, granted) = (units(parts[0]), units(parts[1]))
            for method in Set(baseline.keys).union(granted.keys) {
                total[method] = max(total[method] ?? 0, baseline[method, default: 0] + granted[method, default: 0])
            }
        }
        var unrecorded: [String: Int] = [:]
        for (method, units) in total where units > recorded[method, default: 0] {
            unrecorded[method] = units - recorded[method, default: 0]
        }
        let journal = InPlaceLine.unique(in: directory, prefix: prefix, suffix: suffix).map(SpendJournal.init(file:))
        journal?.begin(at: recorded.merging(unrecorded) { $0 + $1 })
        // Only once this run's line holds what they left are the old journals removed.
        if journal != nil {
            for name in names { unlink(directory + "/" + name) }
        }
        return (journal, unrecorded)
    }

    /// The output's units when the run began (the manifest's, with what earlier killed runs left).
    private func begin(at units: [String: Int]) {
        state.withLock {
            $0.baseline = units
            save($0)
        }
    }

    /// `units` of `method` granted (a refund when negative: the request never left).
    func grant(_ method: String, _ units: Int) {
        state.withLock {
            $0.granted[method, default: 0] += units
            save($0)
        }
    }

    /// Everything the run spent is in the manifest.
    func remove() { file.remove() }

    /// Writes `state` while its lock is held, so that lines reach the file in the order of the
    /// changes they describe.
    private func save(_ state: State) {
        file.write([state.baseline, state.granted].map(Self.text).joined(separator: ";"))
    }

    private static func text(_ units: [String: Int]) -> String {
        units.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
    }

    private static func units(_ text: Substring) -> [String: Int] {
        var units: [String: Int] = [:]
        for part in text.split(separator: ",") {
            let pair = part.split(separator: "=")
            if pair.count == 2, let value = Int(pair[1]) { units[String(pair[0])] = value }
        }
        return units
    }
}
