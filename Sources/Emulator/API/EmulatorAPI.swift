import Gzip
import StreamingJSON
import Synchronization
import YouTubeKit

/// The YouTube Data API v3 as the emulator serves it: key check, quota, faults, standard
/// parameters (`alt`, `prettyPrint`, `quotaUser`, `fields`, `key`), then the endpoint.
final class EmulatorAPI: Sendable {
    let configuration: EmulatorConfiguration
    let corpus: Corpus
    let renderer: ResourceRenderer
    let quota: QuotaBook
    let tokens: PageTokenCodec
    let timeline: CorpusTimeline
    /// The UTC second the corpus's day 0 begins.
    let dayZero: Int64
    private let requestCounter = Atomic<UInt64>(0)
    private let cache: ResponseCache
    /// liveChatMessages.list's page tokens.
    let chatTokens: LiveChatTokenCodec
    /// Chat calls and early polls.
    let chatPolls = LiveChatPolls()
    /// The real microsecond the emulator started: the chat clock's zero.
    let startedMicros: Int64

    static let standardParameters: Set<String> = ["alt", "prettyPrint", "quotaUser", "fields", "key", "userIp"]

    init(configuration: EmulatorConfiguration, corpus: Corpus) {
        self.configuration = configuration
        self.corpus = corpus
        renderer = ResourceRenderer(corpus: corpus)
        quota = QuotaBook(
            model: configuration.quotaModel,
            daily: QuotaCounts(
                units: configuration.dailyUnits, searches: configuration.dailySearches,
                stats: configuration.dailyStatsUnits),
            rpsLimit: configuration.rpsLimit)
        cache = ResponseCache(budgetBytes: configuration.responseCacheBytes)
        tokens = PageTokenCodec(secret: configuration.corpus.seed &* 0x9E37_79B9_7F4A_7C15 ^ 0x7A6E)
        timeline = corpus.timeline
        // The corpus was made with the same day 0: read the clock once for both.
        dayZero = configuration.dayZero ?? corpus.origin
        chatTokens = LiveChatTokenCodec(secret: configuration.corpus.seed &* 0xD1B5_4A32_D192_ED03 ^ 0x11FE)
        startedMicros = configuration.microsecondClock()
    }

    /// The chat clock, in Unix microseconds: day 0's second plus the real time since the emulator
    /// started times ``EmulatorConfiguration/speed``. Live streams and their chats follow it.
    func chatClock() -> Int64 {
        let elapsed = Double(configuration.microsecondClock() - startedMicros) * configuration.speed
        return dayZero * 1_000_000 + Int64(elapsed.rounded(.down))
    }

    /// The corpus's day at the emulator's clock: whole days since day 0 began (never negative).
    var day: Int { max(0, Int((configuration.clock() - dayZero) / 86_400)) }

    /// Answers one request.
    func handle(_ head: HTTPRequestHead) -> HTTPResponse {
        let started = configuration.log == nil ? nil : ContinuousClock.now
        var response = respond(head)
        // The emulator's clock, as Google's servers send theirs (a cached body gets today's).
        response.headers.append(("Date", HTTPDate.format(seconds: configuration.clock())))
        response.delayMilliseconds += configuration.latencyMilliseconds
        if let log = configuration.log, let started {
            let elapsed = ContinuousClock.now - started
            log(
                "\(head.method) \(Self.redacted(head.target)) → \(response.status) (\(response.body.count) bytes, \(elapsed))"
            )
        }
        return response
    }

    /// The target with any `key=` value hidden, for logs.
    static func redacted(_ target: String) -> String {
        guard target.contains("key=") else { return target }
        let parts = target.split(separator: "?", maxSplits: 1)
        guard parts.count == 2 else { return target }
        let query = parts[1].split(separator: "&").map { $0.hasPrefix("key=") ? "key=REDACTED" : String($0) }
        return parts[0] + "?" + query.joined(separator: "&")
    }

    private func respond(_ head: HTTPRequestHead) -> HTTPResponse {
        let acceptsGzip =
            configuration.compressesResponses && (head.header("accept-encoding")?.contains("gzip") ?? false)
        guard head.method == "GET" else {
            return render(
                APIFailure.badRequest("Method \(head.method) is not supported by the emulator").body, status: 405)
        }
        let path = head.path
        guard path.hasPrefix("/youtube/v3/"), let method = APIMethod(pathName: String(path.dropFirst(12))) else {
            return render(APIFailure.notFound(String(path)).body, status: 404)
        }
        guard let pairs = PercentEncoding.parseQuery(head.query) else {
            return render(
                APIFailure.badRequest("The query string is not valid percent-encoded UTF-8.").body, status: 400)
        }
        var parameters: [String: String] = [:]
        var order: [(name: String, value: String)] = []
        for pair in pairs {
            parameters[pair.name] = pair.value
            order.append(pair)
        }
        let pretty = parameters["prettyPrint"].map { $0 != "false" } ?? true
        // The key: header first, then `key=`.
        guard let key = head.header("x-goog-api-key") ?? parameters["key"], !key.isEmpty else {
            return render(APIFailure.missingKey().body, status: 403, pretty: pretty)
        }
        guard configuration.keys.isEmpty || configuration.keys.contains(key) else {
            return render(APIFailure.keyInvalid().body, status: 400, pretty: pretty)
        }
        let now = configuration.clock()
        if let failure = quota.charge(key: key, method: method, now: now) {
            return render(failure.body, status: failure.status, pretty: pretty)
        }
        let sequence = requestCounter.wrappingAdd(1, ordering: .relaxed).oldValue
        if let fault = fault(for: sequence) {
            switch fault {
            case .http500: return render(APIFailure.backendError(500).body, status: 500, pretty: pretty)
            case .http503: return render(APIFailure.backendError(503).body, status: 503, pretty: pretty)
            case .http429: return render(APIFailure.tooManyRequests().body, status: 429, pretty: pretty)
            case .rateLimit: return render(APIFailure.rateLimitExceeded().body, status: 403, pretty: pretty)
            case .reset: return HTTPResponse(status: 200, body: [], delivery: .reset)
            case .truncate, .garbage, .slow: break
            }
            var response = serve(method, parameters, order, pretty: pretty, gzip: false)
            switch fault {
            case .truncate: response.delivery = .truncate
            case .garbage:
                response.status = 200
                response.body = Array(response.body.prefix(response.body.count / 3)) + Array("\u{0}}{garbage".utf8)
            default: response.delayMilliseconds += configuration.slowMilliseconds
            }
            return response
        }
        return serve(method, parameters, order, pretty: pretty, gzip: acceptsGzip)
    }

    /// Whether request number `sequence` gets a fault, and which: a pure function of the seed
    /// and the sequence number.
    func fault(for sequence: UInt64) -> FaultKind? {
        guard configuration.faultRate > 0, !configuration.faults.isEmpty else { return nil }
        var random = CorpusRandom(seed: configuration.corpus.seed ^ 0xFA17, stream: sequence)
        let draw = Double(random.next() >> 11) / Double(1 << 53)
        guard draw < configuration.faultRate else { return nil }
        return configuration.faults[Int(random.next() % UInt64(configuration.faults.count))]
    }

    private func serve(
        _ method: APIMethod, _ parameters: [String: String], _ order: [(name: String, value: String)], pretty: Bool,
        gzip: Bool
    ) -> HTTPResponse {
        // Everything but the key decides the bytes of a response, and the corpus's day.
        let day = day
        let cacheKey =
            String(day) + method.rawValue + (gzip ? "?z&" : "?")
            + order.filter { $0.name != "key" }.map { $0.name + "=" + $0.value }.joined(separator: "&")
        // Chat answers move with the chat clock: never kept, never looked up.
        let cacheable = method != .liveChatMessages
        let now = chatClock()
        if cacheable, let cached = cache.response(for: cacheKey, now: now) { return cached }
        let (response, validUntil) = build(method, parameters, order, day: day, pretty: pretty, gzip: gzip)
        if cacheable { cache.store(response, for: cacheKey, validUntil: validUntil) }
        return response
    }

    /// The response, and until when (on the chat clock) it stands: the next start or end of a
    /// stream it shows (`Int64.max` when it shows none).
    private func build(
        _ method: APIMethod, _ parameters: [String: String], _ order: [(name: String, value: String)], day: Int,
        pretty: Bool, gzip: Bool
    ) -> (HTTPResponse, Int64) {
        let endpoint = Endpoints(api: self, parameters: parameters, order: order, day: day)
        let response = build(method, parameters, endpoint: endpoint, pretty: pretty, gzip: gzip)
        return (response, endpoint.liveShown.validUntil)
    }

    private func build(
        _ method: APIMethod, _ parameters: [String: String], endpoint: Endpoints, pretty: Bool, gzip: Bool
    ) -> HTTPResponse {
        do {
            if let alt = parameters["alt"], alt != "json" {
                throw APIFailure.invalidValue(
                    "alt", "Invalid value '\(alt)'. Values must match the following regular expression: 'json'")
            }
            var filter: FieldsFilter?
            if let fields = parameters["fields"] {
                do {
                    filter = try FieldsFilter(parsing: fields)
                } catch {
                    throw APIFailure.badRequest("Invalid field selection \(fields)")
                }
            }
            var value: JSONValue
            switch method {
            case .search: value = try endpoint.search()
            case .videos: value = try endpoint.videos()
            case .channels: value = try endpoint.channels()
            case .playlistItems: value = try endpoint.playlistItems()
            case .playlists: value = try endpoint.playlists()
            case .commentThreads: value = try endpoint.commentThreads()
            case .comments: value = try endpoint.comments()
            case .batchGetStats: value = try endpoint.batchGetStats()
            case .channelSections: value = try endpoint.channelSections()
            case .subscriptions: value = try endpoint.subscriptions()
            case .videoCategories: value = try endpoint.videoCategories()
            case .liveChatMessages: value = try endpoint.liveChatMessages()
            }
            if let filter { value = filter.apply(to: value) }
            return render(value, status: 200, pretty: pretty, gzip: gzip)
        } catch let failure as APIFailure {
            return render(failure.body, status: failure.status, pretty: pretty, gzip: gzip)
        } catch {
            return render(APIFailure.backendError(500).body, status: 500, pretty: pretty)
        }
    }

    func render(_ value: JSONValue, status: Int, pretty: Bool = true, gzip: Bool = false) -> HTTPResponse {
        var response = HTTPResponse(status: status, body: value.render(pretty: pretty))
        response.headers.append(("Vary", "Origin, X-Origin, Referer"))
        if gzip, let compressed = try? GzipCompressor.member(of: response.body, level: 1) {
            response.body = compressed
            response.headers.append(("Content-Encoding", "gzip"))
        }
        return response
    }
}
