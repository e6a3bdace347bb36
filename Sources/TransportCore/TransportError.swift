/// A failure below HTTP: no complete response arrived.
///
/// Descriptions name the host and what to check; they never contain a URL's path or query, so
/// never an API key either.
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        case dnsFailure, connectionRefused, timeout, connectionReset, tls, truncatedBody, bodyTooLarge
        case malformedResponse, insecureKey, invalidURL, setup, other
    }

    public let kind: Kind
    /// The host (and port) the request was for; empty when unknown.
    public let host: String
    public let detail: String

    public init(_ kind: Kind, host: String, detail: String) {
        self.kind = kind
        self.host = host
        self.detail = detail
    }

    public static func setup(_ detail: String) -> TransportError { TransportError(.setup, host: "", detail: detail) }

    /// Whether the same request may succeed if sent again. An unresolvable host, TLS, a refused
    /// URL or a body over the limit are not retried: sending again cannot help (a crawl stops on
    /// the others, and fails only that item on a body over the limit).
    public var isRetryable: Bool {
        switch kind {
        case .connectionRefused, .timeout, .connectionReset, .truncatedBody, .malformedResponse, .other:
            return true
        case .dnsFailure, .tls, .bodyTooLarge, .insecureKey, .invalidURL, .setup:
            return false
        }
    }

    /// Whether the request may have reached the server (and so may have been charged): not when
    /// the name did not resolve, the connection or the TLS handshake failed, or it was refused
    /// before sending.
    public var mayHaveReachedServer: Bool {
        switch kind {
        case .dnsFailure, .connectionRefused, .tls, .insecureKey, .invalidURL, .setup:
            return false
        case .timeout, .connectionReset, .truncatedBody, .bodyTooLarge, .malformedResponse, .other:
            return true
        }
    }

    public var description: String {
        let target = host.isEmpty ? "the server" : host
        switch kind {
        case .dnsFailure: return "cannot resolve \(target): check the host name and DNS (\(detail))"
        case .connectionRefused:
            return "connection to \(target) refused: is the server running and the port right? (\(detail))"
        case .timeout: return "request to \(target) timed out: the server or network is too slow (\(detail))"
        case .connectionReset:
            return "connection to \(target) was reset or closed before the response ended (\(detail))"
        case .tls:
            return
                "TLS with \(target) failed: check the certificate, CA bundle (CURL_CA_BUNDLE/SSL_CERT_FILE) and clock (\(detail))"
        case .truncatedBody: return "response from \(target) ended before its announced length (\(detail))"
        case .bodyTooLarge: return "response from \(target) is larger than the limit (\(detail))"
        case .malformedResponse: return "response from \(target) is not valid HTTP (\(detail))"
        case .insecureKey:
            return
                "refused to send an API key over plain http:// to \(target): use https://, or a loopback address for the emulator"
        case .invalidURL: return "invalid URL for \(target) (\(detail))"
        case .setup: return "transport setup failed: \(detail)"
        case .other: return "request to \(target) failed (\(detail))"
        }
    }
}
