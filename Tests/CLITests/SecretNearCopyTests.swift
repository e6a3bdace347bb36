import Foundation
import TestSupport
import Testing
import YouTubeKit

@testable import ytcrawl

/// Near-copies of the API key a server or proxy may echo (cased, URL-encoded, base64, split,
/// cut short, `\/`-escaped) never reach the terminal or `--summary-json`; a long token-like run of
/// an error message is withheld.
@Suite("secrets: near-copies of the key")
struct SecretNearCopyTests {
    static let key = "made-up-near-copy-key-7f3a9c1e5b2d8046"

    /// Every form of `key` the hostile server sends back.
    static func nearCopies(of key: String) -> [String] {
        let base64 = Data(key.utf8).base64EncodedString()
        let middle = key.index(key.startIndex, offsetBy: 19)
        return [
            key.uppercased(), key.lowercased(),
            key.utf8.map { String(format: "%%%02X", $0) }.joined(),
            base64, base64.replacingOccurrences(of: "/", with: "\\/"),
            String(key[..<middle]) + " " + String(key[middle...]),
            String(key[..<middle]) + "\u{200B}" + String(key[middle...]),
            String(key.dropLast()), String(key.dropFirst()),
        ]
    }

    /// Keys of three lengths, so the base64 copies end in no, one and two `=` of padding.
    @Test(arguments: [Self.key, Self.key + "x", Self.key + "xy"])
    func theMatcherFindsEveryNearCopyAndLeavesOtherTextAlone(key: String) {
        let matcher = SecretMatcher(secret: key)
        for copy in Self.nearCopies(of: key) {
            let text = "the key was \(copy) indeed"
            let redacted = matcher.redact(text, with: "[KEY]")
            #expect(redacted == "the key was [KEY] indeed", "\(copy) → \(redacted)")
        }
        let plain = "search \"music\" page 3: API error 503 backendError: try again; video dQw4w9WgXcQ"
        #expect(matcher.redact(plain, with: "[KEY]") == plain)
        // A short run shared with the key is not the key.
        #expect(matcher.redact("made-up-near and more", with: "[KEY]") == "made-up-near and more")
    }

    @Test func aLongTokenLikeRunOfAnErrorMessageIsWithheld() throws {
        let body = try #require(
            APIErrorBody.parse(
                Data(
                    #"{"error":{"code":400,"message":"bad token 0123456789abcdefghijABCDEFGHIJ0123456789xyz here, see https://console.developers.google.com/apis/api/youtube.googleapis.com/overview?project=12345"}}"#
                        .utf8))
        ).description
        #expect(!body.contains("0123456789abcdefghijABCDEFGHIJ0123456789xyz"), "\(body)")
        #expect(body.contains("0123…["), "\(body)")
        #expect(
            body.contains("console.developers.google.com/apis/api/youtube.googleapis.com"), "a URL is shown: \(body)")
    }

    @Test func nearCopiesInAnErrorBodyReachNeitherTerminalNorSummary() async throws {
        let copies = Self.nearCopies(of: Self.key)
        let server = try MisbehavingServer(
            .scripted { number, _ in
                let message = "echo " + copies[number % copies.count] + " end"
                let object: [String: Any] = [
                    "error": [
                        "code": 503, "message": message, "errors": [["reason": "backendError", "message": message]],
                    ]
                ]
                return (503, Array((try? JSONSerialization.data(withJSONObject: object)) ?? Data()))
            })
        defer { server.stop() }
        let out = CrawlCommandTests.temporary("near-copy")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        let summary = out + "-summary.json"
        defer {
            for path in [out, out + "-state", seeds, summary] { try? FileManager.default.removeItem(atPath: path) }
        }
        try "search music maxPages=1\nsearch cats maxPages=1\nsearch dogs maxPages=1\n".write(
            toFile: seeds, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(
            [
                "--seeds", seeds, "--budget", "1000", "--api-base", server.baseURL, "--retries", "3", "--out", out,
                "--state-dir", out + "-state", "--summary-json", summary, "--verbose",
            ], environment: ["YOUTUBE_API_KEY": Self.key])
        #expect(result.status == 4, "\(result.stdout)\(result.stderr)")
        let written =
            result.stdout + result.stderr
            + String(decoding: FileManager.default.contents(atPath: summary) ?? Data(), as: UTF8.self)
        #expect(written.contains("echo "), "the server's messages are shown: \(written)")
        #expect(written.contains("[YOUTUBE_API_KEY]"), "a split copy is shown by the key's label")
        let matcher = SecretMatcher(secret: Self.key)
        #expect(matcher.redact(written, with: "") == written, "no near-copy left: \(written)")
        for copy in copies {
            #expect(!written.contains(copy), "\(copy)")
        }
    }
}
