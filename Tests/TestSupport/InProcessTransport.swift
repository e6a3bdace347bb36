import Emulator
import Synchronization
import TransportCore

/// A transport that answers in the calling task, with no sockets: from the emulator's request
/// handler, or from a closure that plays a hostile or broken server. Bodies are handed on in
/// chunks, as a network would.
public final class InProcessTransport: HTTPTransport {
    /// What the server does with one request.
    public enum Answer: Sendable {
        case reply(status: Int, headers: [String: String], body: [UInt8])
        /// Head and half the body, then the connection closes.
        case truncated(status: Int, body: [UInt8])
        /// No response: a transport failure of this kind.
        case failure(TransportError.Kind)
    }

    private let handler: @Sendable (HTTPRequest) -> Answer
    private let chunkSize: Int
    private let counter = Atomic<Int>(0)

    /// - Parameters:
    ///   - chunkSize: the size of the body chunks handed to the consumer.
    ///   - handler: answers each request; called concurrently.
    public init(chunkSize: Int = 4096, handler: @escaping @Sendable (HTTPRequest) -> Answer) {
        self.chunkSize = max(1, chunkSize)
        self.handler = handler
    }

    /// The emulator's API, faults included (a reset fails the request, a truncated body ends early).
    public convenience init(emulator: EmulatorService, chunkSize: Int = 4096) {
        self.init(chunkSize: chunkSize) { Self.answer(emulator, $0) }
    }

    /// The emulator's answer to `request`, as this transport delivers it.
    public static func answer(_ emulator: EmulatorService, _ request: HTTPRequest) -> Answer {
        guard let start = request.url.firstRange(of: "/youtube/") else { return .failure(.invalidURL) }
        let reply = emulator.respond(target: String(request.url[start.lowerBound...]), headers: request.headers)
        switch reply.delivery {
        case .normal:
            var headers: [String: String] = [:]
            for (name, value) in reply.headers { headers[name.lowercased()] = value }
            return .reply(status: reply.status, headers: headers, body: reply.body)
        case .reset: return .failure(.connectionReset)
        case .truncate: return .truncated(status: reply.status, body: reply.body)
        }
    }

    /// Requests answered so far.
    public var requestCount: Int { counter.load(ordering: .relaxed) }

    public func fetch(
        _ request: HTTPRequest, onHead: @escaping @Sendable (HTTPResponseHead) throws -> Void,
        onChunk: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void
    ) async throws {
        try Task.checkCancellation()
        counter.add(1, ordering: .relaxed)
        let host = request.hostDescription
        switch handler(request) {
        case .failure(let kind):
            throw TransportError(kind, host: host, detail: "in-process \(kind.rawValue)")
        case .reply(let status, let headers, let body):
            try onHead(HTTPResponseHead(status: status, headers: headers))
            try feed(body[...], to: onChunk)
        case .truncated(let status, let body):
            try onHead(HTTPResponseHead(status: status, headers: [:]))
            try feed(body.prefix(body.count / 2), to: onChunk)
            throw TransportError(.truncatedBody, host: host, detail: "in-process truncation")
        }
    }

    private func feed(_ body: ArraySlice<UInt8>, to onChunk: (UnsafeRawBufferPointer) throws -> Void) throws {
        try body.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + chunkSize)
                try onChunk(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
                offset = end
            }
        }
    }
}
