/// A reason Google's error body gives (`errors[].reason` or `details[].reason`), parsed once.
///
/// Control flow matches these cases, never the reason's text: an unknown reason keeps its text
/// in ``other(_:)`` and is classified by the body's `status` and HTTP code instead.
public enum APIErrorReason: Sendable, Hashable, CustomStringConvertible {
    // Transient.
    case rateLimitExceeded, userRateLimitExceeded, rateLimitExceededRPC
    case backendError, internalError, serviceUnavailable
    // Daily quota.
    case quotaExceeded, dailyLimitExceeded, dailyLimitExceededUnregistered
    // The key.
    case keyInvalid, keyExpired, apiKeyInvalid
    // The project or the key's restrictions.
    case apiKeyServiceBlocked, apiKeyReferrerBlocked, apiKeyIPAddressBlocked, accessNotConfigured, serviceDisabled
    case forbidden, ipRefererBlocked, authError, insufficientPermissions
    // Paging.
    case invalidPageToken
    // Nothing there.
    case channelNotFound, playlistNotFound, videoNotFound, notFound, channelClosed, channelSuspended
    case playlistItemsNotAccessible, playlistForbidden, commentsDisabled
    /// A channel's subscriptions are private (403), or the channel is unknown to
    /// subscriptions.list (404).
    case subscriptionForbidden, subscriberNotFound
    /// A live chat that is over, closed, or unknown (liveChatMessages.list).
    case liveChatEnded, liveChatDisabled, liveChatNotFound
    // The request is wrong.
    case badRequest, invalidParameter, invalidValue, required, unknownPart, invalidChannelId, invalidSearchFilter
    case invalidLocation, incompatibleParameters, missingRequiredParameter, unexpectedParameter
    /// A reason this library does not know, as the API spelled it.
    case other(String)

    private static let byText: [String: APIErrorReason] = {
        var table: [String: APIErrorReason] = [:]
        for reason in known { table[reason.description] = reason }
        return table
    }()

    /// Every reason with a case of its own.
    public static let known: [APIErrorReason] = [
        .rateLimitExceeded, .userRateLimitExceeded, .rateLimitExceededRPC, .backendError, .internalError,
        .serviceUnavailable, .quotaExceeded, .dailyLimitExceeded, .dailyLimitExceededUnregistered, .keyInvalid,
        .keyExpired, .apiKeyInvalid, .apiKeyServiceBlocked, .apiKeyReferrerBlocked, .apiKeyIPAddressBlocked,
        .accessNotConfigured, .serviceDisabled, .forbidden, .ipRefererBlocked, .authError, .insufficientPermissions,
        .invalidPageToken, .channelNotFound, .playlistNotFound, .videoNotFound, .notFound, .channelClosed,
        .channelSuspended, .playlistItemsNotAccessible, .playlistForbidden, .commentsDisabled, .subscriptionForbidden,
        .subscriberNotFound, .liveChatEnded, .liveChatDisabled, .liveChatNotFound, .badRequest,
        .invalidParameter, .invalidValue, .required, .unknownPart, .invalidChannelId, .invalidSearchFilter,
        .invalidLocation, .incompatibleParameters, .missingRequiredParameter, .unexpectedParameter,
    ]

    /// Parses the API's spelling (`"quotaExceeded"`, `"API_KEY_INVALID"`, …).
    public init(_ text: String) { self = Self.byText[text] ?? .other(text) }

    /// The API's spelling.
    public var description: String {
        switch self {
        case .rateLimitExceeded: "rateLimitExceeded"
        case .userRateLimitExceeded: "userRateLimitExceeded"
        case .rateLimitExceededRPC: "RATE_LIMIT_EXCEEDED"
        case .backendError: "backendError"
        case .internalError: "internalError"
        case .serviceUnavailable: "serviceUnavailable"
        case .quotaExceeded: "quotaExceeded"
        case .dailyLimitExceeded: "dailyLimitExceeded"
        case .dailyLimitExceededUnregistered: "dailyLimitExceededUnreg"
        case .keyInvalid: "keyInvalid"
        case .keyExpired: "keyExpired"
        case .apiKeyInvalid: "API_KEY_INVALID"
        case .apiKeyServiceBlocked: "API_KEY_SERVICE_BLOCKED"
        case .apiKeyReferrerBlocked: "API_KEY_HTTP_REFERRER_BLOCKED"
        case .apiKeyIPAddressBlocked: "API_KEY_IP_ADDRESS_BLOCKED"
        case .accessNotConfigured: "accessNotConfigured"
        case .serviceDisabled: "SERVICE_DISABLED"
        case .forbidden: "forbidden"
        case .ipRefererBlocked: "ipRefererBlocked"
        case .authError: "authError"
        case .insufficientPermissions: "insufficientPermissions"
        case .invalidPageToken: "invalidPageToken"
        case .channelNotFound: "channelNotFound"
        case .playlistNotFound: "playlistNotFound"
        case .videoNotFound: "videoNotFound"
        case .notFound: "notFound"
        case .channelClosed: "channelClosed"
        case .channelSuspended: "channelSuspended"
        case .playlistItemsNotAccessible: "playlistItemsNotAccessible"
        case .playlistForbidden: "playlistForbidden"
        case .commentsDisabled: "commentsDisabled"
        case .subscriptionForbidden: "subscriptionForbidden"
        case .subscriberNotFound: "subscriberNotFound"
        case .liveChatEnded: "liveChatEnded"
        case .liveChatDisabled: "liveChatDisabled"
        case .liveChatNotFound: "liveChatNotFound"
        case .badRequest: "badRequest"
        case .invalidParameter: "invalidParameter"
        case .invalidValue: "invalidValue"
        case .required: "required"
        case .unknownPart: "unknownPart"
        case .invalidChannelId: "invalidChannelId"
        case .invalidSearchFilter: "invalidSearchFilter"
        case .invalidLocation: "invalidLocation"
        case .incompatibleParameters: "incompatibleParameters"
        case .missingRequiredParameter: "missingRequiredParameter"
        case .unexpectedParameter: "unexpectedParameter"
        case .other(let text): text
        }
    }

    /// A per-second or per-user rate limit (as opposed to a failure of the backend).
    public var isRateLimit: Bool {
        switch self {
        case .rateLimitExceeded, .userRateLimitExceeded, .rateLimitExceededRPC: true
        default: false
        }
    }

    /// The key itself is not valid: drop it from the pool, other keys may still work.
    public var isInvalidKey: Bool {
        switch self {
        case .keyInvalid, .keyExpired, .apiKeyInvalid: true
        default: false
        }
    }

    /// What to do about this reason, or `nil` when it says nothing (an unknown reason).
    public var disposition: ErrorDisposition? {
        switch self {
        case .rateLimitExceeded, .userRateLimitExceeded, .rateLimitExceededRPC, .backendError, .internalError,
            .serviceUnavailable:
            .retryWithBackoff
        case .quotaExceeded, .dailyLimitExceeded, .dailyLimitExceededUnregistered: .keySpentUntilReset
        case .keyInvalid, .keyExpired, .apiKeyInvalid, .apiKeyServiceBlocked, .apiKeyReferrerBlocked,
            .apiKeyIPAddressBlocked, .accessNotConfigured, .serviceDisabled, .forbidden, .ipRefererBlocked, .authError,
            .insufficientPermissions:
            .stopAuthOrConfig
        case .invalidPageToken: .restartPaging
        case .channelNotFound, .playlistNotFound, .videoNotFound, .notFound, .channelClosed, .channelSuspended,
            .playlistItemsNotAccessible, .playlistForbidden, .commentsDisabled, .subscriptionForbidden,
            .subscriberNotFound, .liveChatEnded, .liveChatDisabled, .liveChatNotFound:
            .skipSeed
        case .badRequest, .invalidParameter, .invalidValue, .required, .unknownPart, .invalidChannelId,
            .invalidSearchFilter, .invalidLocation, .incompatibleParameters, .missingRequiredParameter,
            .unexpectedParameter:
            .rejectRequest
        case .other: nil
        }
    }
}
