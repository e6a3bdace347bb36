import Foundation
import StreamingJSON
import TransportCore
import YouTubeKit

/// Sends one work item's request under a permit, decodes the body as it streams, and retries
/// transient failures with capped exponential backoff, sleeping on the crawl's clock.
struct Fetcher<C: Clock>: Sendable where C.Duration == Duration {
    let transport: any HTTPTransport
    let limiter: RateLimiter<C>
    let clock: C
    let apiBase: String
    /// Where retries are logged (`--verbose`), if anywhere.
    var log: (@Sendable (String) -> Void)?
    var backoff: Backoff

    /// Sends `apiRequest` (built by the engine) until it is answered, retried out, or stopped.
    func fetch(_ apiRequest: APIRequest) async -> FetchResult {
        var result = FetchResult(outcome: .skip(""))
        let method = apiRequest.method.quotaName
        var random = SystemRandomNumberGenerator()
        var attempt = 0
        while true {
            let permit: Permit
            do {
                permit = try await limiter.acquire(apiRequest.method)
            } catch let stop as LimiterStop {
                result.outcome = .stop(stop.ending)
                return result
            } catch let failed as LedgerWriteFailed {
                result.outcome = .stop(CrawlEnding(.writeFailed, failed.description))
                return result
            } catch {
                result.outcome = .stop(.interrupted)
                return result
            }
            let sent = limiter.utcNow()
            var serverDate: Int64?
            let answer = await exchange(apiRequest, permit: permit, serverDate: &serverDate)
            // The answer's time by the server's clock, else ours when it was sent.
            result.sentAt = Date(timeIntervalSince1970: TimeInterval(serverDate ?? sent))
            await limiter.complete(permit, answer.limiterOutcome)
            result.notices += await limiter.drainNotices()
            if answer.limiterOutcome != .notSent {
                result.charged[method, default: 0] += permit.charge.cost
                result.requests += 1
            }
            switch answer.verdict {
            case .done(let outcome):
                result.outcome = outcome
                return result
            case .retry(let cause, let kind):
                guard let delay = backoff.delay(forAttempt: attempt, using: &random) else {
                    result.outcome = .gaveUp("\(method) failed \(attempt + 1) times; last: \(cause)")
                    return result
                }
                log?("retry \(attempt + 1) of \(method) in \(Int(delay / .milliseconds(1))) ms: \(cause)")
                attempt += 1
                result.retries += 1
                result.retriesByCause[kind.rawValue, default: 0] += 1
                do {
                    try await clock.sleep(until: clock.now.advanced(by: delay), tolerance: nil)
                } catch {
                    result.outcome = .stop(.interrupted)
                    return result
                }
            }
        }
    }

    /// One request and what it means.
    private func exchange(_ apiRequest: APIRequest, permit: Permit, serverDate: inout Int64?) async -> Answer {
        let box = DecodeBox(request: apiRequest)
        defer { serverDate = box.serverDate }
        do {
            let request = HTTPRequest(
                url: apiRequest.urlString(base: apiBase), headers: [("X-Goog-Api-Key", permit.key.value)])
            try await transport.fetch(request) { head in
                if (300..<400).contains(head.status) {
                    throw Redirected(status: head.status, location: head.headers["location"])
                }
                box.status = head.status
                box.serverDate = head.headers["date"].flatMap(HTTPDate.parseSeconds)
            } onChunk: { chunk in
                try box.feed(chunk)
            }
            let summary = try box.finish()
            guard let error = summary.error else {
                // An error status is never a page, whatever its body holds (`{}`, an empty list,
                // a whole page): its items would be kept and the walk would end as if complete.
                if box.status >= 400 { return Answer.classify(status: box.status, body: "no error in its body") }
                if let token = summary.nextPageToken, token.utf8.count > PageSummary.maximumPageTokenBytes {
                    // Kept, it would be sent back in every next request and saved in the
                    // checkpoint; the API's tokens are a few hundred bytes at most.
                    return Answer(
                        .transientFailure,
                        .retry(
                            "a nextPageToken of \(token.utf8.count) bytes (the API's are at most \(PageSummary.maximumPageTokenBytes))",
                            .malformedBody))
                }
                return Answer(.success, .done(.page(box.records, summary)))
            }
            return Answer.classify(error, status: box.status, method: apiRequest.method.quotaName)
        } catch is CancellationError {
            // It may have reached the server: the charge stays.
            return Answer(.transientFailure, .done(.stop(.interrupted)))
        } catch let redirect as Redirected {
            return Answer(.success, .done(.stop(CrawlEnding(.configuration, redirect.description))))
        } catch let error as TransportError {
            return Answer.classify(error)
        } catch {
            // Not the API's JSON under an error status (a proxy's or a gateway's page): the status
            // is what tells the user what happened.
            if box.status >= 400 { return Answer.classify(status: box.status, body: "\(error)") }
            // A body that is not valid JSON (or not a page): try again.
            return Answer(.transientFailure, .retry("\(error)", .malformedBody))
        }
    }
}

/// Why a request was retried, for metrics.
public enum RetryCause: String, Sendable, CaseIterable {
    case rateLimited = "rate_limited"
    case serverError = "server_error"
    case quotaExceeded = "quota_exceeded"
    case keyInvalid = "key_invalid"
    case transport
    case malformedBody = "malformed_body"
}

/// What an exchange means for the limiter and for the item.
private struct Answer {
    enum Verdict {
        case done(FetchResult.Outcome)
        case retry(String, RetryCause)
    }

    var limiterOutcome: RequestOutcome
    var verdict: Verdict

    init(_ limiterOutcome: RequestOutcome, _ verdict: Verdict) {
        self.limiterOutcome = limiterOutcome
        self.verdict = verdict
    }

    /// Google's error body, by its parsed reasons.
    static func classify(_ error: APIErrorBody, status: Int, method: String) -> Answer {
        switch error.disposition {
        case .retryWithBackoff:
            let limited = error.isRateLimit || status == 429
            return Answer(
                limited ? .rateLimited : .transientFailure,
                .retry(error.description, limited ? .rateLimited : .serverError))
        case .keySpentUntilReset:
            // Another key may have quota left; the limiter decides.
            return Answer(.quotaExceeded, .retry(error.description, .quotaExceeded))
        case .stopAuthOrConfig:
            if error.isInvalidKey { return Answer(.keyInvalid, .retry(error.description, .keyInvalid)) }
            if method.hasPrefix("comment") || method.hasPrefix("liveChatMessages"),
                error.parsedReasons.contains(.forbidden)
            {
                // One video's comments or chat closed to this key (members only): that video, not
                // the crawl.
                return Answer(.success, .done(.unavailable(error.parsedReasons, error.description)))
            }
            return Answer(.success, .done(.stop(CrawlEnding(.apiRefused, error.description))))
        case .restartPaging:
            return Answer(.success, .done(.restartPaging))
        case .skipSeed:
            return Answer(.success, .done(.unavailable(error.parsedReasons, "\(method) answered \(error)")))
        case .rejectRequest:
            return Answer(.success, .done(.skip("\(method) answered \(error)")))
        }
    }

    /// An error status without Google's error body. The API always sends one, so this is
    /// something between (a proxy, a gateway, a server that is not the API): 408, 429 and 5xx are
    /// retried as the API's own would be; any other 4xx means the base address or what stands in
    /// front of it is wrong, and stops the crawl with the item kept.
    static func classify(status: Int, body: String) -> Answer {
        let what = "HTTP \(status) without the API's error body (\(body))"
        switch status {
        case 429: return Answer(.rateLimited, .retry(what, .rateLimited))
        case 408, 500...: return Answer(.transientFailure, .retry(what, .serverError))
        default:
            return Answer(
                .success,
                .done(
                    .stop(CrawlEnding(.configuration, "the API base answered \(what): check --api-base and any proxy")))
            )
        }
    }

    /// A failure below HTTP: retried when another attempt may succeed, else a configuration
    /// error that stops the crawl. A request that never left is not charged.
    static func classify(_ error: TransportError) -> Answer {
        let outcome: RequestOutcome = error.mayHaveReachedServer ? .transientFailure : .notSent
        if error.kind == .bodyTooLarge {
            // One answer over the limit (an API page is under a megabyte): that item waits for a
            // rerun, the others go on; sending it again would fetch the same bytes.
            return Answer(outcome, .done(.gaveUp(error.description)))
        }
        guard error.isRetryable else {
            return Answer(outcome, .done(.stop(CrawlEnding(.configuration, error.description))))
        }
        return Answer(outcome, .retry(error.description, .transport))
    }
}

/// The API base answered with a redirect: the client is pointed at the wrong place.
private struct Redirected: Error, CustomStringConvertible {
    var status: Int
    var location: String?

    var description: String {
        // Only where it points, never a path or query.
        let host = location.flatMap { HTTPRequest(url: $0).hostDescription } ?? ""
        let target =
            location == nil ? "" : host.isEmpty ? " to another path on the same server" : " to \(host)"
        return
            "the API base answered with a redirect (HTTP \(status)\(target)); give the address it redirects to as --api-base"
    }
}
