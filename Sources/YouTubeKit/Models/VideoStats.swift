import Foundation

/// One line of a statistics snapshot (`ytcrawl refresh`): a video's counts at `fetchedAt`, or
/// `gone` when the API no longer returns it (deleted or made private).
public struct VideoStats: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable, Codable {
        /// The API returned the video: its counts are those of `fetchedAt`.
        case ok
        /// The API did not return the video: deleted or made private since it was crawled.
        case gone
    }

    public var videoId: String
    public var fetchedAt: Date?
    /// `nil` when hidden (likes), disabled (comments), gone, or not sent.
    public var viewCount: Int?
    public var likeCount: Int?
    public var commentCount: Int?
    /// ISO 8601 as sent (`PT4M13S`); `nil` when gone or not sent.
    public var duration: String?
    public var status: Status

    public init(
        videoId: String, fetchedAt: Date? = nil, viewCount: Int? = nil, likeCount: Int? = nil,
        commentCount: Int? = nil, duration: String? = nil, status: Status = .ok
    ) {
        self.videoId = videoId
        self.fetchedAt = fetchedAt
        self.viewCount = viewCount
        self.likeCount = likeCount
        self.commentCount = commentCount
        self.duration = duration
        self.status = status
    }

    /// The counts of a video as videos.list or `videos:batchGetStats` returned it.
    public init(_ video: Video) {
        self.init(
            videoId: video.videoId, fetchedAt: video.fetchedAt, viewCount: video.viewCount, likeCount: video.likeCount,
            commentCount: video.commentCount, duration: video.duration)
    }

    /// A video the API did not return.
    public static func gone(_ videoId: String, fetchedAt: Date?) -> VideoStats {
        VideoStats(videoId: videoId, fetchedAt: fetchedAt, status: .gone)
    }
}
