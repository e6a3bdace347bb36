import YouTubeKit

/// What each field of each kind means, for the people who analyse the data: the codebook that
/// `datapackage.json`, `ytcrawl codebook` and the JSON Schema carry. Keyed by the field's path
/// (`source.kind`; a map's values by `*`: `thumbnails.*.url`). Every field has one
/// (`RecordSchemaTests` checks), saying what it means, where it comes from in the API and when it
/// is null.
extension RecordSchema {
    static func descriptions(of kind: RecordKind) -> [String: String] {
        switch kind {
        case .videos: videoDescriptions
        case .channels: channelDescriptions
        case .comments: commentDescriptions
        case .stats: statsDescriptions
        case .links: linkDescriptions
        case .results: resultDescriptions
        case .categories: categoryDescriptions
        case .playlists: playlistDescriptions
        case .memberships: membershipDescriptions
        case .missing: missingDescriptions
        case .chat: chatDescriptions
        }
    }

    /// `fields` with their descriptions from `descriptions` (paths under `prefix`).
    static func described(_ fields: [Field], _ descriptions: [String: String], prefix: String = "") -> [Field] {
        fields.map { field in
            var field = field
            let path = prefix + field.name
            field.description = descriptions[path] ?? ""
            field.type = described(field.type, descriptions, path: path)
            return field
        }
    }

    private static func described(_ type: FieldType, _ descriptions: [String: String], path: String) -> FieldType {
        switch type {
        case .object(let fields): .object(described(fields, descriptions, prefix: path + "."))
        case .map(let value, let keys): .map(described(value, descriptions, path: path + ".*"), knownKeys: keys)
        case .array(let element): .array(described(element, descriptions, path: path))
        default: type
        }
    }

    private static let fetchedAt =
        "When ytcrawl received the API response this record comes from (RFC 3339 UTC, whole seconds). Statistics are as of this time."
    private static let seedText =
        "The seeds-file line that led to this record, as written (trimmed, comment removed): the `text` of a seed in the package's provenance."

    /// The derived `urls` and `hashtags` of a kind whose text is `what` (from `source`).
    static func textFeatureDescriptions(what: String, source: String) -> [String: String] {
        [
            "urls":
                "Every http(s) URL in the \(what), as written, each once in order of first appearance (derived by ytcrawl at no quota; docs/reference/records.md \"Derived fields\" gives the rule). Empty when there is none; null only when the \(what) is unknown.",
            "urls.url": "The URL as written, less trailing punctuation and unopened closing brackets.",
            "urls.host": "The URL's host, lowercased, without user, port or final dot.",
            "hashtags":
                "The hashtags in the \(source) (# at the start of a word, then letters, marks, digits or _ in any script, at least one letter), without the #, each once as first written (derived). Empty when there is none.",
        ]
    }

    static let videoDescriptions: [String: String] = textFeatureDescriptions(
        what: "description", source: "title and description"
    ).merging([
        "videoId": "The video's YouTube id (11 characters): https://www.youtube.com/watch?v=<videoId>. Never null.",
        "title":
            "The title (snippet.title), as plain text: HTML entities of search results decoded. Empty when the API sent an empty string, null when the response did not carry it.",
        "description":
            "The description (snippet.description), plain text. search.list truncates it; videos.list (hydration) gives it whole. Null when not sent.",
        "channelId": "The id of the channel that uploaded the video (snippet.channelId). Null only when not sent.",
        "channelTitle": "The uploading channel's name at fetch time (snippet.channelTitle). Null when not sent.",
        "publishedAt":
            "When the video was published (snippet.publishedAt; from playlistItems, contentDetails.videoPublishedAt, never the date it was added to the playlist), RFC 3339 UTC. Null when not sent.",
        "thumbnailUrl":
            "URL of the `high` thumbnail when there is one, else of the largest available. Null when none was sent.",
        "thumbnails":
            "Every thumbnail size the API sent (snippet.thumbnails), by size name (default, medium, high, standard, maxres).",
        "thumbnails.*.url": "The image's URL.",
        "thumbnails.*.width": "The image's width in pixels; absent when the API did not send it.",
        "thumbnails.*.height": "The image's height in pixels; absent when the API did not send it.",
        "liveBroadcastContent":
            "snippet.liveBroadcastContent: `none`, `live` (broadcasting at fetch time) or `upcoming` (scheduled). Null when not sent.",
        "tags":
            "The uploader's tags (snippet.tags); only videos.list sends them. Null when the video has none or it was not hydrated.",
        "categoryId":
            "The video category id (snippet.categoryId; videoCategories.list names them, e.g. 10 = Music). Null when not sent.",
        "defaultLanguage":
            "The language of the title and description (snippet.defaultLanguage, BCP-47). Null when the uploader did not set it.",
        "defaultAudioLanguage":
            "The language spoken in the video (snippet.defaultAudioLanguage, BCP-47). Null when not set.",
        "duration":
            "The length as ISO 8601 (contentDetails.duration, e.g. PT1H10S), as sent. Null when not sent (upcoming streams, no hydration).",
        "durationSeconds": "duration in seconds. Null when duration is null.",
        "viewCount": "Views at fetchedAt (statistics.viewCount, sent as a string). Null when not sent. "
            + ViewCountChange.note,
        "likeCount": "Likes at fetchedAt (statistics.likeCount). Null when the owner hides likes or it was not sent.",
        "commentCount":
            "Comments at fetchedAt (statistics.commentCount). Null when comments are disabled or it was not sent.",
        "embedURL": "https://www.youtube.com/embed/<videoId>: what an embedded player loads. Never null.",
        "source": "How the crawl found the video: the seed, the list method and the position in its results.",
        "source.kind": "The kind of seed: search, channel, playlist or video.",
        "source.seed": seedText,
        "source.endpoint": "The first list method that found the video (search.list, playlistItems.list, videos.list).",
        "source.rank":
            "The video's position in that method's result list, 0-based (search relevance or playlist order).",
        "fetchedAt": fetchedAt,
        "dimension":
            "contentDetails.dimension: `2d` or `3d`. Null when the part was not asked or not sent (schema version 2).",
        "definition": "contentDetails.definition: `hd` or `sd`. Null when not sent.",
        "projection": "contentDetails.projection: `rectangular` or `360`. Null when not sent.",
        "caption":
            "Whether the video has captions (contentDetails.caption, sent as the text true/false). Null when not sent.",
        "licensedContent":
            "Whether the video contains content licensed through YouTube's Content ID (contentDetails.licensedContent). Null when not sent.",
        "regionRestriction":
            "Where the video can be watched (contentDetails.regionRestriction). Null when it is not restricted.",
        "regionRestriction.allowed":
            "ISO 3166-1 alpha-2 codes of the only regions where it can be watched. Null when not sent.",
        "regionRestriction.blocked": "ISO 3166-1 alpha-2 codes of the regions where it is blocked. Null when not sent.",
        "contentRating":
            "Ratings by rating system, as sent (contentDetails.contentRating, e.g. {\"ytRating\": \"ytAgeRestricted\"} for age-restricted videos; {} when sent empty). Null when not sent.",
        "privacyStatus": "status.privacyStatus: public, unlisted or private. Null when not sent.",
        "uploadStatus": "status.uploadStatus: processed, uploaded, failed, rejected or deleted. Null when not sent.",
        "license":
            "status.license: `youtube` (standard YouTube licence) or `creativeCommon` (CC BY). Null when not sent.",
        "embeddable": "Whether other sites may embed the video (status.embeddable). Null when not sent.",
        "publicStatsViewable":
            "Whether the watch page shows the statistics (status.publicStatsViewable). Null when not sent.",
        "madeForKids": "Whether the video is designated as made for children (status.madeForKids). Null when not sent.",
        "containsSyntheticMedia":
            "Whether the uploader disclosed altered or synthetic (AI-generated) content (status.containsSyntheticMedia). Null when not sent.",
        "topicIds":
            "Freebase topic ids of the video (topicDetails.topicIds). Null when the video has none or the part was not asked.",
        "relevantTopicIds":
            "Topic ids relevant to the video, including broader ones (topicDetails.relevantTopicIds). Null when none.",
        "topicCategories": "Wikipedia URLs of the video's topics (topicDetails.topicCategories). Null when none.",
        "recordingDate":
            "When the video was recorded, as the uploader set it (recordingDetails.recordingDate), RFC 3339 UTC. Null when not set.",
        "recordingLocation": "Where the video was recorded (recordingDetails.location). Null when not set.",
        "recordingLocation.latitude": "Latitude in degrees (WGS 84).",
        "recordingLocation.longitude": "Longitude in degrees (WGS 84).",
        "recordingLocation.altitude": "Altitude in metres. Null when not set.",
        "liveStreamingDetails":
            "The live broadcast's times and viewers (liveStreamingDetails). Null for a video that was never live.",
        "liveStreamingDetails.actualStartTime":
            "When the broadcast actually began, RFC 3339 UTC. Null when it has not begun.",
        "liveStreamingDetails.actualEndTime":
            "When the broadcast actually ended, RFC 3339 UTC. Null while live or before.",
        "liveStreamingDetails.scheduledStartTime":
            "When the broadcast was scheduled to begin, RFC 3339 UTC. Null when not scheduled.",
        "liveStreamingDetails.scheduledEndTime":
            "When the broadcast was scheduled to end, RFC 3339 UTC. Null when not set.",
        "liveStreamingDetails.concurrentViewers": "Viewers watching at fetchedAt, while live. Null when not live.",
        "liveStreamingDetails.activeLiveChatId": "The live chat's id, while live. Null otherwise.",
        "hasPaidProductPlacement":
            "Whether the uploader declared paid product placement (paidProductPlacementDetails.hasPaidProductPlacement). Null when not sent.",
        "localizations":
            "Titles and descriptions by language, as sent (localizations). Null unless the crawl asked for the localizations part (--video-parts).",
        "format":
            "short, live or long (long-form), from which of the channel's UUSH…/UULV…/UULF… playlists lists the video (formats=yes). Null when not labelled or too recent to tell (those lists lag uploads by up to a week).",
        "mentions":
            "The @handles in the description (@ at the start of a word, then 3 to 30 letters, marks, digits, _, - or .), without the @, each once (derived). Empty when there is none.",
        "chapters":
            "The chapters YouTube makes of the description's timestamps (derived by its rule: the first at 0:00, at least three, each at least 10 s long); null when the description makes none.",
        "chapters.start": "Where the chapter starts, in seconds from the video's start.",
        "chapters.title": "The chapter's title: the rest of its line, trimmed.",
    ]) { current, _ in current }

    static let channelDescriptions: [String: String] = textFeatureDescriptions(
        what: "description", source: "title and description"
    ).merging([
        "channelId": "The channel's YouTube id (UC…): https://www.youtube.com/channel/<channelId>. Never null.",
        "title": "The channel's name (snippet.title). Null when not sent.",
        "description": "The channel's description (snippet.description), plain text. Null when not sent.",
        "customUrl": "The channel's handle (snippet.customUrl, e.g. @googledevelopers). Null when it has none.",
        "publishedAt": "When the channel was created (snippet.publishedAt), RFC 3339 UTC. Null when not sent.",
        "thumbnailUrl":
            "URL of the channel's `high` avatar when there is one, else of the largest. Null when none was sent.",
        "country":
            "The country the channel is associated with (snippet.country, ISO 3166-1 alpha-2). Null when the owner did not set it.",
        "uploadsPlaylistId":
            "The UU… playlist of every upload (contentDetails.relatedPlaylists.uploads): how a crawl lists the channel's videos. Null when not sent.",
        "viewCount": "Views of all the channel's videos at fetchedAt (statistics.viewCount). Null when not sent.",
        "subscriberCount":
            "Subscribers at fetchedAt (statistics.subscriberCount; YouTube rounds it to three significant figures). Null when the channel hides it.",
        "videoCount": "Public videos at fetchedAt (statistics.videoCount). Null when not sent.",
        "fetchedAt": fetchedAt,
        "defaultLanguage":
            "The language of the channel's title and description (snippet.defaultLanguage). Null when not set (schema version 2).",
        "keywords":
            "The channel's keywords (brandingSettings.channel.keywords split on spaces outside double quotes, quotes removed). Null when none.",
        "unsubscribedTrailer":
            "The id of the video shown to visitors who are not subscribed (brandingSettings.channel.unsubscribedTrailer). Null when none.",
        "bannerUrl": "The channel's banner image (brandingSettings.image.bannerExternalUrl). Null when none.",
        "hiddenSubscriberCount":
            "Whether the channel hides its subscriber count (statistics.hiddenSubscriberCount). Null when not sent.",
        "privacyStatus": "status.privacyStatus: public, unlisted or private. Null when not sent.",
        "isLinked":
            "Whether the channel is linked to a Google account or brand account (status.isLinked). Null when not sent.",
        "longUploadsStatus":
            "Whether the channel may upload videos over 15 minutes (status.longUploadsStatus: allowed, eligible, disallowed…). Null when not sent.",
        "madeForKids":
            "Whether the channel is designated as made for children (status.madeForKids). Null when not sent.",
        "topicIds": "Freebase topic ids of the channel (topicDetails.topicIds). Null when none.",
        "topicCategories": "Wikipedia URLs of the channel's topics (topicDetails.topicCategories). Null when none.",
        "subscriptionsPrivate":
            "True when subscriptions.list answered subscriptionForbidden (the channel keeps its subscriptions private), false when it listed them. Null when not asked (no links=subscriptions seed).",
        "mentions": "The @handles in the description (as for videos), without the @ (derived).",
    ]) { current, _ in current }

    static let commentDescriptions: [String: String] = textFeatureDescriptions(what: "text", source: "text").merging([
        "commentId": "The comment's id; a reply's is <threadId>.<suffix>. Never null.",
        "threadId": "The id of the thread's top-level comment (its own id for a top-level comment).",
        "parentId": "The comment a reply answers (snippet.parentId). Null for a top-level comment.",
        "videoId": "The video commented on (snippet.videoId). Null only when not sent.",
        "channelId": "The channel of the video commented on (snippet.channelId). Null only when not sent.",
        "authorDisplayName":
            "The author's display name (snippet.authorDisplayName). Null when not sent or when authors are pseudonymized.",
        "authorProfileImageUrl": "The author's avatar URL. Null when not sent or when authors are pseudonymized.",
        "authorChannelId":
            "The author's channel id (snippet.authorChannelId.value); with --pseudonymize-authors, hmac-sha256:<hex> of it (the same author has the same value throughout the output). Null when not sent.",
        "text":
            "The comment's text (snippet.textDisplay asked as textFormat=plainText, line breaks kept). Null only when not sent.",
        "likeCount": "Likes of the comment at fetchedAt (snippet.likeCount). Null only when not sent.",
        "imageUrl": "An image or GIF attached to the comment (snippet.imageUrl). Null when none.",
        "totalReplyCount":
            "Replies the thread has at fetchedAt (commentThreads snippet.totalReplyCount). Null for replies.",
        "publishedAt": "When the comment was posted (snippet.publishedAt), RFC 3339 UTC.",
        "updatedAt":
            "When the comment was last edited (snippet.updatedAt; equal to publishedAt when never edited), RFC 3339 UTC.",
        "source": "How the crawl found the comment: the seed, the list method and the position in its results.",
        "source.seed": seedText,
        "source.endpoint":
            "commentThreads.list (top-level comments and the replies they carry) or comments.list (further replies).",
        "source.rank": "The comment's position in that list (the video's threads, or the thread's replies), 0-based.",
        "fetchedAt": fetchedAt,
        "replyToCommentId":
            "The comment a reply answers, inferred from its leading @mention among the authors who wrote earlier in the thread (derived, as YouTube Data Tools' isReplyToId); null for a top-level comment, a reply without a mention, or a mention that names no earlier author or two of them.",
        "replyToAuthor":
            "The display name of the author a reply answers (their pseudonym in a pseudonymized output); null when replyToCommentId is.",
        "depth":
            "1 for a top-level comment, 2 for a reply to it, 3 for a reply to a reply… (derived from replyToCommentId); null for a reply read without its thread (hydrated by id).",
        "isChannelOwner":
            "Whether the author is the channel of the video (derived from authorChannelId and channelId before any pseudonymization); null when either is unknown.",
    ]) { current, _ in current }

    static let statsDescriptions: [String: String] = [
        "videoId": "The video's YouTube id: one line per video per snapshot. Never null.",
        "fetchedAt": fetchedAt,
        "viewCount": "Views at fetchedAt (videos:batchGetStats or videos.list statistics). Null when gone or not sent. "
            + ViewCountChange.note,
        "likeCount": "Likes at fetchedAt. Null when the owner hides likes, the video is gone, or not sent.",
        "commentCount": "Comments at fetchedAt. Null when comments are disabled, the video is gone, or not sent.",
        "duration": "The length as ISO 8601 (PT4M13S), as sent. Null when gone or not sent.",
        "status":
            "ok when the API returned the video; gone when it no longer does (deleted or made private), in every snapshot from the first that missed it.",
    ]

    static let linkDescriptions: [String: String] = [
        "fromChannelId": "The channel that features or subscribes to the other. Never null.",
        "toChannelId": "The channel featured or subscribed to. Never null.",
        "relation":
            "featured: on a channel section shelf of type multiplechannels (channelSections.list); subscription: among the channel's public subscriptions (subscriptions.list).",
        "sectionTitle":
            "The featured shelf's title (channelSections snippet.title). Null for subscriptions or an untitled shelf.",
        "depth": "How many links from the seeds fromChannelId is (a seed channel is 0).",
        "source": "How the crawl found the link: the seed, the list method and the position in its results.",
        "source.seed": seedText,
        "source.endpoint": "channelSections.list or subscriptions.list.",
        "source.rank": "The link's position in that method's results, 0-based.",
        "fetchedAt": fetchedAt,
    ]

    static let resultDescriptions: [String: String] = [
        "resultId":
            "What identifies the line: run@key/seed/window/rank (the run's number and its id in the manifest's runs history, drawn at random when it began; the seed as 16 hex digits of a hash of its text; the window's bounds in Unix seconds, empty when none). Never null.",
        "run": "The run that sent the request: its number, from 1, in the manifest's runs history. Never null.",
        "seed": seedText,
        "request":
            "The search.list parameters as sent, sorted by name, without the key; page (from 0) stands for the page token. Never null.",
        "window":
            "The window of publication dates the request asked (a split=time search, or an update's window since the last run); null when the request used the seed's own dates.",
        "window.publishedAfter": "The window's start (inclusive); null when it has none.",
        "window.publishedBefore": "The window's end (inclusive); null when it has none.",
        "page": "The page within the window (or the search), from 0.",
        "rank": "The item's position over the seed's pages in that window, from 0, whatever its kind.",
        "kind": "video, channel or playlist: what the search result is (id.kind).",
        "id": "The video, channel or playlist id. Never null.",
        "sentAt":
            "When the request was answered, by the server's clock (its Date header, to the second), else by the crawler's when it was sent; a retried request: its last attempt.",
        "totalResults":
            "pageInfo.totalResults as the API sent it: a loose estimate, kept for the record and never used to steer the crawl.",
        "resultsPerPage": "pageInfo.resultsPerPage as the API sent it.",
        "matchesQuery":
            "True when every term of the query's q is in the result's title or description as search sent them (case and diacritics ignored; a term with | matches when any alternative does; -terms are not counted). Null when the query has no terms or not every term is there: the whole description and the tags decide, which ytcrawl compare reads from the output's videos.",
    ]

    static let categoryDescriptions: [String: String] = [
        "categoryId": "The category's id (what a video's categoryId holds; 10 is Music). Never null.",
        "regionCode":
            "The region whose categories videoCategories.list listed (the region of a chart seed). Never null.",
        "title": "The category's title in that region (snippet.title). Null when not sent.",
        "assignable":
            "Whether videos may be put in the category (snippet.assignable); charts and old videos use some that are not. Null when not sent.",
        "channelId": "The channel that made the category (snippet.channelId: YouTube's own). Null when not sent.",
        "fetchedAt": fetchedAt,
    ]

    static let playlistDescriptions: [String: String] = [
        "playlistId":
            "The playlist's id: https://www.youtube.com/playlist?list=<playlistId>. Never null.",
        "channelId": "The channel that owns the playlist (snippet.channelId). Null when not sent.",
        "title": "The playlist's title (snippet.title). Null when not sent.",
        "description": "The playlist's description (snippet.description). Null when not sent.",
        "publishedAt": "When the playlist was created (snippet.publishedAt), RFC 3339 UTC. Null when not sent.",
        "itemCount":
            "How many entries the playlist holds (contentDetails.itemCount), private and deleted videos' placeholders included, as of fetchedAt. Null when not sent.",
        "privacyStatus":
            "public or unlisted (status.privacyStatus); an API key never reads a private playlist. Null when not sent.",
        "podcastStatus":
            "enabled when the playlist is a podcast, disabled when not (status.podcastStatus). Null when not sent.",
        "defaultLanguage": "The language of its title and description (snippet.defaultLanguage). Null when not sent.",
        "thumbnailUrl":
            "URL of the `high` thumbnail when there is one, else of the largest available (a frame of its first video). Null when none was sent.",
        "localizations":
            "Titles and descriptions by language, as sent (localizations); only when --video-parts asks for localizations, else null.",
        "fetchedAt": fetchedAt,
        "source": "How the crawl found the playlist. Null for a playlist an older version wrote.",
        "source.seed": seedText,
        "source.endpoint":
            "The list method that returned it: playlists.list (a channel's playlists, a playlist seed's own record, hydrate).",
        "source.rank": "Its position in that list, from 0 (a channel's playlists in the order the API lists them).",
    ]

    static let membershipDescriptions: [String: String] = [
        "membershipId":
            "run@runid/playlistId/position/videoId: unique across runs and merged outputs. Never null.",
        "run":
            "The run that walked the playlist: its number in the manifest's runs (from 1). A playlist walked again by ytcrawl update writes its entries again under the new run, so a reordered playlist shows its new positions there.",
        "playlistId": "The playlist walked (a playlists record's playlistId). Never null.",
        "videoId":
            "The entry's video (contentDetails.videoId); a private or deleted video's placeholder keeps its id. Never null.",
        "position": "The entry's position in the playlist as this run saw it, from 0 (snippet.position). Never null.",
        "addedAt":
            "When the video was added to the playlist (the playlist item's snippet.publishedAt), RFC 3339 UTC. Null when not sent.",
        "videoOwnerChannelId":
            "The channel that uploaded the video (snippet.videoOwnerChannelId). Null for a private or deleted video's placeholder.",
        "note": "The playlist owner's note on the entry (contentDetails.note). Null when none.",
        "fetchedAt": fetchedAt,
    ]

    static let missingDescriptions: [String: String] = [
        "missingId": "run@runid/kind/id: unique across runs and merged outputs. Never null.",
        "run": "The run that asked for the id and did not get it back: its number in the manifest's runs (from 1).",
        "kind": "What the id names: video, channel, playlist or comment.",
        "id":
            "The id asked for: deleted, made private (videos, playlists), terminated (channels) or never there. Never null.",
        "seed": seedText,
        "fetchedAt": "When the answer that did not hold the id came (RFC 3339 UTC, whole seconds).",
    ]

    static let chatDescriptions: [String: String] = [
        "messageId":
            "The message's id (liveChatMessages.list `id`, `LCC.…`); each message once per output. Never null.",
        "liveChatId": "The chat it was sent in (the video's `liveStreamingDetails.activeLiveChatId`). Never null.",
        "videoId": "The live stream whose chat it is (the capture's video; the API does not send it).",
        "type":
            "`snippet.type` as sent: textMessageEvent, superChatEvent, superStickerEvent, newSponsorEvent, memberMilestoneChatEvent, membershipGiftingEvent, giftMembershipReceivedEvent, or any other type the API sends.",
        "publishedAt": "When the message was sent (`snippet.publishedAt`; RFC 3339 UTC to the microsecond).",
        "text":
            "What the chat showed (`snippet.displayMessage`): the text, a super chat's comment, a membership's greeting; with --pseudonymize-authors every @mention is replaced as in comments. Null when the message shows nothing.",
        "authorChannelId":
            "The sender's channel id (`authorDetails.channelId`); `hmac-sha256:<hex>` of it with --pseudonymize-authors.",
        "authorDisplayName":
            "The sender's display name (`authorDetails.displayName`); null with --pseudonymize-authors.",
        "isChatOwner": "Whether the sender is the stream's channel (`authorDetails.isChatOwner`).",
        "isChatModerator": "Whether the sender moderates the chat (`authorDetails.isChatModerator`).",
        "isChatSponsor": "Whether the sender is a member of the channel (`authorDetails.isChatSponsor`).",
        "isVerified": "Whether YouTube verified the sender (`authorDetails.isVerified`).",
        "amountMicros":
            "A super chat's or super sticker's amount in millionths of `currency` (`superChatDetails`/`superStickerDetails.amountMicros`); null for other types.",
        "currency": "ISO 4217 code of the amount; null for other types.",
        "amountDisplayString": "The amount as the chat showed it (`$5.00`); null for other types.",
        "tier": "The super chat's or sticker's tier (1 and up); null for other types.",
        "gapBefore":
            "On the first message written after the capture may have missed some (a restart whose page token had expired): the publishedAt of the chat's last message written before it; messages published strictly between the two may be missing (the manifest's chats[].gaps lists the same). Null otherwise.",
        "fetchedAt": "When the answer holding it came (RFC 3339 UTC, whole seconds).",
        "source": "Where it was read: the seed line, the list method and the position in the answer.",
        "source.seed": seedText,
        "source.endpoint": "liveChatMessages.list.",
        "source.rank": "The message's position in its answer (0-based).",
    ]
}
