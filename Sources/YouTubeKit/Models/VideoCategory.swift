import Foundation

/// A video category of a region (videoCategories.list): what a video's `categoryId` means there.
/// Written once per (region, id) in an output (record kind `categories`).
public struct VideoCategory: Sendable, Hashable {
    public var categoryId: String
    public var regionCode: String
    public var title: String?
    /// Whether videos may be put in it (some categories only name old videos' or charts').
    public var assignable: Bool?
    /// The channel that created it (YouTube's own).
    public var channelId: String?
    public var fetchedAt: Date?

    public init(
        categoryId: String, regionCode: String, title: String? = nil, assignable: Bool? = nil, channelId: String? = nil,
        fetchedAt: Date? = nil
    ) {
        self.categoryId = categoryId
        self.regionCode = regionCode
        self.title = title
        self.assignable = assignable
        self.channelId = channelId
        self.fetchedAt = fetchedAt
    }
}
