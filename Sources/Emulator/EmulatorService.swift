import YouTubeKit

/// The emulator's API without its HTTP server: answers one request in the calling thread. Tests
/// of the crawl engine use it through an in-process transport, with no sockets.
///
/// ```swift
/// let service = EmulatorService(EmulatorConfiguration(keys: ["test-key"]))
/// let reply = service.respond(target: "/youtube/v3/videos?part=id&id=dQw4w9WgXcQ",
///                             headers: [("X-Goog-Api-Key", "test-key")])
/// ```
public final class EmulatorService: Sendable {
    /// One answer, and the misbehaviour the fault injection chose for it.
    public struct Reply: Sendable {
        public enum Delivery: Sendable, Hashable {
            case normal
            /// The connection is reset before anything arrives.
            case reset
            /// The head announces the whole body; half of it arrives, then the connection closes.
            case truncate
        }

        public var status: Int
        public var headers: [(name: String, value: String)]
        public var body: [UInt8]
        public var delivery: Delivery
        /// How long the server would wait before answering.
        public var delayMilliseconds: Int
    }

    public let configuration: EmulatorConfiguration
    let api: EmulatorAPI

    public init(_ configuration: EmulatorConfiguration) {
        self.configuration = configuration
        api = EmulatorAPI(
            configuration: configuration,
            corpus: Corpus(configuration.corpus, present: configuration.dayZero ?? configuration.clock()))
    }

    init(api: EmulatorAPI) {
        self.configuration = api.configuration
        self.api = api
    }

    /// Answers `GET target` (path and query, as on the request line).
    public func respond(target: String, headers: [(name: String, value: String)]) -> Reply {
        let head = HTTPRequestHead(
            method: "GET", target: target, version: "HTTP/1.1",
            headers: headers.map { ($0.name.lowercased(), $0.value) })
        let response = api.handle(head)
        let delivery: Reply.Delivery =
            switch response.delivery {
            case .normal: .normal
            case .reset: .reset
            case .truncate: .truncate
            }
        return Reply(
            status: response.status, headers: response.headers.map { (name: $0.0, value: $0.1) }, body: response.body,
            delivery: delivery, delayMilliseconds: response.delayMilliseconds)
    }
}
