import YouTubeKit

extension ItemFields {
    /// The endpoint this item's shape says it came from, when neither the page nor the item's
    /// `kind` said.
    var inferredEndpoint: Endpoint {
        if idIsObject { return .search }
        if hasResourceId || contentVideoId != nil || videoPublishedAt != nil || playlistId != nil {
            return .playlistItems
        }
        if uploads != nil || subscriberCount != nil || customUrl != nil || hiddenSubscriberCount != nil
            || (videoCount != nil && duration == nil)
        {
            return .channels
        }
        return .videos
    }
}
