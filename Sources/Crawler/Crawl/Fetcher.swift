import Foundation
import StreamingJSON
import Synchronization
import Transport
import YouTubeKit

/// What one work item's request came to.
struct FetchResult: Sendable {
    enum Outcome: Sendable {
        case page([DecodedRecord], PageSummary)
        /// Budget or quota (or an interruption): put the item back and stop taking work.
        case stop(LimiterStop?)
        /// Keys or configuration: the crawl cannot go on.
        case fatal(String)
        /// This seed cannot go on (not found, bad request); the rest goes on.
        case skip(String)
        case restartPaging
    }

    var outcome: Outcome
    var charged: [String: Int] = [:]
    var retries = 0
    /// Requests sent (a permit refused sends none).
    var requests = 0
    var notices: [String] = []
}

/// Sends one work item's request under a permit, decodes the body as it streams, and retries
/// transient failures with capped exponential backoff.
struct Fetcher<C: Clock>: Sendable where C.Duration == Duration {
    let transport: any HTTPTransport
    let limiter: RateLimiter<C>
    let apiBase: String
    /// Where retries are logged (`--verbose`), if anywhere.
    var log: (@Sendable (String) -> Void)?
    var backoff = Backoff(base: .milliseconds(200), cap: .seconds(20), maxRetries: 6)

    /// The request of `item`; `search` is the seed's query for a search page.
    func request(for item: WorkItem, search: SearchQuery?) throws -> APIRequest {
        switch item {
        case .search(_, let token, _, _):
            var query = search ?? SearchQuery()
            query.pageToken = token
            // Fifty results per page: the same cost as five.
            if query.maxResults == 5 { query.maxResults = 50 }
            return try APIRequest.search(query)
        case .channel(_, let id, let handle):
            if let id { return try APIRequest.channels(.ids([id])) }
            return try APIRequest.channels(.handle(handle ?? ""))
        case .channels(_, let ids):
            return try APIRequest.channels(.ids(ids))
        case .playlist(_, let id, let token, _, _, _):
            return try APIRequest.playlistItems(playlistId: id, pageToken: token)
        case .hydrate(let ids):
            return try APIRequest.videos(ids: ids)
        }
    }

    func fetch(_ item: WorkItem, search: SearchQuery? = nil) async -> FetchResult {
        var result = FetchResult(outcome: .skip(""))
        let apiRequest: APIRequest
        do {
            apiRequest = try request(for: item, search: search)
        } catch {
            result.outcome = .skip("cannot build the request: \(error)")
            return result
        }
        let endpoint = Endpoint(apiRequest.method)
        var random = SystemRandomNumberGenerator()
        var attempt = 0
        while true {
            let permit: Permit
            do {
                permit = try await limiter.acquire(apiRequest.method)
            } catch let stop as LimiterStop {
                if case .noUsableKey = stop {
                    result.outcome = .fatal(stop.description)
                } else {
                    result.outcome = .stop(stop)
                }
                return result
            } catch {
                result.outcome = .stop(nil)
                return result
            }
            result.charged[apiRequest.method.quotaName, default: 0] += permit.charge.cost
            result.requests += 1
            let box = DecodeBox(endpoint: endpoint)
            var failure: FetchResult.Outcome?
            var retryable = false
            var cause = ""
            do {
                let url = apiRequest.urlString(base: apiBase)
                try await transport.fetch(HTTPRequest(url: url, headers: [("X-Goog-Api-Key", permit.key.value)])) {
                    head in
                    box.status = head.status
                } onChunk: { chunk in
                    try box.feed(chunk)
                }
                let summary = try box.finish()
                if let error = summary.error {
                    cause = error.description
                    let outcome: RequestOutcome
                    switch error.disposition {
                    case .retryWithBackoff:
                        outcome =
                            error.reasons.contains { $0.lowercased().contains("ratelimit") } || box.status == 429
                            ? .rateLimited : .transientFailure
                        retryable = true
                    case .keySpentUntilReset:
                        outcome = .quotaExceeded
                        retryable = true  // another key may have quota; the limiter decides
                    case .stopAuthOrConfig:
                        outcome =
                            error.reason == "keyInvalid" || error.reason == "API_KEY_INVALID" ? .keyInvalid : .success
                        if outcome == .keyInvalid {
                            retryable = true
                        } else {
                            failure = .fatal("the API refused the request: \(error)")
                        }
                    case .restartPaging:
                        outcome = .success
                        failure = .restartPaging
                    case .skipSeed, .rejectRequest:
                        outcome = .success
                        failure = .skip("\(apiRequest.method.quotaName) failed for good: \(error)")
                    }
                    await limiter.complete(permit, outcome)
                } else {
                    await limiter.complete(permit, .success)
                    result.notices += await limiter.drainNotices()
                    result.outcome = .page(box.records, summary)
                    return result
                }
            } catch is CancellationError {
                await limiter.complete(permit, .transientFailure)
                result.outcome = .stop(nil)
                return result
            } catch {
                // Transport failures and bodies that are not valid JSON: try again.
                await limiter.complete(permit, .transientFailure)
                retryable = true
                cause = "\(error)"
                failure = .skip("\(apiRequest.method.quotaName) failed after \(attempt + 1) attempts: \(error)")
            }
            result.notices += await limiter.drainNotices()
            if let failure, !retryable {
                result.outcome = failure
                return result
            }
            guard let delay = backoff.delay(forAttempt: attempt, using: &random) else {
                result.outcome = failure ?? .skip("\(apiRequest.method.quotaName) kept failing; skipped")
                return result
            }
            log?(
                "retry \(attempt + 1) of \(apiRequest.method.quotaName) in \(Int(delay / .milliseconds(1))) ms: \(cause)"
            )
            attempt += 1
            result.retries += 1
            try? await Task.sleep(for: delay)
        }
    }
}

/// The page decoder fed from the transport's I/O thread; read after the fetch returns.
final class DecodeBox: @unchecked Sendable {
    private var decoder: PageDecoder
    private let collected = RecordList()
    var status = 0

    init(endpoint: Endpoint) {
        let list = collected
        decoder = PageDecoder(endpoint: endpoint) { list.records.append($0) }
    }

    func feed(_ chunk: UnsafeRawBufferPointer) throws { try decoder.feed(chunk) }

    func finish() throws -> PageSummary { try decoder.finish(httpStatus: status) }

    var records: [DecodedRecord] { collected.records }

    final class RecordList: @unchecked Sendable {
        var records: [DecodedRecord] = []
    }
}
