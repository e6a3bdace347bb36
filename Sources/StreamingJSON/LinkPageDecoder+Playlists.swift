import Foundation
import YouTubeKit

extension LinkPageDecoder {
    /// A playlists.list item: `nil` without an id.
    static func playlist(_ item: JSONValue) -> Playlist? {
        guard let id = item["id"]?.stringValue, !id.isEmpty else { return nil }
        var playlist = Playlist(playlistId: id)
        let snippet = item["snippet"]
        playlist.channelId = snippet?["channelId"]?.stringValue
        playlist.title = snippet?["title"]?.stringValue
        playlist.description = snippet?["description"]?.stringValue
        playlist.publishedAt = snippet?["publishedAt"]?.stringValue.flatMap(RFC3339.parseDate)
        playlist.defaultLanguage = snippet?["defaultLanguage"]?.stringValue
        playlist.thumbnailUrl = snippet?["thumbnails"].flatMap(preferredThumbnail)
        playlist.itemCount = item["contentDetails"]?["itemCount"]?.integerValue
        playlist.privacyStatus = item["status"]?["privacyStatus"]?.stringValue
        playlist.podcastStatus = item["status"]?["podcastStatus"]?.stringValue
        if let localizations = item["localizations"], case .object = localizations {
            playlist.localizations = localizations
        }
        return playlist
    }

    /// A playlistItems.list item as an entry of its playlist: `nil` without a video id or a
    /// position (an item of another shape).
    static func membership(_ item: JSONValue) -> PlaylistMembership? {
        let snippet = item["snippet"]
        guard
            let videoId = item["contentDetails"]?["videoId"]?.stringValue
                ?? snippet?["resourceId"]?["videoId"]?.stringValue, !videoId.isEmpty,
            let position = snippet?["position"]?.integerValue, position >= 0
        else { return nil }
        return PlaylistMembership(
            run: 0, runKey: "", playlistId: snippet?["playlistId"]?.stringValue ?? "", videoId: videoId,
            position: position, addedAt: snippet?["publishedAt"]?.stringValue.flatMap(RFC3339.parseDate),
            videoOwnerChannelId: snippet?["videoOwnerChannelId"]?.stringValue,
            note: item["contentDetails"]?["note"]?.stringValue)
    }

    /// The URL of the thumbnail the videos' `thumbnailUrl` takes (``Thumbnails/preferred``).
    static func preferredThumbnail(_ thumbnails: JSONValue) -> String? {
        guard case .object(let members) = thumbnails else { return nil }
        let sizes = members.compactMap { name, size -> Thumbnails.Size? in
            guard let url = size["url"]?.stringValue else { return nil }
            return Thumbnails.Size(
                name: name,
                thumbnail: Thumbnail(url: url, width: size["width"]?.integerValue, height: size["height"]?.integerValue)
            )
        }
        return Thumbnails(sizes: sizes).preferred?.url
    }
}

extension JSONValue {
    /// The value of a whole number; `nil` for any other value.
    var integerValue: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }
}
