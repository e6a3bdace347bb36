import Foundation
import POSIXSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The units a run has been granted, by method, beside the output (`DIR/units-PID.journal`), so
/// that what a killed run spent after its last checkpoint (the requests in flight, the pages not
/// yet checkpointed) reaches the manifest when the next run starts: the manifest's units then
/// agree with the quota ledger's, which counts a request when its permit is granted.
///
/// One line (``InPlaceLine``), rewritten after every grant and refund: the output's units when the run began and the run's grants. What the manifest does not
/// count of them is read against the manifest itself when the next run starts, so a kill between
/// a checkpoint and anything else counts nothing twice. A run that ends with its output written
/// removes it.
final class SpendJournal: Sendable {
    private struct State {
        var baseline: [String: Int] = [:]
        var granted: [String: Int] = [:]
    }

    private let file: InPlaceLine
    private let state = Mutex(State())

    static let prefix = "units-"
    static let suffix = ".journal"

    /// Creates this run's journal in the output `directory`; `nil` when it cannot (the output is
    /// written anyway: only a kill's accounting would be missing).
    init?(directory: String) {
        guard let file = InPlaceLine(path: directory + "/\(Self.prefix)\(getpid())\(Self.suffix)") else { return nil }
        self.file = file
    }

    /// The output's units when the run began (the manifest's, with what earlier killed runs left).
    func begin(at units: [String: Int]) {
        state.withLock { $0.baseline = units }
        save()
    }

    /// `units` of `method` granted (a refund when negative: the request never left).
    func grant(_ method: String, _ units: Int) {
        state.withLock { $0.granted[method, default: 0] += units }
        save()
    }

    /// Everything the run spent is in the manifest.
    func remove() { file.remove() }

    private func save() {
        let line = state.withLock { state in
            [state.baseline, state.granted].map(Self.text).joined(separator: ";")
        }
        file.write(line)
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

    /// What a killed run spent that the manifest does not count (`recorded`: its units now), by
    /// method, from the journal in `directory` (a run that starts takes the one a killed run
    /// left, so there is one at most; its baseline holds what an earlier killed run left); the
    /// journals are removed. Call it holding the output's lock: no other run writes there.
    static func takeUnrecorded(directory: String, recorded: [String: Int]) -> [String: Int] {
        var unrecorded: [String: Int] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(suffix) {
            guard name != "\(prefix)\(getpid())\(suffix)" else { continue }
            let path = directory + "/" + name
            let parts = InPlaceLine.firstLine(atPath: path).split(separator: ";", omittingEmptySubsequences: false)
            if parts.count == 2 {
                let (baseline, granted) = (units(parts[0]), units(parts[1]))
                for method in Set(baseline.keys).union(granted.keys) {
                    let lost = baseline[method, default: 0] + granted[method, default: 0] - recorded[method, default: 0]
                    if lost > 0 { unrecorded[method, default: 0] += lost }
                }
            }
            unlink(path)
        }
        return unrecorded
    }
}
