import Foundation

/// Whether a video is a Short, a past or present live stream, or long-form. The API has no such
/// field: a crawl labels the videos of a channel from the channel's `UUSH…` (Shorts) and
/// `UULV…` (live) playlists, which lag uploads by up to a week.
public enum VideoFormat: String, Sendable, Hashable, CaseIterable, Codable {
    case short, live, long
}

/// `contentDetails.regionRestriction`: where a video can (or cannot) be watched, as ISO 3166-1
/// alpha-2 codes. The API sends one list or the other.
public struct RegionRestriction: Sendable, Hashable {
    /// Only these regions may watch; `nil` when not sent.
    public var allowed: [String]?
    /// These regions may not watch; `nil` when not sent.
    public var blocked: [String]?

    public init(allowed: [String]? = nil, blocked: [String]? = nil) {
        self.allowed = allowed
        self.blocked = blocked
    }
}

/// `recordingDetails.location`: where a video was recorded.
public struct GeoPoint: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double
    /// Metres; `nil` when not sent.
    public var altitude: Double?

    public init(latitude: Double, longitude: Double, altitude: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }
}

/// `liveStreamingDetails`: when a (past, present or upcoming) live stream runs. Present only on
/// videos that were, are or will be live.
public struct LiveStreamingDetails: Sendable, Hashable {
    public var actualStartTime: Date?
    public var actualEndTime: Date?
    public var scheduledStartTime: Date?
    public var scheduledEndTime: Date?
    /// Viewers now; sent only while live.
    public var concurrentViewers: Int?
    /// The chat of a stream that is live or upcoming.
    public var activeLiveChatId: String?

    public init(
        actualStartTime: Date? = nil, actualEndTime: Date? = nil, scheduledStartTime: Date? = nil,
        scheduledEndTime: Date? = nil, concurrentViewers: Int? = nil, activeLiveChatId: String? = nil
    ) {
        self.actualStartTime = actualStartTime
        self.actualEndTime = actualEndTime
        self.scheduledStartTime = scheduledStartTime
        self.scheduledEndTime = scheduledEndTime
        self.concurrentViewers = concurrentViewers
        self.activeLiveChatId = activeLiveChatId
    }
}
