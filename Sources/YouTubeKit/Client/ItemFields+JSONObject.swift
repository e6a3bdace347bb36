import Foundation

extension ItemFields {
    /// The thumbnail sizes the API names, in the order it sends them.
    static let thumbnailNames = ["default", "medium", "high", "standard", "maxres"]

    /// Reads one `items[]` element parsed by `JSONSerialization`: the same fields, with the same
    /// meaning, as the streaming page decoders read from the bytes.
    package init(jsonObject item: [String: Any]) {
        self.init()
        if let text = item["id"] as? String {
            id = text
        } else if let object = item["id"] as? [String: Any] {
            idIsObject = true
            idVideoId = object["videoId"] as? String
            idChannelId = object["channelId"] as? String
            idPlaylistId = object["playlistId"] as? String
        }
        if let snippet = item["snippet"] as? [String: Any] {
            publishedAt = (snippet["publishedAt"] as? String).flatMap(RFC3339.parseSeconds)
            channelId = snippet["channelId"] as? String
            title = snippet["title"] as? String
            description = snippet["description"] as? String
            channelTitle = snippet["channelTitle"] as? String
            liveBroadcastContent = snippet["liveBroadcastContent"] as? String
            tags = (snippet["tags"] as? [Any])?.compactMap { $0 as? String }
            categoryId = snippet["categoryId"] as? String
            defaultLanguage = snippet["defaultLanguage"] as? String
            defaultAudioLanguage = snippet["defaultAudioLanguage"] as? String
            customUrl = snippet["customUrl"] as? String
            country = snippet["country"] as? String
            playlistId = snippet["playlistId"] as? String
            videoOwnerChannelId = snippet["videoOwnerChannelId"] as? String
            videoOwnerChannelTitle = snippet["videoOwnerChannelTitle"] as? String
            if let resource = snippet["resourceId"] as? [String: Any] {
                hasResourceId = true
                resourceVideoId = resource["videoId"] as? String
            }
            if let sizes = snippet["thumbnails"] as? [String: Any] {
                for name in Self.thumbnailNames {
                    guard let size = sizes[name] as? [String: Any], let url = size["url"] as? String else { continue }
                    thumbnails.append(
                        Thumbnails.Size(
                            name: name,
                            thumbnail: Thumbnail(
                                url: url, width: Self.integer(size["width"]), height: Self.integer(size["height"]))))
                }
            }
        }
        if let details = item["contentDetails"] as? [String: Any] {
            if let text = details["duration"] as? String {
                duration = text
                durationSeconds = ISO8601Duration.seconds(text)
            }
            contentVideoId = details["videoId"] as? String
            videoPublishedAt = (details["videoPublishedAt"] as? String).flatMap(RFC3339.parseSeconds)
            uploadsPlaylistId = (details["relatedPlaylists"] as? [String: Any])?["uploads"] as? String
        }
        if let statistics = item["statistics"] as? [String: Any] {
            viewCount = Self.integer(statistics["viewCount"])
            likeCount = Self.integer(statistics["likeCount"])
            commentCount = Self.integer(statistics["commentCount"])
            subscriberCount = Self.integer(statistics["subscriberCount"])
            videoCount = Self.integer(statistics["videoCount"])
            hiddenSubscriberCount = statistics["hiddenSubscriberCount"] as? Bool ?? false
        }
        privacyStatus = (item["status"] as? [String: Any])?["privacyStatus"] as? String
    }

    /// A count as the API sends it: a string of digits (usually) or a number.
    static func integer(_ value: Any?) -> Int? {
        if let text = value as? String { return Int(text) }
        if let number = value as? NSNumber { return number.intValue }
        return nil
    }
}
