import Foundation

/// Runs the built `ytcrawl` binary and captures what it prints.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

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

    static func run(
        _ arguments: [String], environment: [String: String] = [:], input: Data? = nil, program: String = "ytcrawl"
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable(program)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = Pipe()
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        try stdin.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Starts `arguments` `times` times, each killed with SIGKILL after a random moment in
    /// `delay` (seconds) if still running — counted from when `ready` first holds, when given
    /// (checked every 10 ms, for at most 60 s), so that a loaded machine does not turn "killed in
    /// the middle" into "killed before it began"; `check` sees what each run printed. Returns how
    /// many runs were killed (the others finished first).
    static func killRuns(
        _ arguments: [String], times: Int, after delay: ClosedRange<Double>, ready: (() -> Bool)? = nil,
        check: (String) -> Void
    ) throws -> Int {
        var generator = SystemRandomNumberGenerator()
        var killed = 0
        for _ in 0..<times {
            let process = Process()
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
            check(String(decoding: printed, as: UTF8.self))
        }
        return killed
    }
}
