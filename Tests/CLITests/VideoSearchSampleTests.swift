import Foundation
import Testing

@Suite("Samples/VideoSearch")
struct VideoSearchSampleTests {
    @Test func searchesTheEmulatorAndPrintsTwentyVideosNewestFirst() async throws {
        let result = try await CLIRunner.run([], environment: ["YOUTUBE_API_KEY": ""], program: "VideoSearch")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("offline emulator"))
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("TITLE") == true)
        let rows = lines.filter { $0.contains("https://www.youtube.com/embed/") }
        #expect(rows.count == 20)
        let dates = rows.compactMap { row in
            row.firstMatch(of: /\s(\d{4}-\d{2}-\d{2})\s+https/).map { String($0.1) }
        }
        #expect(dates.count == 20)
        #expect(dates == dates.sorted(by: >), "newest first")
        for row in rows {
            #expect(row.firstMatch(of: /https:\/\/www\.youtube\.com\/embed\/[A-Za-z0-9_-]{11}$/) != nil, "\(row)")
        }
        #expect(lines.last?.hasPrefix("20 videos, newest first") == true)
    }
}
