/// A failure below HTTP: the request never got a complete response.
///
/// Descriptions name the host and what to check; they never contain a URL's query or an API key.
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case setup(String)
        case curl(code: Int, host: String, detail: String)
    }

    private let code: Code

    static func setup(_ detail: String) -> TransportError { TransportError(code: .setup(detail)) }

    static func curl(code: Int, host: String, detail: String) -> TransportError {
        TransportError(code: .curl(code: code, host: host, detail: detail))
    }

    public var description: String {
        switch code {
        case .setup(let detail): return "transport setup failed: \(detail)"
        case .curl(let code, let host, let detail): return "request to \(host) failed (curl \(code)): \(detail)"
        }
    }
}
