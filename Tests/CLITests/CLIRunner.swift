import Foundation
import TestSupport

/// Runs the built `ytcrawl` binary and captures what it prints.
struct CLIRunner {
    typealias Result = SpawnedProcess.Output

    /// The products directory holding the test bundle also holds the `ytcrawl` executable (and the
    /// samples).
    static var binary: URL { executable("ytcrawl") }

    static func executable(_ name: String) -> URL {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            bundle, bundle.deletingLastPathComponent(), Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for directory in candidates {
            let url = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return bundle.appendingPathComponent(name)
    }

    /// Runs the program to its end without holding a thread of the cooperative pool meanwhile.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], input: Data? = nil, program: String = "ytcrawl"
    ) async throws -> Result {
        try await offThePool {
            try SpawnedProcess.runToEnd(executable(program), arguments, environment: environment, input: input)
        }
    }

    /// Starts `arguments` `times` times, each killed with SIGKILL after a random moment in
    /// `delay` (seconds) if still running — counted from when `ready` first holds, when given
    /// (checked every 10 ms, for at most 60 s), so that a loaded machine does not turn "killed in
    /// the middle" into "killed before it began"; `check` sees what each run printed. Returns how
    /// many runs were killed (the others finished first).
    static func killRuns(
        _ arguments: [String], times: Int, after delay: ClosedRange<Double>,
        ready: (@Sendable () -> Bool)? = nil, check: (String) -> Void
    ) async throws -> Int {
        let (killed, printed) = try await offThePool {
            try killRunsBlocking(arguments, times: times, after: delay, ready: ready)
        }
        printed.forEach(check)
        return killed
    }

    private static func killRunsBlocking(
        _ arguments: [String], times: Int, after delay: ClosedRange<Double>, ready: (@Sendable () -> Bool)?
    ) throws -> (killed: Int, printed: [String]) {
        var generator = SystemRandomNumberGenerator()
        var killed = 0
        var outputs: [String] = []
        for _ in 0..<times {
            let process = SpawnedProcess()
            process.executableURL = binary
            process.arguments = arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            if let ready {
                let deadline = Date().addingTimeInterval(60)
                while !ready(), process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            }
            Thread.sleep(forTimeInterval: Double.random(in: delay, using: &generator))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                killed += 1
            }
            let printed = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            outputs.append(String(decoding: printed, as: UTF8.self))
        }
        return (killed, outputs)
    }
}
