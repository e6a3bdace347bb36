import Foundation

/// Runs `python3` with arguments, for the tests that check the shards with Python tools (pandas,
/// DuckDB, Polars, jsonschema, Spark, prometheus_client).
public enum PythonRunner {
    public typealias Result = SpawnedProcess.Output

    /// Runs python3 to its end without holding a thread of the cooperative pool meanwhile.
    public static func run(_ arguments: [String]) async throws -> Result {
        try await offThePool { try runBlocking(arguments) }
    }

    /// ``run(_:)``, blocking (for the trait check, which runs before the tests).
    private static func runBlocking(_ arguments: [String]) throws -> Result {
        try SpawnedProcess.runToEnd(URL(fileURLWithPath: "/usr/bin/env"), ["python3"] + arguments)
    }

    /// Whether `import MODULES` works (always `true` on CI, where the tests must run, not skip).
    public static func canImport(_ modules: String) -> Bool {
        ProcessInfo.processInfo.environment["CI"] == "true"
            || ((try? runBlocking(["-c", "import " + modules]).status) ?? 1) == 0
    }
}
