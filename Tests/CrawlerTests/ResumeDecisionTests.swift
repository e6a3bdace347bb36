import Archive
import Foundation
import StreamingJSON
import Testing

@testable import Crawler

/// How a run begins in its output, decided from what the sink reports alone: no files.
@Suite("Resume decisions and the engine's events")
struct ResumeDecisionTests {
    static let seeds = try! SeedsParser.parse("search cats\nplaylist \(CrawlEngineTests.pl("a"))\n", file: "s")

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    static func point(frontier: String?, digest: String? = "d", finished: Bool = false) -> ResumePoint {
        ResumePoint(
            seedsDigest: digest, frontier: frontier.map { Array($0.utf8) }, videoIds: ["v1"], channelIds: [],
            videoRecords: 1, channelRecords: 0, finished: finished)
    }

    static func decide(_ point: ResumePoint?, digest: String = "d") -> ResumeDecision {
        ResumeDecision(point, seeds: seeds, seedsDigest: digest)
    }

    @Test func eachCaseOfWhatTheOutputHolds() {
        guard case .fresh = Self.decide(nil) else {
            Issue.record("nothing there: fresh")
            return
        }
        // Units only (a run killed before its first checkpoint spent them): as new.
        var units = ResumePoint.empty
        units.unitsByMethod = ["search.list": 100]
        guard case .fresh = Self.decide(units) else {
            Issue.record("no frontier and no records: fresh")
            return
        }
        guard case .startOver = Self.decide(Self.point(frontier: nil)) else {
            Issue.record("records without a checkpoint: start over")
            return
        }
        // An earlier version's checkpoint (no seeds in it) for another seeds file.
        let older = #"{"items":[],"pending":[],"unitsByMethod":{}}"#
        guard case .startOver = Self.decide(Self.point(frontier: older, digest: "other")) else {
            Issue.record("another seeds file: start over")
            return
        }
        guard case .resume(let state, nil) = Self.decide(Self.point(frontier: older)) else {
            Issue.record("the same seeds file: resume")
            return
        }
        #expect(state.items.isEmpty)
        guard case .unreadable = Self.decide(Self.point(frontier: #"{"items":[{"future":{}}],"pending":[]}"#)) else {
            Issue.record("a kind this version does not know: unreadable")
            return
        }
        // A found video's method is kept by its quota name; any other text is not read as one.
        let pending = #"{"items":[],"pending":[{"videoId":"dQw4w9WgXcQ","seed":0,"endpoint":"ENDPOINT","rank":3}]}"#
        guard
            case .resume(let known, _) = Self.decide(
                Self.point(frontier: pending.replacingOccurrences(of: "ENDPOINT", with: "search.list")))
        else {
            Issue.record("a pending video found by search.list: resume")
            return
        }
        #expect(known.pending.first?.endpoint == .search)
        guard
            case .unreadable = Self.decide(
                Self.point(frontier: pending.replacingOccurrences(of: "ENDPOINT", with: "search")))
        else {
            Issue.record("a method that is not a quota name: unreadable")
            return
        }
        guard case .resume(let finished, _) = Self.decide(Self.point(frontier: "[]", finished: true)) else {
            Issue.record("an earlier version's finished checkpoint")
            return
        }
        #expect(finished.items.isEmpty && finished.pending.isEmpty)
        // Seeds recorded in the checkpoint: matched line by line whatever the digest.
        let recorded = FrontierState(
            items: [.search(seed: 0)], pending: [], seeds: ["search dogs", "search cats"])
        let written = String(decoding: recorded.encodedJSON(), as: UTF8.self)
        guard case .resume(let kept, let change?) = Self.decide(Self.point(frontier: written, digest: "other")) else {
            Issue.record("other seeds: resume what is kept")
            return
        }
        #expect(change.removed == ["search dogs"] && change.added == [1])
        #expect(kept.items.count == 1)
    }

    /// A checkpoint written by the release before the frontier became a raw member (its string
    /// form) resumes: the engine holds what it held, and saves it again in the new form.
    @Test func aCheckpointOfThePreviousReleaseResumes() throws {
        let fixture = Self.repository.appendingPathComponent("Fixtures/checkpoint-frontier-as-string.json")
        let directory = CrawlTests.temporary("old-checkpoint")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(contentsOf: fixture).write(to: URL(fileURLWithPath: directory + "/" + Checkpoint.fileName))
        let checkpoint = try #require(try Checkpoint.load(directory: directory))
        let frontier = try #require(checkpoint.frontier)
        let old = try JSONDecoder().decode(FrontierState.self, from: Data(frontier))
        let seeds = try SeedsParser.parse(try #require(old.seeds).joined(separator: "\n"), file: "seeds.txt")
        var engine = CrawlEngine(seeds: seeds, options: .init())
        let point = ResumePoint(
            seedsDigest: checkpoint.seedsDigest, frontier: frontier, videoIds: [], channelIds: [], videoRecords: 0,
            channelRecords: 0, finished: false)
        let actions = try engine.beginChecked(from: point)
        #expect(actions.contains { if case .log(let text) = $0 { text.hasPrefix("resuming") } else { false } })
        #expect(engine.frontier.count == old.items.count && engine.discovery.hydration.count == old.pending.count)
        #expect(old.items.count > 10 && old.pending.count > 10, "the fixture has work in it")
        let saved = try JSONDecoder().decode(FrontierState.self, from: Data(engine.savedFrontier))
        #expect(Set(saved.items) == Set(old.items))
        #expect(saved.pending == old.pending.sorted { ($0.seed, $0.rank, $0.videoId) < ($1.seed, $1.rank, $1.videoId) })
        #expect(saved.seeds == old.seeds && saved.commentVideos == old.commentVideos)
    }

    /// A request that cannot be built is an event of the engine: the item fails for good (kept
    /// for a rerun), the rest goes on, and the run ends incomplete.
    @Test func aRequestThatCannotBeBuiltFailsItsItemOnly() throws {
        // A checkpoint whose search page belongs to a seed that is now a playlist (an uploads
        // list: no record of its own to ask).
        let seeds = try SeedsParser.parse("playlist UU" + String(repeating: "a", count: 22), file: "s")
        let state = FrontierState(items: [.search(seed: 0, pageToken: "T", page: 2)], pending: [], seeds: nil)
        var engine = CrawlEngine(seeds: seeds, options: .init(seedsDigest: "d"))
        _ = try engine.beginChecked(from: Self.point(frontier: String(decoding: state.encodedJSON(), as: UTF8.self)))
        let actions = engine.startWork()
        engine.checkInvariants()
        #expect(actions.contains { $0.warning?.contains("cannot build the request") == true })
        #expect(!actions.contains { if case .fetch = $0 { true } else { false } })
        #expect(engine.isOver && engine.conclusion.cause == .incomplete)
        #expect(engine.checkpointState().items == state.items, "kept for a rerun")
    }

    /// Every event returns its actions: the run's end closes the output only when all is done.
    @Test func theEndClosesTheOutputOnlyWhenEverythingIsDone() throws {
        var engine = try CrawlEngineTests.engine("playlist \(CrawlEngineTests.pl("a"))", concurrency: 1)
        let end = engine.end()
        guard end.count == 1, case .suspendOutput = end[0] else {
            Issue.record("pending work: the output suspended (shards closed, state saved)")
            return
        }
        let (ticket, _) = try CrawlEngineTests.next(&engine)
        _ = engine.finishChecked(ticket, CrawlEngineTests.page([]), now: .zero, wallClock: CrawlEngineTests.epoch)
        guard case .finishOutput(let saved)? = engine.end().first else {
            Issue.record("done: finish")
            return
        }
        #expect(saved.unitsByMethod == ["playlistItems.list": 1])
        #expect(engine.stop(.interrupted).isEmpty && engine.conclusion == .interrupted)
    }
}

/// The one queue of the engine's state, against an array doing the same.
@Suite("HeadQueue")
struct HeadQueueTests {
    @Test func behavesAsAnArrayWhateverItCompacts() {
        var queue = HeadQueue<Int>()
        var model: [Int] = []
        var generator = SystemRandomNumberGenerator()
        var next = 0
        for _ in 0..<20_000 {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<5:
                queue.append(next)
                model.append(next)
                next += 1
            case 5..<8:
                #expect(queue.popFirst() == model.first)
                if !model.isEmpty { model.removeFirst() }
            case 8:
                let taken = queue.popFirst(upTo: 50)
                #expect(taken == Array(model.prefix(50)))
                model.removeFirst(taken.count)
                queue.pushFront(contentsOf: Array(taken.prefix(7)))
                model.insert(contentsOf: taken.prefix(7), at: 0)
            default:
                #expect(Array(queue.waiting) == model)
            }
            #expect(queue.count == model.count && queue.invariantViolations.isEmpty)
        }
    }
}
