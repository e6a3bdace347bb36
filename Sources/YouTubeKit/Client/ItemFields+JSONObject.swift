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
                    appendThumbnail(
                        Thumbnails.Size(
                            name: name,
                            thumbnail: Thumbnail(
                                url: url, width: Self.integer(size["width"]), height: Self.integer(size["height"]))),
                        standardName: nil)
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
            uploads = ((details["relatedPlaylists"] as? [String: Any])?["uploads"] as? String).map { .other($0) }
            dimension = details["dimension"] as? String
            definition = details["definition"] as? String
            projection = details["projection"] as? String
            caption = Self.boolean(details["caption"])
            licensedContent = Self.boolean(details["licensedContent"])
            if let restriction = details["regionRestriction"] as? [String: Any] {
                hasRegionRestriction = true
                regionAllowed = Self.strings(restriction["allowed"])
                regionBlocked = Self.strings(restriction["blocked"])
            }
            if let rating = details["contentRating"] as? [String: Any] { contentRating = JSONValue(foundation: rating) }
        }
        if let statistics = item["statistics"] as? [String: Any] {
            viewCount = Self.integer(statistics["viewCount"])
            likeCount = Self.integer(statistics["likeCount"])
            commentCount = Self.integer(statistics["commentCount"])
            subscriberCount = Self.integer(statistics["subscriberCount"])
            videoCount = Self.integer(statistics["videoCount"])
            hiddenSubscriberCount = Self.boolean(statistics["hiddenSubscriberCount"])
        }
        hasVersion2Parts = true
        if let status = item["status"] as? [String: Any] {
            privacyStatus = status["privacyStatus"] as? String
            uploadStatus = status["uploadStatus"] as? String
            license = status["license"] as? String
            embeddable = Self.boolean(status["embeddable"])
            publicStatsViewable = Self.boolean(status["publicStatsViewable"])
            madeForKids = Self.boolean(status["madeForKids"])
            containsSyntheticMedia = Self.boolean(status["containsSyntheticMedia"])
            isLinked = Self.boolean(status["isLinked"])
            longUploadsStatus = status["longUploadsStatus"] as? String
        }
        if let topics = item["topicDetails"] as? [String: Any] {
            topicIds = Self.strings(topics["topicIds"])
            relevantTopicIds = Self.strings(topics["relevantTopicIds"])
            topicCategories = Self.strings(topics["topicCategories"])
        }
        if let recording = item["recordingDetails"] as? [String: Any] {
            recordingDate = (recording["recordingDate"] as? String).flatMap(RFC3339.parseSeconds)
            if let location = recording["location"] as? [String: Any] {
                latitude = Self.double(location["latitude"])
                longitude = Self.double(location["longitude"])
                altitude = Self.double(location["altitude"])
            }
        }
        if let live = item["liveStreamingDetails"] as? [String: Any] {
            func time(_ key: String) -> Date? { Self.date((live[key] as? String).flatMap(RFC3339.parseSeconds)) }
            liveStreamingDetails = LiveStreamingDetails(
                actualStartTime: time("actualStartTime"), actualEndTime: time("actualEndTime"),
                scheduledStartTime: time("scheduledStartTime"), scheduledEndTime: time("scheduledEndTime"),
                concurrentViewers: Self.integer(live["concurrentViewers"]),
                activeLiveChatId: live["activeLiveChatId"] as? String)
        }
        if let placement = item["paidProductPlacementDetails"] as? [String: Any] {
            hasPaidProductPlacement = Self.boolean(placement["hasPaidProductPlacement"])
        }
        if let localized = item["localizations"] as? [String: Any] { localizations = JSONValue(foundation: localized) }
        if let branding = item["brandingSettings"] as? [String: Any] {
            if let channel = branding["channel"] as? [String: Any] {
                keywords = (channel["keywords"] as? String).map { .text($0) }
                unsubscribedTrailer = channel["unsubscribedTrailer"] as? String
            }
            bannerUrl = (branding["image"] as? [String: Any])?["bannerExternalUrl"] as? String
        }
    }

    /// A boolean as the API sends it: `true`/`false`, or the strings `"true"`/`"false"` (caption).
    static func boolean(_ value: Any?) -> Bool? {
        if let text = value as? String { return text == "true" ? true : text == "false" ? false : nil }
        if let number = value as? NSNumber, number.isBoolean { return number.boolValue }
        return nil
    }

    static func strings(_ value: Any?) -> [String]? {
        (value as? [Any]).map { $0.compactMap { $0 as? String } }
    }

    static func double(_ value: Any?) -> Double? {
        if let number = value as? NSNumber, !number.isBoolean { return number.doubleValue }
        return nil
    }

    /// A count as the API sends it: a string of digits (usually) or a number.
    static func integer(_ value: Any?) -> Int? {
        if let text = value as? String { return Int(text) }
        if let number = value as? NSNumber { return number.intValue }
        return nil
    }
}
