import Foundation

/// Runs `python3` with arguments, for the tests that check the shards with Python tools (pandas,
/// DuckDB, Polars, jsonschema, Spark, prometheus_client).
public enum PythonRunner {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    public static func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }

    /// Whether `import MODULES` works (always `true` on CI, where the tests must run, not skip).
    public static func canImport(_ modules: String) -> Bool {
        ProcessInfo.processInfo.environment["CI"] == "true"
            || ((try? run(["-c", "import " + modules]).status) ?? 1) == 0
    }
}
