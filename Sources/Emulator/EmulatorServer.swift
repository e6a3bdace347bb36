import Foundation
import StreamingJSON
import YouTubeKit

/// The offline YouTube Data API v3: an HTTP server on 127.0.0.1 over a deterministic corpus.
///
/// ```swift
/// let emulator = try EmulatorServer(EmulatorConfiguration(keys: ["test-key"]))
/// let base = try emulator.start()          // "http://127.0.0.1:41234"
/// defer { emulator.stop() }
/// ```
public final class EmulatorServer: Sendable {
    public let configuration: EmulatorConfiguration
    let api: EmulatorAPI
    private let server: HTTPServer

    /// Connections open at once, idle ones included, unless told otherwise: beyond them a client
    /// gets 503 `backendError` and a close.
    public static let defaultMaximumConnections = 256

    /// Builds the corpus and binds the port (0 picks a free one); serving starts with ``start()``.
    ///
    /// - Parameters:
    ///   - idleTimeoutSeconds: how long a connection may stay idle (it is closed then), and how
    ///     long a request head may take (408 after it).
    ///   - maximumConnections: connections open at once; beyond them, 503 and a close.
    ///
    /// - Throws: ``EmulatorError`` when the port cannot be bound.
    public init(
        _ configuration: EmulatorConfiguration, port: UInt16 = 0, idleTimeoutSeconds: Int = 10,
        maximumConnections: Int = EmulatorServer.defaultMaximumConnections
    ) throws {
        self.configuration = configuration
        let corpus = Corpus(configuration.corpus, present: configuration.dayZero ?? configuration.clock())
        let api = EmulatorAPI(configuration: configuration, corpus: corpus)
        self.api = api
        server = try HTTPServer(
            port: port, idleTimeoutSeconds: idleTimeoutSeconds, maximumConnections: maximumConnections,
            overloaded: api.render(APIFailure.backendError(503).body, status: 503)
        ) { api.handle($0) }
    }

    /// The base URL clients use (`--api-base`): `http://127.0.0.1:PORT`; the API lives under `/youtube/v3`.
    public var baseURL: String { "http://127.0.0.1:\(server.port)" }

    public var port: UInt16 { server.port }

    /// Starts serving; returns ``baseURL``.
    @discardableResult
    public func start() -> String {
        server.start()
        return baseURL
    }

    /// Stops accepting, closes every connection and waits for them to end.
    public func stop() {
        server.stop()
    }

    /// The API this server serves, for in-process use and for its ground truth.
    public var service: EmulatorService { EmulatorService(api: api) }

    /// How many videos and channels the corpus holds.
    public var videoCount: Int { api.corpus.videoCount }
    public var channelCount: Int { api.corpus.channels.count }

    /// Every channel id, in corpus order (for building seeds).
    public var channelIds: [String] { service.channelIds }

    /// Every ordinary playlist id, in corpus order.
    public var playlistIds: [String] { service.playlistIds }

    /// Units and searches `key` used today (Pacific), as the emulator counted them.
    public func quotaUsed(key: String) -> QuotaCounts { service.quotaUsed(key: key) }

    /// The ground truth: every video as videos.list shows it on the emulator's current day.
    public func truthVideos() -> [Video] { service.truthVideos() }

    /// ``EmulatorService/formatListVideoIds(channelId:)``.
    public func formatListVideoIds(channelId: String) -> [String: [String]]? {
        service.formatListVideoIds(channelId: channelId)
    }

    /// The corpus's day at the emulator's clock (see ``EmulatorService/day``).
    public var day: Int { api.day }

    /// The ground truth: every channel as channels.list shows it.
    public func truthChannels() -> [Channel] { service.truthChannels() }

    /// ``EmulatorService/newUploadsStart``.
    public var newUploadsStart: Date { service.newUploadsStart }

    /// ``EmulatorService/uploads(publishedBetween:and:channelIds:)``.
    public func uploads(publishedBetween start: Date, and end: Date, channelIds: [String]? = nil) -> [PublishedVideo] {
        service.uploads(publishedBetween: start, and: end, channelIds: channelIds)
    }

    /// ``EmulatorService/newUploads(channelIds:)``.
    public func newUploads(channelIds: [String]? = nil) -> [PublishedVideo] {
        service.newUploads(channelIds: channelIds)
    }

    /// ``EmulatorService/uploadSchedule(channelId:)``.
    public func uploadSchedule(channelId: String) -> UploadSchedule? { service.uploadSchedule(channelId: channelId) }

    /// ``EmulatorService/channelExists(_:)``.
    public func channelExists(_ channelId: String) -> Bool { service.channelExists(channelId) }

    /// ``EmulatorService/featuredChannels(of:)``.
    public func featuredChannels(of channelId: String) -> [(sectionTitle: String, channelIds: [String])]? {
        service.featuredChannels(of: channelId)
    }

    /// ``EmulatorService/subscriptions(of:)``.
    public func subscriptions(of channelId: String) -> [String]? { service.subscriptions(of: channelId) }

    /// ``EmulatorService/subscriptionsArePrivate(_:)``.
    public func subscriptionsArePrivate(_ channelId: String) -> Bool { service.subscriptionsArePrivate(channelId) }

    /// ``EmulatorService/truthLinks()``.
    public func truthLinks() -> [TruthLink] { service.truthLinks() }

    /// ``EmulatorService/answers(to:pages:)``.
    public func answers(to request: APIRequest, pages: Int) throws -> [[String]] {
        try service.answers(to: request, pages: pages)
    }

    /// Writes the ground truth as JSON lines (see ``EmulatorService/dumpTruth(to:kinds:)``).
    public func dumpTruth(to directory: String, kinds: Set<RecordKind> = Set(EmulatorService.truthKinds)) throws {
        try service.dumpTruth(to: directory, kinds: kinds)
    }

    /// Writes the live chats' ground truth (see ``EmulatorService/dumpChatTruth(to:)``).
    public func dumpChatTruth(to directory: String) throws {
        try service.dumpChatTruth(to: directory)
    }
}
