import Archive
import Emulator
import Foundation
import StreamingJSON
import Testing
import YouTubeKit

@testable import Crawler

/// `formats=yes`: every video of a walked channel is labelled short, live or long from the
/// channel's `UUSH…`/`UULV…` lists, as the emulator's truth says — but those of the last week,
/// which no list names yet (null) — for the units of those lists alone.
@Suite("Format labels")
struct FormatLabelTests {
    /// The labels of an output, by video id.
    static func labels(_ out: String) throws -> [String: JSONValue] {
        var labels: [String: JSONValue] = [:]
        for name in ArchiveReader.shardNames(directory: out, kind: .videos) {
            try ArchiveReader.forEachLine(path: out + "/" + name) { line, _ in
                let record = try JSONValue.parse(Array(line))
                guard case .string(let id)? = record["videoId"] else { return }
                #expect(labels[id] == nil, "\(id) once")
                labels[id] = record["format"] ?? .null
            }
        }
        return labels
    }

    /// Holds the labels of `out` to the truth: a video of a list or older than a week has its
    /// true format; a younger one, in no list, none. Returns the most units the labels may cost.
    static func check(
        _ out: String, channels: [String], emulator: EmulatorServer, start: Date, end: Date
    ) throws -> Int {
        let truth = emulator.truthVideos().filter { channels.contains($0.channelId ?? "") }
        let labels = try labels(out)
        #expect(Set(labels.keys) == Set(truth.map(\.videoId)), "every upload exactly once")
        var bound = 0
        var listed: Set<String> = []
        for channel in channels {
            let lists = try #require(emulator.formatListVideoIds(channelId: channel))
            for prefix in ["UUSH", "UULV"] {
                let ids = lists[prefix + channel.dropFirst(2)] ?? []
                listed.formUnion(ids)
                bound += ids.isEmpty ? 1 : (ids.count + 49) / 50
            }
        }
        let week = TimeInterval(FormatWalk.listLag)
        var counts: [String: Int] = [:]
        for video in truth {
            let label = labels[video.videoId] ?? .null
            let published = try #require(video.publishedAt)
            if listed.contains(video.videoId) || published < start.addingTimeInterval(-week - 60) {
                #expect(label == .string(video.format?.rawValue ?? "?"), "\(video.videoId) \(published)")
            } else if published > end.addingTimeInterval(-week + 60) {
                #expect(label == .null, "\(video.videoId): too recent to tell, \(published)")
            }
            if case .string(let format) = label { counts[format, default: 0] += 1 }
        }
        #expect(counts["short", default: 0] > 0 && counts["live", default: 0] > 0 && counts["long", default: 0] > 0)
        #expect(labels.values.contains(.null), "some videos are younger than the lists")
        return bound
    }

    @Test func labelsAreTheTruthsForTheUnitsOfTheirLists() async throws {
        let emulator = try CrawlTests.emulator()
        defer { emulator.stop() }
        let out = CrawlTests.temporary("formats")
        let ledger = CrawlTests.temporary("ledger")
        defer { for path in [out, ledger] { try? FileManager.default.removeItem(atPath: path) } }
        let channels = emulator.channelIds
        let seeds = channels.map { "channel \($0) formats=yes" }.joined(separator: "\n") + "\n"
        let start = Date()
        let summary = try await CrawlTests.crawl(emulator, seeds: seeds, out: out, ledger: ledger)
        #expect(summary.ending == .completed)
        let bound = try Self.check(out, channels: channels, emulator: emulator, start: start, end: Date())
        #expect(summary.formatUnits > 0 && summary.formatUnits <= bound, "\(summary.formatUnits) ≤ \(bound)")
        #expect(ArchiveVerifier.verify(directory: out).problem == nil)
    }

    /// Stopped by its budget in the middle of the lists and resumed: the same labels.
    @Test func aStoppedWalkResumesItsLabels() async throws {
        let emulator = try CrawlTests.emulator()
        defer { emulator.stop() }
        let out = CrawlTests.temporary("formats-resume")
        let ledger = CrawlTests.temporary("ledger")
        defer { for path in [out, ledger] { try? FileManager.default.removeItem(atPath: path) } }
        let channels = Array(emulator.channelIds.prefix(6))
        let seeds = channels.map { "channel \($0)" }.joined(separator: "\n") + "\n"
        let start = Date()
        let first = try await CrawlTests.crawl(
            emulator, seeds: seeds, out: out, budget: 9, ledger: ledger, formats: true)
        #expect(first.ending.cause == .budgetSpent)
        var runs = 1
        var last = first
        while last.ending != .completed, runs < 20 {
            last = try await CrawlTests.crawl(
                emulator, seeds: seeds, out: out, budget: 9, ledger: ledger, formats: true)
            runs += 1
        }
        #expect(last.ending == .completed, "after \(runs) runs")
        _ = try Self.check(out, channels: channels, emulator: emulator, start: start, end: Date())
    }

    /// The channels an output holds records of.
    static func channels(_ out: String) throws -> [String] {
        var ids: [String] = []
        for name in ArchiveReader.shardNames(directory: out, kind: .channels) {
            try ArchiveReader.forEachLine(path: out + "/" + name) { line, _ in
                if case .string(let id)? = try JSONValue.parse(Array(line))["channelId"] { ids.append(id) }
            }
        }
        return ids
    }

    /// The videos of an output that `endpoint` found first.
    static func found(by endpoint: String, _ out: String) throws -> Int {
        var count = 0
        for name in ArchiveReader.shardNames(directory: out, kind: .videos) {
            try ArchiveReader.forEachLine(path: out + "/" + name) { line, _ in
                if try JSONValue.parse(Array(line))["source"]?["endpoint"] == .string(endpoint) { count += 1 }
            }
        }
        return count
    }

    /// A `walk=channels formats=yes` search: its results are held until their channel's lists
    /// are walked, then written once with the label (and still as the search's finds), with or
    /// without hydration, and across budget stops.
    @Test(arguments: [(hydrate: true, budget: nil), (hydrate: false, budget: nil), (hydrate: true, budget: 20)])
    func searchResultsOfWalkedChannelsAreLabelled(hydrate: Bool, budget: Int?) async throws {
        let emulator = try CrawlTests.emulator()
        defer { emulator.stop() }
        let out = CrawlTests.temporary("formats-search")
        let ledger = CrawlTests.temporary("ledger")
        defer { for path in [out, ledger] { try? FileManager.default.removeItem(atPath: path) } }
        let seeds = "search music maxPages=1 walk=channels formats=yes\n"
        let start = Date()
        var summary = try await CrawlTests.crawl(
            emulator, seeds: seeds, out: out, budget: budget, ledger: ledger, hydrate: hydrate)
        var runs = 1
        while summary.ending != .completed, runs < 40 {
            summary = try await CrawlTests.crawl(
                emulator, seeds: seeds, out: out, budget: budget, ledger: ledger, hydrate: hydrate)
            runs += 1
        }
        #expect(summary.ending == .completed, "after \(runs) runs")
        if budget != nil { #expect(runs > 2, "the budget stopped it mid-walk") }
        let channels = try Self.channels(out)
        #expect(channels.count > 2)
        _ = try Self.check(out, channels: channels, emulator: emulator, start: start, end: Date())
        #expect(try Self.found(by: "search.list", out) > 10, "search results keep their source")
        #expect(ArchiveVerifier.verify(directory: out).problem == nil)
    }
}
