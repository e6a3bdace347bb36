import Archive
import Foundation
import StreamingJSON
import Testing

/// A `walk=channels formats=yes` search result that its channel's uploads walk never lists
/// (`walkPages` cut it) is long-form when the Shorts and live lists were read whole and it is older
/// than their lag: it is written `long`, not `null`.
@Suite("format labels of held search results")
struct HeldLabelTests {
    @Test func resultsTheUploadsWalkDidNotListAreLabelledFromTheWholeLists() async throws {
        let out = CrawlCommandTests.temporary("held-labels")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        defer { for path in [out, out + "-state", seeds] { try? FileManager.default.removeItem(atPath: path) } }
        try "search music maxPages=1 walk=channels formats=yes walkPages=1\n".write(
            toFile: seeds, atomically: true, encoding: .utf8)
        let started = Date()
        let result = try await CLIRunner.run([
            "--seeds", seeds, "--budget", "20000", "--emulator", "--out", out, "--state-dir", out + "-state", "--quiet",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let weekAgo = started.addingTimeInterval(-8 * 86_400)
        var searched = 0
        var unlabelled: [String] = []
        try ArchiveReader.forEachRecord(directory: out, kind: .videos) { record, _ in
            guard case .object(let source)? = record["source"],
                source.first(where: { $0.key == "endpoint" })?.value == .string("search.list"),
                case .string(let published)? = record["publishedAt"], let date = RFC3339Probe.date(published),
                date < weekAgo
            else { return }
            searched += 1
            if record["format"] == nil || record["format"] == .null {
                if case .string(let id)? = record["videoId"] { unlabelled.append(id) }
            }
        }
        #expect(searched > 20, "search results older than a week: \(searched)")
        #expect(unlabelled.isEmpty, "\(unlabelled)")
    }
}

enum RFC3339Probe {
    static func date(_ text: String) -> Date? { ISO8601DateFormatter().date(from: text) }
}
