import Foundation
import Synchronization
import TestSupport
import Testing
import YouTubeKit

@testable import Crawler

@Suite("Quota ledger across runs and processes")
struct QuotaLedgerTests {
    static let key = APIKey(value: "made-up-ledger-key-123", label: "YOUTUBE_API_KEY")
    static let noon = RFC3339.parseSeconds("2026-06-15T19:00:00Z")!

    static func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID())").path
    }

    @Test func aNewRunStartsFromWhatWasSpentToday() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let clock = ManualClock(epochSeconds: Self.noon)
        do {
            let limiter = try RateLimiter(
                configuration: RateLimiterConfiguration(burst: 100, dailyUnits: 10), keys: [Self.key], clock: clock,
                utcNow: { clock.utcSeconds }, ledger: try QuotaLedger(directory: directory))
            for _ in 0..<7 { _ = try await limiter.acquire(.videos) }
            try await limiter.releaseClaims()
        }
        let second = try RateLimiter(
            configuration: RateLimiterConfiguration(burst: 100, dailyUnits: 10), keys: [Self.key], clock: clock,
            utcNow: { clock.utcSeconds }, ledger: try QuotaLedger(directory: directory))
        #expect(await second.remaining(.units) == 3)
        for _ in 0..<3 { _ = try await second.acquire(.videos) }
        await #expect(throws: LimiterStop.self) { try await second.acquire(.videos) }
        // The key itself is never written.
        for file in try FileManager.default.contentsOfDirectory(atPath: directory) {
            let contents = FileManager.default.contents(atPath: directory + "/" + file) ?? Data()
            #expect(!String(decoding: contents, as: UTF8.self).contains(Self.key.value), "\(file)")
        }
        let secretMode =
            try FileManager.default.attributesOfItem(atPath: directory + "/ledger-secret")[.posixPermissions] as? Int
        #expect(secretMode == 0o600)
    }

    @Test func statisticsUnitsAreKeptApartAcrossRuns() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let clock = ManualClock(epochSeconds: Self.noon)
        var configuration = RateLimiterConfiguration(burst: 100, dailyUnits: 10)
        configuration.dailyStats = 5
        do {
            let limiter = try RateLimiter(
                configuration: configuration, keys: [Self.key], clock: clock, utcNow: { clock.utcSeconds },
                ledger: try QuotaLedger(directory: directory))
            for _ in 0..<4 { _ = try await limiter.acquire(.batchGetStats) }
            _ = try await limiter.acquire(.videos)
            try await limiter.releaseClaims()
        }
        let ledger = try QuotaLedger(directory: directory)
        #expect(
            try ledger.usage(fingerprint: ledger.fingerprint(Self.key), day: PacificTime.day(atUTC: Self.noon))
                == QuotaLedger.Usage(units: 1, stats: 4))
        let second = try RateLimiter(
            configuration: configuration, keys: [Self.key], clock: clock, utcNow: { clock.utcSeconds }, ledger: ledger)
        #expect(await second.remaining(.stats) == 1)
        #expect(await second.remaining(.units) == 9)
    }

    @Test func concurrentClaimsNeverLoseAnUpdate() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Separate ledger instances open the lock file separately: flock treats them exactly as
        // it treats separate processes.
        let day = PacificTime.day(atUTC: Self.noon)
        let fingerprint = try QuotaLedger(directory: directory).fingerprint(Self.key)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let ledger = try! QuotaLedger(directory: directory)
                    for _ in 0..<25 {
                        _ = try! ledger.claim(fingerprint: fingerprint, day: day, bucket: .units) { _ in 3 }
                        _ = try! ledger.claim(fingerprint: fingerprint, day: day, bucket: .searches) { _ in 1 }
                        try! ledger.giveBack(QuotaLedger.Usage(units: 1), fingerprint: fingerprint, day: day)
                    }
                }
            }
        }
        let usage = try QuotaLedger(directory: directory).usage(fingerprint: fingerprint, day: day)
        #expect(usage == QuotaLedger.Usage(units: 200, searches: 100))
    }

    /// Claims decided from what the file says under the lock never take more than the limit
    /// between them, however many ledgers ask at once.
    @Test func concurrentClaimsStayWithinTheLimit() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let day = PacificTime.day(atUTC: Self.noon)
        let fingerprint = try QuotaLedger(directory: directory).fingerprint(Self.key)
        let taken = try await offThePool {
            let total = Mutex(0)
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                let ledger = try! QuotaLedger(directory: directory)
                while true {
                    let claim = try! ledger.claim(fingerprint: fingerprint, day: day, bucket: .units) { usage in
                        min(3, max(0, 50 - usage.units))
                    }
                    guard claim.taken > 0 else { return }
                    #expect(claim.usage.units <= 50)
                    total.withLock { $0 += claim.taken }
                }
            }
            return total.withLock { $0 }
        }
        #expect(taken == 50)
        #expect(try QuotaLedger(directory: directory).usage(fingerprint: fingerprint, day: day).units == 50)
    }

    /// What is given back never takes a count below zero (the file was edited or reset meanwhile).
    @Test func givingBackStopsAtZero() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let ledger = try QuotaLedger(directory: directory)
        let fingerprint = ledger.fingerprint(Self.key)
        let day = PacificTime.day(atUTC: Self.noon)
        let claim = try ledger.claim(fingerprint: fingerprint, day: day, bucket: .units) { _ in 10 }
        #expect(claim.taken == 10 && claim.usage == QuotaLedger.Usage(units: 10))
        try ledger.giveBack(QuotaLedger.Usage(units: 4), fingerprint: fingerprint, day: day)
        #expect(try ledger.usage(fingerprint: fingerprint, day: day) == QuotaLedger.Usage(units: 6))
        try ledger.giveBack(QuotaLedger.Usage(units: 9, searches: 2), fingerprint: fingerprint, day: day)
        #expect(try ledger.usage(fingerprint: fingerprint, day: day) == QuotaLedger.Usage())
    }

    /// A claim that cannot be written takes nothing.
    @Test func aFailedClaimTakesNothing() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let ledger = try QuotaLedger(directory: directory)
        let fingerprint = ledger.fingerprint(Self.key)
        let day = PacificTime.day(atUTC: Self.noon)
        let blocked = directory + "/quota-ledger.json"
        try FileManager.default.createDirectory(atPath: blocked + "/in-the-way", withIntermediateDirectories: true)
        #expect(throws: (any Error).self) {
            try ledger.claim(fingerprint: fingerprint, day: day, bucket: .units) { _ in 3 }
        }
        try FileManager.default.removeItem(atPath: blocked)
        #expect(try ledger.usage(fingerprint: fingerprint, day: day) == QuotaLedger.Usage())
    }

    /// Ledgers opened at once on a fresh state directory make one secret between them, so one
    /// key has one fingerprint (separate instances lock as separate processes do).
    @Test func ledgersOpenedTogetherMakeOneSecret() async throws {
        for _ in 0..<20 {
            let directory = Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let fingerprints = try await offThePool {
                let found = Mutex<Set<String>>([])
                DispatchQueue.concurrentPerform(iterations: 6) { _ in
                    let fingerprint = try! QuotaLedger(directory: directory).fingerprint(Self.key)
                    found.withLock { _ = $0.insert(fingerprint) }
                }
                return found.withLock { $0 }
            }
            #expect(fingerprints.count == 1)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("ledger-secret") }
                    == ["ledger-secret"])
        }
    }

    @Test func twoProcessesNeverLoseAnUpdate() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let ledger = try QuotaLedger(directory: directory)
        let children = try (0..<2).map { _ -> SpawnedProcess in
            let process = SpawnedProcess()
            process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            process.arguments = ["--testing-library", "swift-testing", "--filter", "ledgerChildProcess"]
            var environment = ProcessInfo.processInfo.environment
            environment["YTCRAWL_LEDGER_CHILD_DIR"] = directory
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        try await offThePool { for child in children { child.waitUntilExit() } }
        #expect(children.allSatisfy { $0.terminationStatus == 0 })
        let usage = try ledger.usage(fingerprint: ledger.fingerprint(Self.key), day: PacificTime.day(atUTC: Self.noon))
        #expect(usage.units == 2 * 40)
    }

    /// Runs only as the child of ``twoProcessesNeverLoseAnUpdate()`` (skipped otherwise).
    @Test(
        .enabled(
            if: ProcessInfo.processInfo.environment["YTCRAWL_LEDGER_CHILD_DIR"] != nil,
            "runs only in the child processes of twoProcessesNeverLoseAnUpdate()"))
    func ledgerChildProcess() throws {
        let directory = try #require(ProcessInfo.processInfo.environment["YTCRAWL_LEDGER_CHILD_DIR"])
        let ledger = try QuotaLedger(directory: directory)
        let fingerprint = ledger.fingerprint(Self.key)
        for _ in 0..<40 {
            _ = try ledger.claim(fingerprint: fingerprint, day: PacificTime.day(atUTC: Self.noon), bucket: .units) {
                _ in
                1
            }
        }
    }

    @Test func keyFileErrorsNameTheFileAndLine() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID()).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "# my keys\nmade-up-key-a\n\nmade-up key-b\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            try APIKey.load(file: path)
        } throws: { error in
            "\(error)".contains("\(path):4") && !"\(error)".contains("made-up key-b")
        }
        try "# my keys\nmade-up-key-a\n\nmade-up-key-b\n".write(toFile: path, atomically: true, encoding: .utf8)
        let keys = try APIKey.load(file: path)
        #expect(keys.map(\.value) == ["made-up-key-a", "made-up-key-b"])
        #expect(keys.map(\.description).allSatisfy { !$0.contains("made-up") })
    }

    /// Keys as people save them: a BOM, CRLF endings, trailing spaces and blank lines work; a key
    /// with a control character inside is refused, naming the line, never echoing the key.
    @Test func keyFilesAsPeopleSaveThem() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID()).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("\u{FEFF}made-up-key-a  \r\n\r\n\tmade-up-key-b\r\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try APIKey.load(file: path).map(\.value) == ["made-up-key-a", "made-up-key-b"])
        try Data("made-up-key-a\nmade-up\u{0}key-c\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            try APIKey.load(file: path)
        } throws: { error in
            "\(error)".contains("\(path):2: the key holds a control character") && !"\(error)".contains("key-c")
        }
        #expect(APIKey.problem(in: "made-up\rkey") != nil)
        #expect(APIKey.problem(in: "made-up\nkey") != nil)
        #expect(APIKey.problem(in: "made-up-key") == nil)
    }

    @Test func eachAPIHasItsOwnCounts() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let ledger = try QuotaLedger(directory: directory)
        let key = APIKey(value: "made-up-ledger-key", label: "k")
        #expect(ledger.fingerprint(key) == ledger.fingerprint(key, apiBase: APIRequest.defaultBase))
        #expect(ledger.fingerprint(key) != ledger.fingerprint(key, apiBase: "http://127.0.0.1:41234"))
        #expect(
            ledger.fingerprint(key, apiBase: "http://127.0.0.1:41234")
                != ledger.fingerprint(key, apiBase: "http://127.0.0.1:41235"))
    }

    @Test func aTamperedSecretOrANegativeCountIsAClearError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let ledger = try QuotaLedger(directory: directory)
        let key = APIKey(value: "made-up-ledger-key", label: "k")
        let today = PacificTime.day(atUTC: 1_800_000_000)
        try "{\"version\":1,\"days\":{\"\(today)\":{\"\(ledger.fingerprint(key))\":{\"units\":-5000,\"searches\":0}}}}"
            .write(toFile: directory + "/quota-ledger.json", atomically: true, encoding: .utf8)
        #expect {
            try ledger.usage(fingerprint: ledger.fingerprint(key), day: today)
        } throws: { "\($0)".contains("negative count") }
        try Data("short".utf8).write(to: URL(fileURLWithPath: directory + "/ledger-secret"))
        #expect {
            try QuotaLedger(directory: directory)
        } throws: { "\($0)".contains("is not a ledger secret (5 bytes, expected 32)") }
    }

    @Test func defaultStateDirectory() {
        #expect(
            QuotaLedger.defaultDirectory(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"])
                == "/x/state/ytcrawl")
        #expect(QuotaLedger.defaultDirectory(environment: ["HOME": "/home/u"]) == "/home/u/.local/state/ytcrawl")
    }
}
