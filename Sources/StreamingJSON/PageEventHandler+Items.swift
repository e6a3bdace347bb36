import Foundation
import YouTubeKit

extension PageEventHandler {
    mutating func finishItem() throws {
        let itemEndpoint: Endpoint
        if endpoint != .auto {
            itemEndpoint = endpoint
        } else if let fromKind = itemKind {
            itemEndpoint = fromKind
        } else {
            itemEndpoint = rootEndpoint ?? item.inferredEndpoint
        }
        if summary.endpoint == nil { summary.endpoint = itemEndpoint }
        switch itemEndpoint {
        case .search:
            if item.isSearchVideo {
                summary.videoCount += 1
                summary.searchOrder.append(.video)
                // Made here and filled in place, as for videos below.
                var video = Video(videoId: item.takeSearchVideoId(), thumbnails: Thumbnails(sizes: []))
                item.moveSearchFields(into: &video)
                try onRecord(.video(consume video))
            } else if let channelId = item.idChannelId {
                summary.channelResults.append(channelId)
                summary.searchOrder.append(.channel)
            } else if let playlistId = item.idPlaylistId {
                summary.playlistResults.append(playlistId)
                summary.searchOrder.append(.playlist)
            }
        case .videos:
            // Made here and filled in place: `takeHydratedVideo()` would copy the record whole.
            if let id = item.id.take() {
                summary.videoCount += 1
                var video = Video(videoId: id, thumbnails: Thumbnails(sizes: []))
                item.moveHydratedFields(into: &video)
                // Consumed: the filled record is moved into the enum, not copied and destroyed.
                try onRecord(.video(consume video))
            }
        case .playlistItems:
            if item.isPlaceholder {
                summary.placeholderCount += 1
            } else if item.isPlaylistVideo {
                summary.videoCount += 1
                var video = Video(videoId: item.takePlaylistVideoId(), thumbnails: Thumbnails(sizes: []))
                item.movePlaylistFields(into: &video)
                try onRecord(.video(consume video))
            }
        case .channels:
            if let id = item.id.take() {
                summary.channelCount += 1
                var channel = Channel(channelId: id, thumbnails: Thumbnails(sizes: []))
                item.moveChannelFields(into: &channel)
                try onRecord(.channel(consume channel))
            }
        case .auto, .commentThreads, .comments:
            break
        }
    }
}
