import StreamingJSON

/// Google's error bodies, as the real API words them.
struct APIFailure: Error {
    var status: Int
    var body: JSONValue

    init(
        status: Int, reason: String, message: String, domain: String = "youtube.api", location: String? = nil,
        locationType: String? = nil, statusText: String? = nil, detailReason: String? = nil
    ) {
        var item: [(key: String, value: JSONValue)] = [
            ("message", .string(message)), ("domain", .string(domain)), ("reason", .string(reason)),
        ]
        if let location { item.append(("location", .string(location))) }
        if let locationType { item.append(("locationType", .string(locationType))) }
        var error: [(key: String, value: JSONValue)] = [
            ("code", .integer(status)), ("message", .string(message)), ("errors", .array([.object(item)])),
        ]
        if let statusText { error.append(("status", .string(statusText))) }
        if let detailReason {
            error.append(
                (
                    "details",
                    .array([
                        .object([
                            ("@type", .string("type.googleapis.com/google.rpc.ErrorInfo")),
                            ("reason", .string(detailReason)), ("domain", .string("googleapis.com")),
                        ])
                    ])
                ))
        }
        self.status = status
        body = .object([("error", .object(error))])
    }

    static func missingKey() -> APIFailure {
        APIFailure(
            status: 403, reason: "forbidden",
            message:
                "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
            domain: "global", statusText: "PERMISSION_DENIED")
    }

    static func keyInvalid() -> APIFailure {
        APIFailure(
            status: 400, reason: "keyInvalid", message: "API key not valid. Please pass a valid API key.",
            domain: "usageLimits", statusText: "INVALID_ARGUMENT", detailReason: "API_KEY_INVALID")
    }

    static func quotaExceeded() -> APIFailure {
        APIFailure(
            status: 403, reason: "quotaExceeded",
            message:
                "The request cannot be completed because you have exceeded your <a href=\"/youtube/v3/getting-started#quota\">quota</a>.",
            domain: "youtube.quota")
    }

    static func rateLimitExceeded() -> APIFailure {
        APIFailure(
            status: 403, reason: "rateLimitExceeded",
            message: "The request cannot be completed because you have exceeded your rate limit.",
            domain: "youtube.quota")
    }

    static func required(_ parameter: String) -> APIFailure {
        APIFailure(
            status: 400, reason: "required", message: "Required parameter: \(parameter)", domain: "global",
            location: parameter, locationType: "parameter", statusText: "INVALID_ARGUMENT")
    }

    static func unknownPart(_ part: String) -> APIFailure {
        APIFailure(
            status: 400, reason: "unknownPart", message: "'\(part)'", location: "part", locationType: "parameter",
            statusText: "INVALID_ARGUMENT")
    }

    static func invalidValue(_ parameter: String, _ message: String) -> APIFailure {
        APIFailure(
            status: 400, reason: "invalidParameter", message: message, location: parameter, locationType: "parameter",
            statusText: "INVALID_ARGUMENT")
    }

    static func invalidSearchFilter(_ message: String) -> APIFailure {
        APIFailure(
            status: 400, reason: "invalidSearchFilter", message: message, statusText: "INVALID_ARGUMENT")
    }

    static func invalidPageToken() -> APIFailure {
        APIFailure(
            status: 400, reason: "invalidPageToken", message: "The request specifies an invalid page token.",
            location: "pageToken", locationType: "parameter", statusText: "INVALID_ARGUMENT")
    }

    /// As the real body: domain `youtube.playlistItem`, no `status`.
    static func playlistNotFound() -> APIFailure {
        APIFailure(
            status: 404, reason: "playlistNotFound",
            message:
                "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
            domain: "youtube.playlistItem", location: "playlistId", locationType: "parameter")
    }

    static func commentsDisabled() -> APIFailure {
        APIFailure(
            status: 403, reason: "commentsDisabled",
            message:
                "The video identified by the <code><a href=\"/youtube/v3/docs/commentThreads/list#videoId\">videoId</a></code> parameter has disabled comments.",
            domain: "youtube.commentThread", location: "videoId", locationType: "parameter",
            statusText: "PERMISSION_DENIED")
    }

    static func subscriptionForbidden() -> APIFailure {
        APIFailure(
            status: 403, reason: "subscriptionForbidden",
            message: "The requester is not allowed to access the requested subscriptions.",
            domain: "youtube.subscription", statusText: "PERMISSION_DENIED")
    }

    static func subscriberNotFound() -> APIFailure {
        APIFailure(
            status: 404, reason: "subscriberNotFound",
            message: "The subscriber identified with the request cannot be found.",
            domain: "youtube.subscription", statusText: "NOT_FOUND")
    }

    static func videoNotFound() -> APIFailure {
        APIFailure(
            status: 404, reason: "videoNotFound",
            message:
                "The video identified by the <code><a href=\"/youtube/v3/docs/commentThreads/list#videoId\">videoId</a></code> parameter could not be found.",
            domain: "youtube.commentThread", location: "videoId", locationType: "parameter", statusText: "NOT_FOUND")
    }

    static func notFound(_ path: String) -> APIFailure {
        APIFailure(
            status: 404, reason: "notFound", message: "Not Found: \(path)", domain: "global", statusText: "NOT_FOUND")
    }

    static func backendError(_ status: Int) -> APIFailure {
        APIFailure(
            status: status, reason: "backendError",
            message: status == 503 ? "The service is currently unavailable." : "Backend Error", domain: "global",
            statusText: status == 503 ? "UNAVAILABLE" : "INTERNAL")
    }

    static func tooManyRequests() -> APIFailure {
        APIFailure(
            status: 429, reason: "rateLimitExceeded", message: "Resource has been exhausted (e.g. check quota).",
            domain: "global", statusText: "RESOURCE_EXHAUSTED")
    }

    static func badRequest(_ message: String) -> APIFailure {
        APIFailure(
            status: 400, reason: "badRequest", message: message, domain: "global", statusText: "INVALID_ARGUMENT")
    }
}

/// liveChatMessages.list's errors, domain `youtube.liveChat`.
extension APIFailure {
    static func liveChatNotFound() -> APIFailure {
        APIFailure(
            status: 404, reason: "liveChatNotFound",
            message:
                "The live chat that you are trying to retrieve cannot be found. Check the value of the request's <code>liveChatId</code> parameter to ensure that it is correct.",
            domain: "youtube.liveChat", location: "liveChatId", locationType: "parameter", statusText: "NOT_FOUND")
    }

    static func liveChatDisabled() -> APIFailure {
        APIFailure(
            status: 403, reason: "liveChatDisabled", message: "Live chat is not enabled for the specified broadcast.",
            domain: "youtube.liveChat", statusText: "PERMISSION_DENIED")
    }

    /// A members-only chat, read with a key.
    static func liveChatForbidden() -> APIFailure {
        APIFailure(
            status: 403, reason: "forbidden",
            message: "The request is not properly authorized to retrieve the specified live chat.",
            domain: "youtube.liveChat", statusText: "PERMISSION_DENIED")
    }

    static func liveChatEnded() -> APIFailure {
        APIFailure(
            status: 403, reason: "liveChatEnded", message: "The live chat is no longer live.",
            domain: "youtube.liveChat", statusText: "PERMISSION_DENIED")
    }
}
