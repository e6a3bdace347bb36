import Foundation

/// Programs the tests drive (bash, zsh, groff, dpkg-deb…), found on PATH and run to their end.
public enum ExternalTools {
    /// Whether every one of `names` is an executable on PATH (always `true` on CI, where the tests
    /// must run, not skip: `make test` installed them).
    public static func present(_ names: String...) -> Bool {
        ProcessInfo.processInfo.environment["CI"] == "true" || names.allSatisfy { path($0) != nil }
    }

    /// Where `name` is on PATH, if anywhere.
    public static func path(_ name: String) -> URL? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `name` (looked up on PATH) to its end without holding a thread of the cooperative pool.
    public static func run(
        _ name: String, _ arguments: [String], environment: [String: String] = [:], input: Data? = nil
    ) async throws -> SpawnedProcess.Output {
        try await offThePool {
            try SpawnedProcess.runToEnd(
                URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments, environment: environment, input: input)
        }
    }
}
