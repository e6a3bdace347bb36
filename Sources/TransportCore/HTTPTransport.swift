import POSIXSupport

/// An HTTP GET as the transports take it.
public struct HTTPRequest: Sendable, Hashable {
    public var url: String
    public var headers: [(name: String, value: String)]
    /// Give up when the whole exchange takes longer (seconds).
    public var timeout: Double
    /// Abort when the body grows past this many bytes.
    public var maximumBodyBytes: Int

    public init(
        url: String, headers: [(name: String, value: String)] = [], timeout: Double = 60,
        maximumBodyBytes: Int = 32 << 20
    ) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.maximumBodyBytes = maximumBodyBytes
    }

    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.url == rhs.url && lhs.headers.elementsEqual(rhs.headers) { $0 == $1 } && lhs.timeout == rhs.timeout
            && lhs.maximumBodyBytes == rhs.maximumBodyBytes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(url)
        for header in headers {
            hasher.combine(header.name)
            hasher.combine(header.value)
        }
    }

    /// `host[:port]` of the URL, for messages (never the path or query).
    public var hostDescription: String { URLAuthority(url: url)?.text ?? "" }
}

/// The status line and headers of a response, which arrive before its body.
public struct HTTPResponseHead: Sendable, Hashable {
    public var status: Int
    /// Header names in lower case.
    public var headers: [String: String]

    public init(status: Int, headers: [String: String]) {
        self.status = status
        self.headers = headers
    }
}

/// Fetches HTTP responses, handing the body to a consumer chunk by chunk as it arrives.
public protocol HTTPTransport: Sendable {
    /// Performs `request`: `onHead` sees the status and headers first, then `onChunk` every body
    /// chunk in order. Consumers run on the transport's I/O thread: keep them quick; a throw aborts
    /// the transfer and is rethrown here.
    ///
    /// - Throws: ``TransportError`` when no complete response arrived, `CancellationError` when the
    ///   task was cancelled, or whatever a consumer threw.
    func fetch(
        _ request: HTTPRequest,
        onHead: @escaping @Sendable (HTTPResponseHead) throws -> Void,
        onChunk: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void
    ) async throws
}
