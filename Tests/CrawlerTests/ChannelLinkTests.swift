import Archive
import Emulator
import Foundation
import StreamingJSON
import Testing
import YouTubeKit

@testable import Crawler

/// `links=` seeds: the featured channels and subscriptions of the seeds' channels, followed to the
/// seed's depth, each link once, as the emulator's truth has them, for about the fewest units.
@Suite("Channel links")
struct ChannelLinkTests {
    /// What a breadth-first walk of the truth from `seeds` finds: the links (`from to relation`),
    /// every channel's depth, and the channels whose links are asked (nearer than the depth).
    struct Walk {
        var links: Set<String> = []
        var depths: [String: Int] = [:]
        var expanded: [String] = []

        init(
            _ emulator: EmulatorServer, seeds: [String], depth limit: Int,
            relations: Set<String> = ["featured", "subscription"]
        ) {
            for seed in seeds { depths[seed] = 0 }
            var level = seeds
            for depth in 0..<max(limit, 1) {
                var next: [String] = []
                for channel in level {
                    expanded.append(channel)
                    var targets: [(String, String)] = []
                    if relations.contains("featured") {
                        for shelf in emulator.featuredChannels(of: channel) ?? [] {
                            targets += shelf.channelIds.map { ($0, "featured") }
                        }
                    }
                    if relations.contains("subscription") {
                        targets += (emulator.subscriptions(of: channel) ?? []).map { ($0, "subscription") }
                    }
                    for (target, relation) in targets where target != channel {
                        if depths[target] == nil {
                            guard depth + 1 <= limit else { continue }
                            depths[target] = depth + 1
                            next.append(target)
                        }
                        links.insert("\(channel) \(target) \(relation)")
                    }
                }
                level = next
            }
        }

        /// The fewest units the links can cost: each existing expanded channel's sections (1) and
        /// subscriptions pages (1 when private or empty), and every channel reached resolved, 50 a
        /// unit.
        func fewestUnits(_ emulator: EmulatorServer) -> Int {
            // (Both relations asked.)
            var units = 0
            for channel in expanded where emulator.channelExists(channel) {
                units += 1 + max(1, ((emulator.subscriptions(of: channel) ?? []).count + 49) / 50)
            }
            let reached = depths.values.filter { $0 > 0 }.count
            return units + (reached + 49) / 50
        }
    }

    static func records(_ out: String, _ kind: RecordKind) throws -> [JSONValue] {
        var records: [JSONValue] = []
        try ArchiveReader.forEachRecord(directory: out, kind: kind) { record, _ in records.append(record) }
        return records
    }

    /// Holds `out` to the walk: every link once with its source channel's depth, every channel
    /// reached once, with whether its subscriptions are private when they were asked.
    static func check(_ out: String, walk: Walk, emulator: EmulatorServer, subscriptionsAsked: Bool = true) throws {
        let links = try records(out, .links)
        let keys = links.compactMap { RecordKind.links.id(of: $0) }
        #expect(keys.count == Set(keys).count, "each link once")
        let sameLinks = Set(keys) == walk.links
        #expect(
            sameLinks,
            "\(keys.count) links of \(walk.links.count): \(Set(keys).subtracting(walk.links).count) extra, e.g.: \(Set(keys).subtracting(walk.links).prefix(3)) extra, \(walk.links.subtracting(keys).prefix(3)) missing"
        )
        for link in links {
            guard case .string(let from)? = link["fromChannelId"] else { continue }
            #expect(link["depth"] == .number(String(walk.depths[from] ?? -1)), "\(link)")
            if link["relation"] == .string("featured") {
                #expect(link["sectionTitle"] != nil && link["sectionTitle"] != .null, "a shelf's title: \(link)")
            }
        }
        let channels = try records(out, .channels)
        let ids = channels.compactMap { record -> String? in
            if case .string(let id)? = record["channelId"] { return id }
            return nil
        }
        #expect(ids.count == Set(ids).count, "each channel once")
        let existing = Set(walk.depths.keys.filter { emulator.channelExists($0) })
        let sameChannels = Set(ids) == existing
        #expect(
            sameChannels,
            "\(ids.count) channels of \(existing.count): \(existing.subtracting(ids).prefix(3)) missing")
        let expanded = Set(walk.expanded)
        for (id, channel) in zip(ids, channels) {
            let expected: JSONValue =
                expanded.contains(id) && subscriptionsAsked ? .bool(emulator.subscriptionsArePrivate(id)) : .null
            #expect(channel["subscriptionsPrivate"] == expected, "\(id)")
        }
        #expect(ArchiveVerifier.verify(directory: out).problem == nil)
    }

    static let corpus = CorpusConfiguration(seed: 21, channels: 90, videosPerChannel: 3)

    @Test func aDepthTwoCrawlFindsTheTruthsLinksForAboutTheFewestUnits() async throws {
        let emulator = try CrawlTests.emulator(corpus: Self.corpus)
        defer { emulator.stop() }
        let out = CrawlTests.temporary("links")
        let ledger = CrawlTests.temporary("ledger")
        defer { for path in [out, ledger] { try? FileManager.default.removeItem(atPath: path) } }
        let seeds = Array(emulator.channelIds.prefix(5))
        let text = seeds.map { "channel \($0) links=all depth=2" }.joined(separator: "\n") + "\n"
        let summary = try await CrawlTests.crawl(emulator, seeds: text, out: out, ledger: ledger)
        #expect(summary.ending == .completed)
        let walk = Walk(emulator, seeds: seeds, depth: 2)
        #expect(walk.links.count > 50 && walk.depths.values.contains(2), "a walk worth testing: \(walk.links.count)")
        try Self.check(out, walk: walk, emulator: emulator)
        let privates = walk.expanded.filter { emulator.channelExists($0) && emulator.subscriptionsArePrivate($0) }
        #expect(summary.subscriptionsPrivate == privates.count && !privates.isEmpty)
        #expect(summary.linksWritten == walk.links.count)
        let units =
            summary.unitsByMethod["channelSections.list", default: 0]
            + summary.unitsByMethod["subscriptions.list", default: 0]
            + summary.unitsByMethod["channels.list", default: 0] - 1  // the seeds' own lookup
        let fewest = walk.fewestUnits(emulator)
        #expect(Double(units) <= 1.1 * Double(fewest), "\(units) units for the links, the fewest \(fewest)")
        print("channel links at depth 2 from 5 seeds: \(walk.links.count) links, \(units) units (fewest \(fewest))")
    }

    /// Depth 0 keeps only the links among the seeds; depth 1 resolves the channels one hop away
    /// without following them; `links=featured` asks no subscriptions.
    @Test(arguments: [(0, "all"), (1, "all"), (1, "featured"), (2, "subscriptions")])
    func depthsAndRelations(depth: Int, relations: String) async throws {
        let emulator = try CrawlTests.emulator(corpus: Self.corpus)
        defer { emulator.stop() }
        let out = CrawlTests.temporary("links-depth")
        let ledger = CrawlTests.temporary("ledger")
        defer { for path in [out, ledger] { try? FileManager.default.removeItem(atPath: path) } }
        let seeds = Array(emulator.channelIds.prefix(12))
        let text = seeds.map { "channel \($0) links=\(relations) depth=\(depth)" }.joined(separator: "\n") + "\n"
        let summary = try await CrawlTests.crawl(emulator, seeds: text, out: out, ledger: ledger)
        #expect(summary.ending == .completed)
        let kept: Set<String> =
            switch relations {
            case "featured": ["featured"]
            case "subscriptions": ["subscription"]
            default: ["featured", "subscription"]
            }
        let walk = Walk(emulator, seeds: seeds, depth: depth, relations: kept)
        try Self.check(out, walk: walk, emulator: emulator, subscriptionsAsked: kept.contains("subscription"))
        if relations == "featured" { #expect(summary.unitsByMethod["subscriptions.list"] == nil) }
        if depth == 0 { #expect(walk.links.allSatisfy { seeds.contains(String($0.split(separator: " ")[1])) }) }
    }

    /// Stopped by its budget again and again (held records, pending links and lookups in the
    /// checkpoint), then finished: the same links and channels, each once.
    @Test func aStoppedLinkCrawlResumesToTheSameLinks() async throws {
        let emulator = try CrawlTests.emulator(corpus: Self.corpus)
        defer { emulator.stop() }
        let out = CrawlTests.temporary("links-resume")
        let ledger = CrawlTests.temporary("ledger")
        defer { for path in [out, ledger] { try? FileManager.default.removeItem(atPath: path) } }
        let seeds = Array(emulator.channelIds.dropFirst(20).prefix(5))
        let text = seeds.map { "channel \($0) links=all depth=2" }.joined(separator: "\n") + "\n"
        var runs = 0
        var last: CrawlSummary?
        repeat {
            last = try await CrawlTests.crawl(emulator, seeds: text, out: out, budget: 16, ledger: ledger)
            runs += 1
        } while last?.ending != .completed && runs < 80
        #expect(last?.ending == .completed, "after \(runs) runs")
        #expect(runs > 3)
        try Self.check(out, walk: Walk(emulator, seeds: seeds, depth: 2), emulator: emulator)
    }
}
