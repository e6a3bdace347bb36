import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// HTTP over Foundation's URLSession: the portable choice (Apple platforms) and the baseline the
/// benchmarks measure CurlTransport against. Body chunks stream through a session delegate.
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let delegate: Delegate

    public init(maximumConnectionsPerHost: Int = 64) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        delegate = Delegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit { session.invalidateAndCancel() }

    public func fetch(
        _ request: HTTPRequest,
        onHead: @escaping @Sendable (HTTPResponseHead) throws -> Void,
        onChunk: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void
    ) async throws {
        try checkKeySafety(request)
        guard let url = URL(string: request.url) else {
            throw TransportError(.invalidURL, host: request.hostDescription, detail: "URL(string:) refused it")
        }
        var urlRequest = URLRequest(url: url, timeoutInterval: request.timeout)
        for header in request.headers { urlRequest.setValue(header.value, forHTTPHeaderField: header.name) }
        let task = session.dataTask(with: urlRequest)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                delegate.register(
                    task, Delegate.Entry(request: request, onHead: onHead, onChunk: onChunk, continuation: continuation)
                )
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    final class Delegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        struct Entry {
            var request: HTTPRequest
            var onHead: @Sendable (HTTPResponseHead) throws -> Void
            var onChunk: @Sendable (UnsafeRawBufferPointer) throws -> Void
            var continuation: CheckedContinuation<Void, any Error>
            var bytes = 0
            var failure: (any Error)?
        }

        private let entries = Mutex<[Int: Entry]>([:])

        func register(_ task: URLSessionTask, _ entry: Entry) {
            entries.withLock { $0[task.taskIdentifier] = entry }
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
        ) {
            guard let entry = entries.withLock({ $0[dataTask.taskIdentifier] }) else {
                return completionHandler(.cancel)
            }
            let http = response as? HTTPURLResponse
            var headers: [String: String] = [:]
            for (name, value) in http?.allHeaderFields ?? [:] {
                if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
            }
            do {
                try entry.onHead(HTTPResponseHead(status: http?.statusCode ?? 0, headers: headers))
                completionHandler(.allow)
            } catch {
                entries.withLock { $0[dataTask.taskIdentifier]?.failure = error }
                completionHandler(.cancel)
            }
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            guard var entry = entries.withLock({ $0[dataTask.taskIdentifier] }), entry.failure == nil else { return }
            entry.bytes += data.count
            if entry.bytes > entry.request.maximumBodyBytes {
                entry.failure = TransportError(
                    .bodyTooLarge, host: entry.request.hostDescription,
                    detail: "more than \(entry.request.maximumBodyBytes) bytes")
            } else {
                do {
                    try data.withUnsafeBytes { try entry.onChunk($0) }
                } catch {
                    entry.failure = error
                }
            }
            let failed = entry.failure != nil
            entries.withLock { $0[dataTask.taskIdentifier] = entry }
            if failed { dataTask.cancel() }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            guard let entry = entries.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
            if let failure = entry.failure {
                entry.continuation.resume(throwing: failure)
            } else if let error {
                entry.continuation.resume(throwing: Self.map(error, entry.request))
            } else {
                entry.continuation.resume()
            }
        }

        static func map(_ error: any Error, _ request: HTTPRequest) -> any Error {
            let host = request.hostDescription
            let code = (error as NSError).code
            let detail = "URLError \(code)"
            switch code {
            case NSURLErrorCancelled: return CancellationError()
            case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed:
                return TransportError(.dnsFailure, host: host, detail: detail)
            case NSURLErrorCannotConnectToHost: return TransportError(.connectionRefused, host: host, detail: detail)
            case NSURLErrorTimedOut: return TransportError(.timeout, host: host, detail: detail)
            case NSURLErrorNetworkConnectionLost: return TransportError(.connectionReset, host: host, detail: detail)
            case NSURLErrorSecureConnectionFailed, NSURLErrorServerCertificateUntrusted,
                NSURLErrorServerCertificateHasBadDate:
                return TransportError(.tls, host: host, detail: detail)
            case NSURLErrorBadServerResponse: return TransportError(.malformedResponse, host: host, detail: detail)
            default: return TransportError(.other, host: host, detail: detail)
            }
        }
    }
}
