import Foundation
import Testing

@testable import Crawler

/// What a killed run spent after its last checkpoint reaches the output's manifest when the next
/// run starts: counted once, however many journals kills left behind, and never from a line
/// older than the last grant.
@Suite("Spending journal")
struct SpendJournalTests {
    static func directory() throws -> String {
        let path = NSTemporaryDirectory() + "ytcrawl-spend-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func journals(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("units-") }.sorted()
    }

    @Test func aKilledRunsGrantsReachTheNextRunOnce() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (first, none) = SpendJournal.open(directory: directory, recorded: ["videos.list": 10])
        #expect(none.isEmpty)
        let killed = try #require(first)
        killed.grant("videos.list", 5)
        killed.grant("playlistItems.list", 3)
        killed.grant("videos.list", -1)  // a refund: the request never left
        // The killed run's last checkpoint counted 2 of its 4 videos.list units.
        let (second, lost) = SpendJournal.open(directory: directory, recorded: ["videos.list": 12])
        #expect(lost == ["videos.list": 2, "playlistItems.list": 3])
        #expect(try Self.journals(directory).count == 1, "the killed run's journal is taken over")
        // Killed again before its first checkpoint, its predecessor's journal left beside it (a
        // kill between writing the new line and removing the old): nothing counts twice.
        let again = try #require(second)
        again.grant("channels.list", 1)
        try "videos.list=10;playlistItems.list=3,videos.list=4\n".write(
            toFile: directory + "/units-1-0.journal", atomically: true, encoding: .utf8)
        let (_, both) = SpendJournal.open(directory: directory, recorded: ["videos.list": 12])
        #expect(both == ["videos.list": 2, "playlistItems.list": 3, "channels.list": 1])
        #expect(try Self.journals(directory).count == 1)
    }

    @Test func aJournalWhoseUnitsTheManifestCountsAddsNothing() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let journal = try #require(SpendJournal.open(directory: directory, recorded: [:]).journal)
        journal.grant("search.list", 100)
        // The run checkpointed everything, then was killed before removing its journal.
        let (_, lost) = SpendJournal.open(directory: directory, recorded: ["search.list": 100])
        #expect(lost.isEmpty)
        // Garbage where a line should be is skipped, not counted.
        try "videos.list=x;;;\n".write(toFile: directory + "/units-2-0.journal", atomically: true, encoding: .utf8)
        #expect(SpendJournal.open(directory: directory, recorded: ["search.list": 100]).unrecorded.isEmpty)
    }

    @Test func grantsFromManyThreadsLeaveTheLastLine() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let journal = try #require(SpendJournal.open(directory: directory, recorded: [:]).journal)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<500 { journal.grant("videos.list", 1) }
        }
        #expect(SpendJournal.open(directory: directory, recorded: [:]).unrecorded == ["videos.list": 4000])
    }
}
