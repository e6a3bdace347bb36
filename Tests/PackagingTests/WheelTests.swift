import Foundation
import TestSupport
import Testing

@testable import ytcrawl

/// The wheel make wheel wrote, installed into a fresh virtual environment: `ytcrawl` is on its
/// PATH, crawls the emulator, and `ytcrawl.read` loads what it wrote.
@Suite("Python wheel")
struct WheelTests {
    static let canRun = DistArtifacts.made(DistArtifacts.wheel) && PythonRunner.canImport("venv, pandas, polars")

    /// The venv sees the system's pandas and Polars (installed by make test) and nothing of
    /// ytcrawl but the wheel.
    static func freshEnvironment(_ venv: URL) async throws {
        let create = try await PythonRunner.run(["-m", "venv", "--system-site-packages", venv.path])
        #expect(create.status == 0, "\(create.stderr)")
        let wheel = try #require(DistArtifacts.wheel, "no dist/ytcrawl-VERSION-py3-none-manylinux*.whl")
        let install = try await ExternalTools.run(
            venv.appendingPathComponent("bin/python").path,
            ["-m", "pip", "install", "--quiet", "--no-index", "--disable-pip-version-check", wheel.path])
        #expect(install.status == 0, "\(install.stderr)")
    }

    @Test(.enabled(if: canRun, "needs dist/ytcrawl-VERSION-py3-none-manylinux*.whl (make wheel), pandas, polars"))
    func installedInAFreshVenvItCrawlsAndReads() async throws {
        let venv = DistArtifacts.temporary("wheel-venv")
        let out = DistArtifacts.temporary("wheel-out").path
        let state = DistArtifacts.temporary("wheel-state").path
        defer { for path in [venv.path, out, state] { try? FileManager.default.removeItem(atPath: path) } }
        try await Self.freshEnvironment(venv)
        let path = venv.appendingPathComponent("bin").path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")

        let version = try await ExternalTools.run("ytcrawl", ["--version"], environment: ["PATH": path])
        #expect(version.status == 0, "\(version.stderr)")
        #expect(version.stdout.hasPrefix("ytcrawl \(ToolInfo.version)\n"), "\(version.stdout)")

        let crawl = try await ExternalTools.run(
            "ytcrawl", DistArtifacts.crawlArguments(out: out, state: state), environment: ["PATH": path])
        #expect(crawl.status == 0, "\(crawl.stderr)")
        let records = try DistArtifacts.manifestRecords(out)

        let program = """
            import json, sys, ytcrawl
            out = sys.argv[1]
            videos = ytcrawl.read(out)
            channels = ytcrawl.read(out, "channels", engine="polars")
            verified = ytcrawl.run(["verify", out], capture_output=True).stdout
            print(json.dumps({"videos": len(videos), "channels": channels.height, "verified": verified,
                              "viewCount": str(videos["viewCount"].dtype),
                              "publishedAt": str(videos["publishedAt"].dtype),
                              "columns": list(videos.columns)[:2], "binary": ytcrawl.executable()}))
            """
        let read = try await ExternalTools.run(
            venv.appendingPathComponent("bin/python").path, ["-c", program, out], environment: ["PATH": path])
        #expect(read.status == 0, "\(read.stderr)")
        let result = try #require(
            try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any], "\(read.stdout)")
        #expect(result["videos"] as? Int == records["videos"] && result["channels"] as? Int == records["channels"])
        #expect((records["videos"] ?? 0) > 1000, "\(records)")
        #expect((result["verified"] as? String)?.hasPrefix("ok: ") == true, "\(result)")
        #expect(result["viewCount"] as? String == "Int64" && result["publishedAt"] as? String == "datetime64[us, UTC]")
        #expect(result["columns"] as? [String] == ["videoId", "title"])
        #expect((result["binary"] as? String)?.hasPrefix(venv.path) == true, "\(result)")
    }

    /// auditwheel finds nothing outside the manylinux set: libcurl and what it links are inside.
    @Test(
        .enabled(
            if: DistArtifacts.made(DistArtifacts.wheel) && PythonRunner.canImport("auditwheel"),
            "needs dist/ytcrawl-VERSION-py3-none-manylinux*.whl (make wheel) and auditwheel"))
    func auditwheelFindsNoExternalLibrary() async throws {
        let wheel = try #require(DistArtifacts.wheel, "no dist/ytcrawl-VERSION-py3-none-manylinux*.whl")
        let show = try await PythonRunner.run(["-m", "auditwheel", "show", wheel.path])
        #expect(show.status == 0, "\(show.stderr)")
        let text = show.stdout.replacing("\n", with: " ")
        #expect(text.contains("is consistent with the following platform tag: \"manylinux_"), "\(show.stdout)")
        #expect(!text.contains("external shared libraries"), "\(show.stdout)")
        #expect(text.contains("libcurl-"), "libcurl is vendored under a hashed name: \(show.stdout)")
    }
}
