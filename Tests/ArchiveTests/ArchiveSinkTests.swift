import Foundation
import StreamingJSON
import Testing
import YouTubeKit

@testable import Archive

@Suite("ArchiveSink: the crawl's sink on a thread of its own")
struct ArchiveSinkTests {
    static func directory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("sink-\(UUID())").path
    }

    static let manifest = Manifest(toolVersion: "test", startedAt: "2026-11-30T00:00:00Z")

    @Test func queuedAppendsLandInOrderAndAResumeSeesThem() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            let sink = try ArchiveSink(
                directory: directory, options: .init(shardRecords: 40, memberBytes: 4096), manifest: Self.manifest)
            #expect(try await sink.resumePoint() == nil)
            for batch in 0..<30 {
                try await sink.append((0..<5).map { .video(ArchiveWriterTests.video(batch * 5 + $0)) })
            }
            try await sink.append([.channel(Channel(channelId: "UCone"))])
            try await sink.checkpoint(
                frontierJSON: JSONPieces(json: #"{"items":[]}"#), unitsByMethod: ["videos.list": 3])
            // As a crawl ends: the lock goes now, not whenever the sink's last reference does.
            await sink.close()
        }
        let reopened = try ArchiveSink(directory: directory, options: .init(shardRecords: 40), manifest: Self.manifest)
        let point = try #require(try await reopened.resumePoint())
        #expect(point.videoIds.count == 150 && point.videoRecords == 150)
        #expect(point.channelIds == ["UCone"])
        #expect(point.frontier.map { String(decoding: $0, as: UTF8.self) } == #"{"items":[]}"#)
        #expect(point.unitsByMethod == ["videos.list": 3])
        #expect(!point.finished)
        var order: [String] = []
        try ArchiveReader.forEachRecord(directory: directory, kind: .videos, includeOpen: true) { record, _ in
            if case .string(let id)? = record["videoId"] { order.append(id) }
        }
        #expect(order == (0..<150).map { ArchiveWriterTests.video($0).videoId }, "in the order appended")
    }

    @Test func aFailedWriteIsReportedAndNoCheckpointFollowsIt() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // zlib refuses level 42: the first member fails to compress.
        let sink = try ArchiveSink(
            directory: directory, options: .init(level: 42, memberBytes: 64), manifest: Self.manifest)
        var failed = false
        for index in 0..<200 where !failed {
            do {
                try await sink.append([.video(ArchiveWriterTests.video(index))])
            } catch {
                failed = true
            }
        }
        await #expect(throws: (any Error).self) {
            try await sink.checkpoint(frontierJSON: JSONPieces(json: "{}"), unitsByMethod: [:])
        }
        #expect(!FileManager.default.fileExists(atPath: directory + "/checkpoint.json"))
        await #expect(throws: (any Error).self) {
            try await sink.finish(frontierJSON: JSONPieces(json: "[]"), unitsByMethod: [:])
        }
    }
}
