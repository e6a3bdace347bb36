import Foundation

/// HTTP over libcurl's multi interface: one I/O thread, connection reuse (keep-alive; HTTP/2
/// multiplexing when a TLS server offers it), gzip/deflate decoded by curl, timeouts, a low-speed
/// abort, a body-size limit, prompt abort on task cancellation. TLS verification is always on;
/// proxies come from the usual environment variables (`https_proxy`, `no_proxy`, …; never for a
/// loopback address, which is reached directly) and a CA
/// bundle from `CURL_CA_BUNDLE` or `SSL_CERT_FILE`.
public final class CurlTransport: HTTPTransport {
    public struct Configuration: Sendable {
        public var connectTimeout: Double
        /// Abort a transfer slower than `lowSpeedBytesPerSecond` for `lowSpeedSeconds`.
        public var lowSpeedBytesPerSecond: Int
        public var lowSpeedSeconds: Double
        /// Connections kept open for reuse.
        public var maximumConnections: Int
        public var caBundle: String?

        public init(
            connectTimeout: Double = 10, lowSpeedBytesPerSecond: Int = 1, lowSpeedSeconds: Double = 30,
            maximumConnections: Int = 64,
            caBundle: String? = ProcessInfo.processInfo.environment["CURL_CA_BUNDLE"]
                ?? ProcessInfo.processInfo.environment["SSL_CERT_FILE"]
        ) {
            self.connectTimeout = connectTimeout
            self.lowSpeedBytesPerSecond = lowSpeedBytesPerSecond
            self.lowSpeedSeconds = lowSpeedSeconds
            self.maximumConnections = maximumConnections
            self.caBundle = caBundle
        }
    }

    private let loop: CurlMultiLoop

    /// - Throws: ``TransportError`` when libcurl cannot be set up.
    public init(configuration: Configuration = Configuration()) throws {
        loop = try CurlMultiLoop(configuration: configuration)
    }

    deinit { loop.shutdown() }

    /// Ends every transfer and stops the I/O thread; later fetches fail.
    public func shutdown() { loop.shutdown() }

    public func fetch(
        _ request: HTTPRequest,
        onHead: @escaping @Sendable (HTTPResponseHead) throws -> Void,
        onChunk: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void
    ) async throws {
        try checkKeySafety(request)
        try Task.checkCancellation()
        let transfer = CurlTransfer(request: request, onHead: onHead, onChunk: onChunk)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                transfer.continuation = continuation
                loop.submit(transfer)
            }
        } onCancel: {
            loop.cancel(transfer)
        }
    }
}
