import YouTubeKit

/// What each request costs on the real API, spelled out from the design document's quota facts
/// and kept apart from the crawler's ``QuotaModel/charge(for:)`` on purpose: the emulator is the
/// crawler's examiner, so a wrong number in the crawler's table shows as a disagreement in the
/// tests instead of being charged back to it unnoticed.
///
/// - `buckets`: search.list draws on its own bucket of 100 calls a day at 1 per call; every other
///   list method costs 1 unit of the 10,000 units a day bucket; `videos:batchGetStats` costs 1 per
///   call of a bucket of its own.
/// - `classic`: search.list costs 100 units, every other list method 1 unit, all from one bucket;
///   `videos:batchGetStats` 1 unit of it.
/// - commentThreads.list, comments.list, channelSections.list and subscriptions.list cost 1 unit
///   per call in both models; liveChatMessages.list 5 units a call in both.
enum PublishedQuotaCosts {
    /// One method's cost under each model.
    struct Row: Sendable {
        var classic: QuotaCharge
        var buckets: QuotaCharge
    }

    static func row(_ method: APIMethod) -> Row {
        switch method {
        case .search: Row(classic: units(100), buckets: QuotaCharge(bucket: .searches, cost: 1))
        case .videos: Row(classic: units(1), buckets: units(1))
        case .channels: Row(classic: units(1), buckets: units(1))
        case .playlistItems: Row(classic: units(1), buckets: units(1))
        case .playlists: Row(classic: units(1), buckets: units(1))
        case .commentThreads: Row(classic: units(1), buckets: units(1))
        case .comments: Row(classic: units(1), buckets: units(1))
        case .batchGetStats: Row(classic: units(1), buckets: QuotaCharge(bucket: .stats, cost: 1))
        case .channelSections: Row(classic: units(1), buckets: units(1))
        case .subscriptions: Row(classic: units(1), buckets: units(1))
        case .videoCategories: Row(classic: units(1), buckets: units(1))
        case .liveChatMessages: Row(classic: units(5), buckets: units(5))
        }
    }

    /// What one request of `method` costs under `model`.
    static func charge(for method: APIMethod, model: QuotaModel) -> QuotaCharge {
        switch model {
        case .classic: row(method).classic
        case .buckets: row(method).buckets
        }
    }

    private static func units(_ cost: Int) -> QuotaCharge { QuotaCharge(bucket: .units, cost: cost) }
}
