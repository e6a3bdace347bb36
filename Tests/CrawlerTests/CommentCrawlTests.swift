import Archive
import Emulator
import Foundation
import Gzip
import StreamingJSON
import TestSupport
import Testing

@testable import Crawler
@testable import YouTubeKit

/// Comments crawls in process, on virtual time: every comment of the truth exactly once, field for
/// field; disabled videos listed; units within 10% of the fewest possible; faults, resumes and
/// pseudonymized authors.
@Suite("Comments crawls")
struct CommentCrawlTests {
    static let key = EngineCrawlTests.key

    /// About 200 videos: a mix of disabled, empty, small and very large comment sections.
    static func service(faultRate: Double = 0) -> EmulatorService {
        EmulatorService(
            EmulatorConfiguration(
                corpus: CorpusConfiguration(seed: 29, channels: 8, videosPerChannel: 25), keys: [key.value],
                faultRate: faultRate))
    }

    static func seeds(_ service: EmulatorService) -> String {
        service.channelIds.map { "channel \($0) comments=yes" }.joined(separator: "\n") + "\n"
    }

    /// The truth's comments as records, by id, without the crawl's own columns.
    static func truth(_ service: EmulatorService) -> [String: JSONValue] {
        var byId: [String: JSONValue] = [:]
        var writer = JSONWriter(capacity: 1 << 16)
        for comment in service.truthComments() {
            writer.removeAll()
            RecordEncoder.encode(comment, into: &writer)
            byId[comment.commentId] = try? JSONValue.parse(Array(writer.bytes.dropLast()))
        }
        return byId
    }

    /// The output's comments by id (each must be there once).
    static func written(_ directory: String) throws -> [String: JSONValue] {
        var byId: [String: JSONValue] = [:]
        var duplicates = 0
        try ArchiveReader.forEachRecord(directory: directory, kind: .comments, includeOpen: true) { record, _ in
            guard case .string(let id)? = record["commentId"] else { return }
            if byId.updateValue(record, forKey: id) != nil { duplicates += 1 }
        }
        #expect(duplicates == 0, "every comment exactly once")
        return byId
    }

    /// Every column but where and when it was fetched and the inferred reply structure (the
    /// truth's is what the emulator meant, checked in ``CommentCrawlTests/repliesAnswerWhomTheTruthSays()``).
    static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        RecordEncoder.commentColumns.filter { !Self.notCompared.contains($0) }.allSatisfy { a[$0] == b[$0] }
    }

    static let notCompared: Set = ["source", "fetchedAt", "replyToCommentId", "replyToAuthor", "depth"]

    /// The fewest calls that get every comment: one commentThreads page per 100 threads (at least
    /// one per video, the disabled ones included), one comments.list page per 100 replies of each
    /// thread whose replies are not all carried.
    static func fewestCalls(_ service: EmulatorService) -> Int {
        let comments = service.truthComments()
        var threads: [String: Int] = [:]
        var replyCalls = 0
        for comment in comments where comment.parentId == nil {
            threads[comment.videoId ?? "", default: 0] += 1
            let replies = comment.totalReplyCount ?? 0
            if replies > 5 { replyCalls += (replies + 99) / 100 }
        }
        let videos = service.truthVideos().map(\.videoId)
        return videos.reduce(0) { $0 + max(1, ((threads[$1] ?? 0) + 99) / 100) } + replyCalls
    }

    @Test func everyCommentOfTwoHundredVideosExactlyOnceWithinTenPercentOfTheFewestCalls() async throws {
        let service = Self.service()
        let videos = service.truthVideos()
        #expect((150...260).contains(videos.count), "\(videos.count) videos")
        let disabled = service.truthCommentsDisabled()
        let truth = Self.truth(service)
        let perVideo = Dictionary(grouping: truth.values) { value -> String in
            if case .string(let id)? = value["videoId"] { return id }
            return ""
        }.mapValues(\.count)
        #expect(!disabled.isEmpty)
        #expect(videos.contains { !disabled.contains($0.videoId) && perVideo[$0.videoId] == nil }, "an empty one")
        #expect(perVideo.values.contains { $0 >= 1000 }, "a very large one")
        #expect(service.truthComments().contains { ($0.totalReplyCount ?? 0) > 100 }, "replies past a page")

        let run = EngineCrawlTests.Run()
        defer { run.remove() }
        let summary = try await run.crawl(InProcessTransport(emulator: service), seeds: Self.seeds(service))
        #expect(summary.ending == .completed, "\(summary.ending)")
        let written = try Self.written(run.out)
        #expect(Set(written.keys) == Set(truth.keys))
        let differing = written.filter { id, record in truth[id].map { !Self.same($0, record) } ?? true }
        #expect(differing.isEmpty, "\(differing.count) comments differ, e.g. \(differing.first.map { "\($0)" } ?? "")")
        #expect(Set(summary.commentsDisabled) == disabled)
        let manifest =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: run.out + "/manifest.json"))) as? [String: Any]
        #expect(Set(manifest?["commentsDisabled"] as? [String] ?? []) == disabled)
        #expect((manifest?["records"] as? [String: Int])?["comments"] == truth.count)
        let report = ArchiveVerifier.verify(directory: run.out)
        #expect(report.problem == nil && report.comments == truth.count, "\(report.problem ?? "")")

        // Who each reply answers, as the emulator meant it (``expectReplyStructure``).
        let (answered, unmentioned) = Self.unambiguousAnswers(service)
        #expect(answered.count > 200, "\(answered.count) unambiguous mentions")
        try Self.expectReplyStructure(run.out, answered: answered, unmentioned: unmentioned)

        let calls = (summary.unitsByMethod["commentThreads.list"] ?? 0) + (summary.unitsByMethod["comments.list"] ?? 0)
        let fewest = Self.fewestCalls(service)
        #expect(calls >= fewest && Double(calls) <= Double(fewest) * 1.1, "\(calls) calls; the fewest is \(fewest)")
    }

    @Test func tenPercentFaultsLoseAndRepeatNothing() async throws {
        let service = Self.service(faultRate: 0.1)
        let truth = Self.truth(Self.service())
        let run = EngineCrawlTests.Run()
        defer { run.remove() }
        var summary = try await run.crawl(InProcessTransport(emulator: service), seeds: Self.seeds(service))
        if summary.ending.cause == .incomplete {
            // What failed after every retry is left for the rerun.
            summary = try await run.crawl(InProcessTransport(emulator: Self.service()), seeds: Self.seeds(service))
        }
        #expect(summary.ending == .completed, "\(summary.ending)")
        #expect(summary.retries > 0)
        #expect(Set(try Self.written(run.out).keys) == Set(truth.keys))
        #expect(ArchiveVerifier.verify(directory: run.out).problem == nil)
    }

    /// Stopped by its budget again and again, resumed each time: the same comments, once each.
    @Test func budgetStopsAndResumesLoseAndRepeatNothing() async throws {
        let service = Self.service()
        let truth = Self.truth(service)
        let run = EngineCrawlTests.Run()
        defer { run.remove() }
        var runs = 0
        var summary: CrawlSummary
        repeat {
            summary = try await run.crawl(
                InProcessTransport(emulator: service), seeds: Self.seeds(service), budget: 150)
            runs += 1
        } while summary.ending.cause == .budgetSpent && runs < 40
        #expect(summary.ending == .completed, "\(summary.ending)")
        #expect(runs > 3, "the budget stopped it several times")
        #expect(Set(try Self.written(run.out).keys) == Set(truth.keys))
        let report = ArchiveVerifier.verify(directory: run.out)
        #expect(report.problem == nil && report.comments == truth.count, "\(report.problem ?? "")")
        // Threads half read when the budget stopped were read again whole: the same answers.
        let (answered, unmentioned) = Self.unambiguousAnswers(service)
        try Self.expectReplyStructure(run.out, answered: answered, unmentioned: unmentioned)
    }

    /// `comments VIDEO` seeds with order, maxPages and searchTerms; `--max-comment-pages`.
    @Test func commentsSeedsTakeTheirOwnOptions() async throws {
        let service = Self.service()
        let comments = service.truthComments()
        let threads = Dictionary(grouping: comments.filter { $0.parentId == nil }) { $0.videoId ?? "" }
        let busiest = try #require(threads.max { $0.value.count < $1.value.count })
        #expect(busiest.value.count > 300)
        let run = EngineCrawlTests.Run()
        defer { run.remove() }
        let summary = try await run.crawl(
            InProcessTransport(emulator: service), seeds: "comments \(busiest.key) order=relevance maxPages=2\n")
        #expect(summary.ending == .completed)
        #expect(summary.unitsByMethod["commentThreads.list"] == 2)
        let written = try Self.written(run.out)
        let tops = written.values.filter { $0["parentId"] == .null }
        #expect(tops.count == 200, "two pages of 100 threads")
        #expect(summary.videosWritten == 0, "a comments seed writes comments only")

        let capped = EngineCrawlTests.Run()
        defer { capped.remove() }
        let second = try await capped.crawl(
            InProcessTransport(emulator: service), seeds: Self.seeds(service),
            configure: { $0.selection.maxCommentPages = 1 })
        #expect(second.ending == .completed)
        let threadCalls = second.unitsByMethod["commentThreads.list"] ?? 0
        #expect(threadCalls == service.truthVideos().count, "one page per video")
    }

    /// A video that is gone (404) or members only (403 forbidden on its comments): counted, warned
    /// once, skipped; the rest of the crawl goes on and ends complete. Disabled: listed, no retry.
    @Test func unavailableVideosAreSkippedNotRetriedAndDoNotStopTheCrawl() async throws {
        let service = Self.service()
        let videos = service.truthVideos().filter { ($0.commentCount ?? 0) > 0 }.prefix(3).map(\.videoId)
        let disabled = try #require(service.truthCommentsDisabled().first)
        @Sendable func refusal(_ status: Int, _ reason: String) -> [UInt8] {
            Array(
                #"{"error":{"code":\#(status),"message":"no","errors":[{"domain":"youtube.commentThread","reason":"\#(reason)"}]}}"#
                    .utf8)
        }
        let transport = InProcessTransport { request in
            if request.url.contains("videoId=\(videos[0])") {
                return .reply(status: 404, headers: [:], body: refusal(404, "videoNotFound"))
            }
            if request.url.contains("videoId=\(videos[1])") {
                return .reply(status: 403, headers: [:], body: refusal(403, "forbidden"))
            }
            return InProcessTransport.answer(service, request)
        }
        let run = EngineCrawlTests.Run()
        defer { run.remove() }
        let seeds = (videos + [disabled]).map { "comments \($0)" }.joined(separator: "\n")
        let summary = try await run.crawl(transport, seeds: seeds)
        #expect(summary.ending == .completed, "\(summary.ending)")
        #expect(summary.retries == 0, "nothing retried")
        #expect(summary.commentsDisabled == [disabled])
        #expect(summary.warnings.filter { $0.contains(videos[0]) }.count == 1)
        #expect(summary.warnings.filter { $0.contains(videos[1]) }.count == 1)
        let written = try Self.written(run.out)
        let expected = service.truthComments(videoIds: [videos[2]])
        #expect(Set(written.keys) == Set(expected.map(\.commentId)))
    }

    /// No author name, profile URL or raw channel id anywhere in the output; the same author gets
    /// the same pseudonym in two runs with the same secret.
    @Test func pseudonymizedAuthorsLeaveNoTrace() async throws {
        let service = Self.service()
        let pseudonymizer = try AuthorPseudonymizer(secret: Array("q8Zr3vL0xW5nT2mYc7JpK9dF4sHbE1gU6aRiOzNy0Vw=".utf8))
        var pseudonyms: [[String: String]] = []
        let authors = service.truthComments().prefix(5000)
        for _ in 0..<2 {
            let run = EngineCrawlTests.Run()
            defer { run.remove() }
            let seeds = service.channelIds.prefix(2).map { "channel \($0) comments=yes" }.joined(separator: "\n")
            let summary = try await run.crawl(
                InProcessTransport(emulator: service), seeds: seeds, configure: { $0.pseudonymizer = pseudonymizer })
            #expect(summary.ending == .completed)
            var byComment: [String: String] = [:]
            try ArchiveReader.forEachRecord(directory: run.out, kind: .comments) { record, _ in
                #expect(record["authorDisplayName"] == .null && record["authorProfileImageUrl"] == .null)
                if case .string(let id)? = record["commentId"], case .string(let author)? = record["authorChannelId"] {
                    #expect(author.hasPrefix("hmac-sha256:") && author.count == 12 + 64)
                    byComment[id] = author
                }
            }
            #expect(!byComment.isEmpty)
            // Every file, decompressed, cut at its quotes: no name, image URL or raw channel id of
            // any author is one of its strings.
            var strings: Set<Substring> = []
            for name in try FileManager.default.contentsOfDirectory(atPath: run.out) {
                let data = try Data(contentsOf: URL(fileURLWithPath: run.out + "/" + name))
                let bytes = name.contains(".jsonl.gz") ? try GzipDecompressor.decompress(Array(data)) : Array(data)
                for piece in String(decoding: bytes, as: UTF8.self).split(separator: "\"") { strings.insert(piece) }
            }
            var checked = 0
            // A channel answering on its own video is the video's publisher, whose id the output
            // holds as channelId by design (isChannelOwner says so); every other author is checked.
            for comment in authors
            where byComment[comment.commentId] != nil && comment.authorChannelId != comment.channelId {
                for secret in [comment.authorDisplayName, comment.authorProfileImageUrl, comment.authorChannelId] {
                    guard let secret else { continue }
                    #expect(!strings.contains(Substring(secret)), "\(secret) leaked")
                    checked += 1
                }
            }
            #expect(checked > 100)
            pseudonyms.append(byComment)
        }
        #expect(pseudonyms[0] == pseudonyms[1], "stable across runs with the same secret")
        #expect(Set(pseudonyms[0].values).count < pseudonyms[0].count, "one author's comments still group")
    }
}
