import Archive
import Digest
import Foundation
import TestSupport
import Testing

/// `--pseudonymize-authors`: an output is pseudonymized with one secret or not at all. A run that
/// would mix clear and pseudonymized authors (or two secrets) exits 2 before any request and
/// leaves the output as it was.
@Suite("Pseudonymized outputs")
struct PseudonymizedOutputTests {
    static func temporary(_ name: String) -> String { CrawlCommandTests.temporary(name) }

    /// Every file of `directory` (the lock file aside) and a digest of its bytes.
    static func contents(_ directory: String) throws -> [String: String] {
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) where !name.hasSuffix(".lock") {
            let data = FileManager.default.contents(atPath: directory + "/" + name) ?? Data()
            files[name] = SHA256.hex(SHA256.hash(Array(data)))
        }
        return files
    }

    static func secret(_ text: String) throws -> String {
        let path = temporary("secret") + ".key"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        return path
    }

    @Test func aRunThatWouldMixAuthorsIsRefusedBeforeAnyRequest() async throws {
        let out = Self.temporary("pseudo-out")
        let clear = Self.temporary("clear-out")
        let state = Self.temporary("pseudo-state")
        let seeds = Self.temporary("seeds") + ".txt"
        let secretA = try Self.secret("Fs1aQ7wE3rT9yU5iO2pA8sD4fG6hJ0kLzXcVbNmMq1W=")
        let secretB = try Self.secret("Sc2bW8eR4tY0uI6oP3aS9dF5gH7jK1lZxCvBnMqQw2E=")
        defer {
            for path in [out, clear, state, seeds, secretA, secretB] {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
        try "search music maxPages=1\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        func crawl(_ into: String, _ extra: [String]) async throws -> CLIRunner.Result {
            try await CLIRunner.run(
                [
                    "--seeds", seeds, "--budget", "400", "--emulator", "--comments", "--max-comment-pages", "1",
                    "--out", into, "--state-dir", state, "--quiet",
                ] + extra)
        }
        let first = try await crawl(out, ["--pseudonymize-authors", secretA])
        #expect(first.status == 0, "\(first.stderr)")
        let manifest = try #require(try Manifest.load(directory: out))
        let recorded = try #require(manifest.authorPseudonyms)
        #expect(recorded.scheme == "hmac-sha256")
        #expect(recorded.secretFingerprint?.count == 16)
        #expect(try Checkpoint.load(directory: out)?.authorPseudonyms == recorded)
        for name in try FileManager.default.contentsOfDirectory(atPath: out) where !name.hasSuffix(".gz") {
            let text = String(decoding: FileManager.default.contents(atPath: out + "/" + name) ?? Data(), as: UTF8.self)
            #expect(!text.contains("first secret"), "the secret is never written (\(name))")
        }
        let before = try Self.contents(out)
        #expect(before.keys.contains { $0.hasPrefix("comments-") })

        let withoutFlag = try await crawl(out, [])
        #expect(withoutFlag.status == 2, "\(withoutFlag.stderr)")
        #expect(withoutFlag.stderr.contains("rerun with --pseudonymize-authors and the same secret file"))
        #expect(withoutFlag.stderr.contains(recorded.secretFingerprint ?? "?"))
        #expect(try Self.contents(out) == before, "left as it was")

        let otherSecret = try await crawl(out, ["--pseudonymize-authors", secretB])
        #expect(otherSecret.status == 2, "\(otherSecret.stderr)")
        #expect(otherSecret.stderr.contains("pseudonymized with another secret"))
        #expect(try Self.contents(out) == before, "left as it was")

        let sameSecret = try await crawl(out, ["--pseudonymize-authors", secretA])
        #expect(sameSecret.status == 0, "\(sameSecret.stderr)")
        #expect(try await CLIRunner.run(["verify", out]).status == 0)

        let clearRun = try await crawl(clear, [])
        #expect(clearRun.status == 0, "\(clearRun.stderr)")
        #expect(try Manifest.load(directory: clear)?.authorPseudonyms == nil)
        let clearBefore = try Self.contents(clear)
        let intoClear = try await crawl(clear, ["--pseudonymize-authors", secretA])
        #expect(intoClear.status == 2, "\(intoClear.stderr)")
        #expect(intoClear.stderr.contains("authors are in clear"))
        #expect(try Self.contents(clear) == clearBefore, "left as it was")

        // merge refuses to mix them; export and report say which the output is.
        let merged = Self.temporary("merged")
        defer { try? FileManager.default.removeItem(atPath: merged) }
        let merge = try await CLIRunner.run(["merge", out, clear, "--out", merged])
        #expect(merge.status == 2, "\(merge.stderr)")
        #expect(merge.stderr.contains("a merge would mix them"))
        #expect(!FileManager.default.fileExists(atPath: merged + "/" + Manifest.fileName))
        let export = try await CLIRunner.run(["export", out, "--kind", "comments", "--csv", "-"])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stderr.contains("comment authors pseudonymized"))
        let page = Self.temporary("report") + ".html"
        defer { try? FileManager.default.removeItem(atPath: page) }
        let report = try await CLIRunner.run(["report", out, "--out", page])
        #expect(report.status == 0, "\(report.stderr)")
        let html = String(decoding: FileManager.default.contents(atPath: page) ?? Data(), as: UTF8.self)
        #expect(html.contains("authors pseudonymized"))
        let clearExport = try await CLIRunner.run(["export", clear, "--kind", "comments", "--csv", "-"])
        #expect(clearExport.stderr.contains("comment authors in clear"), "\(clearExport.stderr)")

        // With the record of the secret gone from both files, no secret can be checked: refused.
        for file in [Manifest.fileName, Checkpoint.fileName] {
            let path = out + "/" + file
            var object = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
            object["authorPseudonyms"] = nil
            try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
        }
        let unrecorded = try Self.contents(out)
        let unchecked = try await crawl(out, ["--pseudonymize-authors", secretA])
        #expect(unchecked.status == 2, "\(unchecked.stderr)")
        #expect(unchecked.stderr.contains("no record of the secret"))
        #expect(try Self.contents(out) == unrecorded, "left as it was")
    }

    @Test func aReadableDeviceOrDirectorySecretGetsAdviceThatDoesNotWriteIntoIt() async throws {
        let seeds = Self.temporary("seeds") + ".txt"
        let readable = try Self.secret("Rd3cE9rT5yU1iO7pA4sD0fG6hJ8kL2zXcVbNmQwWe3R=")
        let directory = Self.temporary("secret-dir")
        defer { for path in [seeds, readable, directory] { try? FileManager.default.removeItem(atPath: path) } }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "search music maxPages=1\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        chmod(readable, 0o644)
        let dry = ["--seeds", seeds, "--budget", "10", "--dry-run", "--state-dir", Self.temporary("state")]
        let warned = try await CLIRunner.run(dry + ["--pseudonymize-authors", readable])
        #expect(warned.status == 0, "\(warned.stderr)")
        #expect(warned.stderr.contains("readable by everyone") && warned.stderr.contains("chmod 600"))
        // A secret under 128 bits of entropy (a short hex run, a sentence) is refused, with how to make one.
        for guessable in ["0123456789abcdef", "a secret of thirty-two bytes!!!!", String(repeating: "x", count: 64)] {
            let weak = try Self.secret(guessable)
            defer { try? FileManager.default.removeItem(atPath: weak) }
            let result = try await CLIRunner.run(dry + ["--pseudonymize-authors", weak])
            #expect(result.status == 2, "\(guessable): \(result.stderr)")
            #expect(result.stderr.contains("looks guessable") && result.stderr.contains("head -c 32 /dev/urandom"))
        }
        for refused in ["/dev/zero", directory] {
            let result = try await CLIRunner.run(dry + ["--pseudonymize-authors", refused])
            #expect(result.status == 2, "\(refused): \(result.stderr)")
            #expect(result.stderr.contains(refused))
            #expect(!result.stderr.contains("> \(refused)") && !result.stderr.contains("> '\(refused)'"))
            #expect(result.stderr.contains("head -c 32 /dev/urandom"))
        }
    }
}
