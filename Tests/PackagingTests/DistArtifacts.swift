import Foundation
import TestSupport

@testable import ytcrawl

/// What `make dist` and `make wheel` wrote to dist/ for this version. The packaging tests check
/// those files rather than building them: a static release build takes minutes, so `make test`
/// runs make dist and make wheel first (incremental: its own scratch path), and a plain
/// `swift test` without them skips these tests, saying so. On CI they never skip.
enum DistArtifacts {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let directory = repository.appendingPathComponent("dist")

    static var machine: String {
        var name = utsname()
        uname(&name)
        return withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// Debian's name of the machine (`amd64` for x86_64).
    static var debianArchitecture: String {
        ["x86_64": "amd64", "aarch64": "arm64", "armv7l": "armhf", "i686": "i386"][machine] ?? machine
    }

    static var tarball: URL { directory.appendingPathComponent("ytcrawl-\(ToolInfo.version)-linux-\(machine).tar.gz") }
    static var deb: URL { directory.appendingPathComponent("ytcrawl_\(ToolInfo.version)_\(debianArchitecture).deb") }

    /// The repaired wheel (its manylinux tag is auditwheel's choice).
    static var wheel: URL? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix("ytcrawl-\(ToolInfo.version)-py3-none-manylinux") && $0.hasSuffix(".whl") }
            .sorted().last.map { directory.appendingPathComponent($0) }
    }

    /// Whether `url` exists, or the tests must run anyway (CI, where make test made it).
    static func made(_ url: URL?) -> Bool {
        ProcessInfo.processInfo.environment["CI"] == "true"
            || url.map { FileManager.default.fileExists(atPath: $0.path) } == true
    }

    static func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID())")
    }

    /// The emulator crawl of the main job (scripts/main-job.sh): the sample seeds, 2,000 units.
    static func crawlArguments(out: String, state: String) -> [String] {
        [
            "--seeds", repository.appendingPathComponent("Samples/seeds.txt").path, "--budget", "2000", "--emulator",
            "--out", out, "--state-dir", state, "--progress", "never",
        ]
    }

    /// The record counts by kind manifest.json states.
    static func manifestRecords(_ out: String) throws -> [String: Int] {
        let data = try Data(contentsOf: URL(fileURLWithPath: out).appendingPathComponent("manifest.json"))
        let manifest = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return manifest?["records"] as? [String: Int] ?? [:]
    }
}
