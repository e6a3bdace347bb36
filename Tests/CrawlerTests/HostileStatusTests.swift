import Archive
import Emulator
import Foundation
import Synchronization
import TestSupport
import Testing
import TransportCore

@testable import Crawler
@testable import StreamingJSON
@testable import YouTubeKit

/// What a server between the crawl and the API may answer (a gateway's 503 with `{}`, a proxy's
/// HTML 404, an id no request can carry, a page token of megabytes, a body over the limit):
/// nothing is kept as a page that is not one, and one bad answer costs its own item at most.
@Suite("Hostile statuses and values")
struct HostileStatusTests {
    typealias Run = EngineCrawlTests.Run

    /// The emulator's answers, except where `change` returns another (it is called for every
    /// request, with the emulator's own answer).
    static func transport(
        _ change: @escaping @Sendable (HTTPRequest, InProcessTransport.Answer) -> InProcessTransport.Answer?
    ) -> InProcessTransport {
        let service = EngineCrawlTests.service()
        return InProcessTransport { request in
            let answer = InProcessTransport.answer(service, request)
            return change(request, answer) ?? answer
        }
    }

    /// The first `count` requests whose URL contains `path` get `status` with `body`.
    static func firstRequests(
        to path: String, count: Int, status: Int, body: String
    ) -> @Sendable (HTTPRequest, InProcessTransport.Answer) -> InProcessTransport.Answer? {
        let seen = Mutex(0)
        return { request, _ in
            guard request.url.contains(path) else { return nil }
            let number = seen.withLock { seen in
                seen += 1
                return seen
            }
            return number <= count ? .reply(status: status, headers: [:], body: Array(body.utf8)) : nil
        }
    }

    /// Where the string value of the first `key` member is in `text` (between its quotes),
    /// however the JSON is spaced.
    static func stringValue(of key: String, in text: String) -> Range<String.Index>? {
        guard let name = text.firstRange(of: "\"\(key)\"") else { return nil }
        guard let open = text[name.upperBound...].firstIndex(of: "\"") else { return nil }
        let start = text.index(after: open)
        guard let close = text[start...].firstIndex(of: "\"") else { return nil }
        return start..<close
    }

    @Test(arguments: [
        (503, "{}"), (500, #"{"kind":"youtube#playlistItemListResponse","items":[]}"#), (429, #"{"items":[]}"#),
    ])
    func anErrorStatusWithoutTheAPIsErrorBodyIsRetriedNotKeptAsAPage(_ status: Int, _ body: String) async throws {
        let seeds = EngineCrawlTests.seeds(EngineCrawlTests.service())
        let expected = try await EngineCrawlTests.reference(seeds)
        for path in ["/playlistItems?", "/videos?"] {
            let run = Run()
            defer { run.remove() }
            let transport = Self.transport(Self.firstRequests(to: path, count: 2, status: status, body: body))
            let summary = try await run.crawl(transport, seeds: seeds)
            #expect(summary.ending == .completed, "\(status) on \(path)")
            #expect(summary.retries >= 2, "\(status) on \(path): \(summary.retries) retries")
            #expect(try ArchiveReader.videoIds(directory: run.out) == expected, "\(status) on \(path)")
        }
    }

    @Test func aClientErrorWithoutTheAPIsErrorBodyStopsNamingTheStatus() async throws {
        for (status, body) in [(404, "<html><body>Not Found</body></html>"), (403, "{}")] {
            let run = Run()
            defer { run.remove() }
            let transport = InProcessTransport { _ in
                .reply(status: status, headers: ["content-type": "text/html"], body: Array(body.utf8))
            }
            let summary = try await run.crawl(transport, seeds: EngineCrawlTests.seeds(EngineCrawlTests.service()))
            #expect(summary.ending.cause == .configuration, "\(status)")
            #expect(summary.ending.exitCode == 1)
            #expect(summary.ending.detail.contains("HTTP \(status)"), "\(summary.ending.detail)")
            #expect(summary.videosWritten == 0)
            let checkpoint = try #require(try Checkpoint.load(directory: run.out))
            #expect(!checkpoint.finished, "the work is kept for a rerun")
        }
    }

    /// One id in a page that no request can carry is skipped with a warning; its 49 batch-mates
    /// are hydrated, and the rerun has nothing left to do.
    @Test func aVideoIdThatIsNotOneCostsOnlyItself() async throws {
        let seeds = EngineCrawlTests.seeds(EngineCrawlTests.service())
        let expected = try await EngineCrawlTests.reference(seeds)
        let replaced = Mutex<String?>(nil)
        let transport = Self.transport { request, answer in
            guard request.url.contains("/playlistItems?"), case .reply(let status, let headers, let body) = answer
            else { return nil }
            var text = String(decoding: body, as: UTF8.self)
            guard replaced.withLock({ $0 == nil }), let range = Self.stringValue(of: "videoId", in: text) else {
                return nil
            }
            replaced.withLock { $0 = String(text[range]) }
            text.replaceSubrange(range, with: "bad.id+/=!!")
            return .reply(status: status, headers: headers, body: Array(text.utf8))
        }
        let run = Run()
        defer { run.remove() }
        let log = Mutex<[String]>([])
        let summary = try await run.crawl(transport, seeds: seeds, log: { line in log.withLock { $0.append(line) } })
        let id = try #require(replaced.withLock { $0 })
        #expect(summary.ending == .completed)
        let written = try ArchiveReader.videoIds(directory: run.out)
        // The video may still be found another way (a search seed); every other one is written.
        #expect(expected.subtracting([id]).isSubset(of: written))
        #expect(written.isSubset(of: expected))
        #expect(log.withLock { $0 }.contains { $0.contains("bad.id+/=!!") && $0.contains("skipped") })
    }

    /// A page token of megabytes is neither followed nor saved: the page is retried as a broken
    /// one, and its item waits for a rerun.
    @Test func anOverlongPageTokenIsNotFollowed() async throws {
        let longest = Mutex(0)
        let sent = Mutex(0)
        let transport = Self.transport { request, answer in
            if let token = HostilePagingTests.parameter("pageToken", in: request.url) {
                longest.withLock { $0 = max($0, token.utf8.count) }
            }
            guard request.url.contains("/playlistItems?"), case .reply(let status, let headers, let body) = answer
            else { return nil }
            var text = String(decoding: body, as: UTF8.self)
            guard let range = Self.stringValue(of: "nextPageToken", in: text) else { return nil }
            sent.withLock { $0 += 1 }
            text.replaceSubrange(range, with: String(repeating: "A", count: PageSummary.maximumPageTokenBytes + 1))
            return .reply(status: status, headers: headers, body: Array(text.utf8))
        }
        let run = Run()
        defer { run.remove() }
        let seeds = EngineCrawlTests.service().channelIds.prefix(8).map { "channel \($0)" }.joined(separator: "\n")
        let summary = try await run.crawl(transport, seeds: seeds + "\n", maxRetries: 1)
        #expect(sent.withLock { $0 } > 0, "a channel of more than one page of uploads")
        #expect(summary.ending.cause == .incomplete)
        #expect(longest.withLock { $0 } <= PageSummary.maximumPageTokenBytes)
        let checkpoint = try String(contentsOfFile: run.out + "/checkpoint.json", encoding: .utf8)
        #expect(checkpoint.utf8.count < 100_000, "\(checkpoint.utf8.count) bytes")
    }

    /// A body over the limit fails its own item (no retry: the same bytes would come again);
    /// the other walks go on.
    @Test func aBodyOverTheLimitCostsOnlyItsItem() async throws {
        let seeds = EngineCrawlTests.seeds(EngineCrawlTests.service())
        let expected = try await EngineCrawlTests.reference(seeds)
        let once = Mutex(false)
        let transport = Self.transport { request, _ in
            guard request.url.contains("/videos?"),
                once.withLock({ done in
                    defer { done = true }; return !done
                })
            else { return nil }
            return .failure(.bodyTooLarge)
        }
        let run = Run()
        defer { run.remove() }
        let summary = try await run.crawl(transport, seeds: seeds)
        #expect(summary.ending.cause == .incomplete)
        #expect(summary.ending.exitCode == 4)
        #expect(summary.retries == 0)
        let written = try ArchiveReader.videoIds(directory: run.out)
        #expect(written.count >= expected.count - 50 && written.isSubset(of: expected), "\(written.count)")
        // The rerun against a healthy API finishes with every video, each once.
        let second = try await run.crawl(InProcessTransport(emulator: EngineCrawlTests.service()), seeds: seeds)
        #expect(second.ending == .completed)
        #expect(try ArchiveReader.videoIds(directory: run.out) == expected)
        #expect(ArchiveVerifier.verify(directory: run.out).videos == expected.count)
    }
}

extension HostileStatusTests {
    @Test func aRelativeRedirectIsNamedAsOne() async throws {
        let run = Run()
        defer { run.remove() }
        let moved = InProcessTransport { _ in
            .reply(status: 302, headers: ["location": "/youtube/v3/search?q=secret"], body: [])
        }
        let summary = try await run.crawl(moved, seeds: EngineCrawlTests.seeds(EngineCrawlTests.service()))
        #expect(summary.ending.cause == .configuration)
        #expect(summary.ending.detail.contains("to another path on the same server"), "\(summary.ending.detail)")
        #expect(!summary.ending.detail.contains("secret"))
    }
}
