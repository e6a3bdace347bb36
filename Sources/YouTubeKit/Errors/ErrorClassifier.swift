/// Decides what to do about an API error: by reason first, then by `status`, then by HTTP code.
enum ErrorClassifier {
    static func disposition(reasons: [APIErrorReason], status: String?, code: Int?) -> ErrorDisposition {
        for reason in reasons {
            if let known = reason.disposition { return known }
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
