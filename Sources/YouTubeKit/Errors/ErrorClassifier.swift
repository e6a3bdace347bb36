/// Decides what to do about an API error: by reason first, then by `status`, then by HTTP code.
enum ErrorClassifier {
    private static let byReason: [String: ErrorDisposition] = [
        // Transient: back off and retry.
        "rateLimitExceeded": .retryWithBackoff,
        "userRateLimitExceeded": .retryWithBackoff,
        "RATE_LIMIT_EXCEEDED": .retryWithBackoff,
        "backendError": .retryWithBackoff,
        "internalError": .retryWithBackoff,
        "serviceUnavailable": .retryWithBackoff,
        // Spent until the daily reset.
        "quotaExceeded": .keySpentUntilReset,
        "dailyLimitExceeded": .keySpentUntilReset,
        "dailyLimitExceededUnreg": .keySpentUntilReset,
        // The key or the project cannot be used.
        "keyInvalid": .stopAuthOrConfig,
        "keyExpired": .stopAuthOrConfig,
        "API_KEY_INVALID": .stopAuthOrConfig,
        "API_KEY_SERVICE_BLOCKED": .stopAuthOrConfig,
        "API_KEY_HTTP_REFERRER_BLOCKED": .stopAuthOrConfig,
        "API_KEY_IP_ADDRESS_BLOCKED": .stopAuthOrConfig,
        "accessNotConfigured": .stopAuthOrConfig,
        "SERVICE_DISABLED": .stopAuthOrConfig,
        "forbidden": .stopAuthOrConfig,
        "ipRefererBlocked": .stopAuthOrConfig,
        "authError": .stopAuthOrConfig,
        "insufficientPermissions": .stopAuthOrConfig,
        // Paging must start over.
        "invalidPageToken": .restartPaging,
        // Nothing there: skip the seed.
        "channelNotFound": .skipSeed,
        "playlistNotFound": .skipSeed,
        "videoNotFound": .skipSeed,
        "notFound": .skipSeed,
        "channelClosed": .skipSeed,
        "channelSuspended": .skipSeed,
        "playlistItemsNotAccessible": .skipSeed,
        "playlistForbidden": .skipSeed,
        // The request is wrong.
        "badRequest": .rejectRequest,
        "invalidParameter": .rejectRequest,
        "invalidValue": .rejectRequest,
        "required": .rejectRequest,
        "unknownPart": .rejectRequest,
        "invalidChannelId": .rejectRequest,
        "invalidSearchFilter": .rejectRequest,
        "invalidLocation": .rejectRequest,
        "incompatibleParameters": .rejectRequest,
        "missingRequiredParameter": .rejectRequest,
        "unexpectedParameter": .rejectRequest,
    ]

    static func disposition(reasons: [String], status: String?, code: Int?) -> ErrorDisposition {
        for reason in reasons {
            if let known = byReason[reason] { return known }
        }
        switch status {
        case "RESOURCE_EXHAUSTED": return .retryWithBackoff
        case "UNAVAILABLE", "INTERNAL", "DEADLINE_EXCEEDED", "ABORTED": return .retryWithBackoff
        case "PERMISSION_DENIED", "UNAUTHENTICATED": return .stopAuthOrConfig
        case "NOT_FOUND": return .skipSeed
        case "INVALID_ARGUMENT", "FAILED_PRECONDITION", "OUT_OF_RANGE": return .rejectRequest
        default: break
        }
        switch code {
        case 429?: return .retryWithBackoff
        case let code? where (500...599).contains(code): return .retryWithBackoff
        case 401?, 403?: return .stopAuthOrConfig
        case 404?: return .skipSeed
        case 408?: return .retryWithBackoff
        default: return .rejectRequest
        }
    }
}
