/// What to do about an error from the API, decided from its reason (not its HTTP status alone).
public enum ErrorDisposition: String, Sendable, Hashable, CaseIterable {
    /// Transient (rate limit, backend error, 5xx, 429): back off exponentially with jitter and retry.
    case retryWithBackoff
    /// The key's daily quota is spent (quotaExceeded, dailyLimitExceeded): park it until Pacific midnight.
    case keySpentUntilReset
    /// The key or project cannot be used (keyInvalid, accessNotConfigured, forbidden): stop with a clear message.
    case stopAuthOrConfig
    /// The page token is no longer valid (invalidPageToken): restart that seed's paging.
    case restartPaging
    /// The resource does not exist (channelNotFound, playlistNotFound, 404): skip that seed with a warning.
    case skipSeed
    /// The request itself is wrong (invalid parameter, bad request): retrying cannot help; report it.
    case rejectRequest
}
