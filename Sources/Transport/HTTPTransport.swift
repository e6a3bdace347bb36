/// An HTTP request as the transports take it.
public struct HTTPRequest: Sendable, Hashable {
    public var url: String
    public var headers: [(name: String, value: String)]

    public init(url: String, headers: [(name: String, value: String)] = []) {
        self.url = url
        self.headers = headers
    }

    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.url == rhs.url && lhs.headers.elementsEqual(rhs.headers) { $0 == $1 }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(url)
        for header in headers {
            hasher.combine(header.name)
            hasher.combine(header.value)
        }
    }
}

/// The status line and headers of a response, which arrive before its body.
public struct HTTPResponseHead: Sendable, Hashable {
    public var status: Int
    public var headers: [String: String]

    public init(status: Int, headers: [String: String]) {
        self.status = status
        self.headers = headers
    }
}

/// Fetches HTTP responses, handing the body to a consumer chunk by chunk as it arrives.
public protocol HTTPTransport: Sendable {
    /// Performs `request`; `onHead` sees the status and headers first, then `onChunk` every body chunk in order.
    ///
    /// - Throws: ``TransportError`` when no complete response arrived, or whatever a consumer throws.
    func fetch(
        _ request: HTTPRequest,
        onHead: @Sendable (HTTPResponseHead) throws -> Void,
        onChunk: @Sendable (UnsafeRawBufferPointer) throws -> Void
    ) async throws
}
