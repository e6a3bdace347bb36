import Emulator
import StreamingJSON
import YouTubeKit

/// The decode benchmark's synthetic corpus: search.list, videos.list, playlistItems.list,
/// channels.list and commentThreads.list pages as Google sends them,
/// pretty-printed (2-space indent, `"key": value`) and compact, with realistic text: unicode, emoji,
/// right-to-left scripts, HTML entities in search snippets, long descriptions. Deterministic.
struct DecodeCorpus {
    var searchPretty: [[UInt8]] = []
    var searchCompact: [[UInt8]] = []
    var videosPretty: [[UInt8]] = []
    var videosCompact: [[UInt8]] = []
    var playlistItemsPretty: [[UInt8]] = []
    var playlistItemsCompact: [[UInt8]] = []
    var channelsPretty: [[UInt8]] = []
    var channelsCompact: [[UInt8]] = []
    /// The same videos and channels pages with every part an API key reads (schema 2's defaults).
    var videosAllPartsPretty: [[UInt8]] = []
    var videosAllPartsCompact: [[UInt8]] = []
    var channelsAllPartsPretty: [[UInt8]] = []
    var channelsAllPartsCompact: [[UInt8]] = []
    var commentsPretty: [[UInt8]] = []
    var commentsCompact: [[UInt8]] = []
    /// Comment records in each comment page (threads and the replies they carry).
    var commentsPerPage: [Int] = []

    var searchItems: Int
    var videoItems: Int

    init(searchPages: Int, videoPages: Int) {
        var random = Random(state: 0x5EED)
        searchItems = searchPages * 50
        videoItems = videoPages * 50
        for page in 0..<searchPages {
            let value = Self.searchPage(page, &random)
            searchPretty.append(value.render(pretty: true))
            searchCompact.append(value.render(pretty: false))
        }
        for page in 0..<videoPages {
            let value = Self.videosPage(page, &random)
            videosPretty.append(value.render(pretty: true))
            videosCompact.append(value.render(pretty: false))
            let allParts = Self.withAllVideoParts(value, &random)
            videosAllPartsPretty.append(allParts.render(pretty: true))
            videosAllPartsCompact.append(allParts.render(pretty: false))
        }
        for _ in 0..<videoPages {
            let value = Self.playlistItemsPage(&random)
            playlistItemsPretty.append(value.render(pretty: true))
            playlistItemsCompact.append(value.render(pretty: false))
        }
        for _ in 0..<videoPages {
            let value = Self.channelsPage(&random)
            channelsPretty.append(value.render(pretty: true))
            channelsCompact.append(value.render(pretty: false))
            let allParts = Self.withAllChannelParts(value, &random)
            channelsAllPartsPretty.append(allParts.render(pretty: true))
            channelsAllPartsCompact.append(allParts.render(pretty: false))
        }
        for _ in 0..<videoPages {
            let (value, count) = Self.commentThreadsPage(&random)
            commentsPretty.append(value.render(pretty: true))
            commentsCompact.append(value.render(pretty: false))
            commentsPerPage.append(count)
        }
    }

    /// A commentThreads.list page of 100 threads as the API sends it with `part=snippet,replies`
    /// and `textFormat=plainText`: most threads without replies, some carrying up to five.
    static func commentThreadsPage(_ random: inout Random) -> (Value, Int) {
        let videoId = random.id(11)
        let channelId = "UC" + random.id(22)
        var records = 0
        func comment(_ id: String, parent: String?, _ random: inout Random) -> Value {
            let text = self.text(&random, words: 3 + random.below(40))
            let author = "@" + words[random.below(10)] + "\(random.below(10_000))"
            var snippet: [(String, Value)] = [("channelId", .string(channelId))]
            if parent == nil { snippet.append(("videoId", .string(videoId))) }
            snippet += [("textDisplay", .string(text)), ("textOriginal", .string(text))]
            if let parent { snippet.append(("parentId", .string(parent))) }
            let published = date(&random)
            snippet += [
                ("authorDisplayName", .string(author)),
                (
                    "authorProfileImageUrl",
                    .string("https://yt3.ggpht.com/ytc/" + random.id(40) + "=s48-c-k-c0x00ffffff-no-rj")
                ),
                ("authorChannelUrl", .string("http://www.youtube.com/" + author)),
                ("authorChannelId", .object([("value", .string("UC" + random.id(22)))])),
                ("canRate", .bool(true)), ("viewerRating", .string("none")),
                ("likeCount", .number("\(random.below(10) < 7 ? 0 : random.below(5000))")),
                ("publishedAt", .string(published)), ("updatedAt", .string(published)),
            ]
            records += 1
            return .object([
                ("kind", .string("youtube#comment")), ("etag", .string(random.id(27))), ("id", .string(id)),
                ("snippet", .object(snippet)),
            ])
        }
        var items: [Value] = []
        for _ in 0..<100 {
            let threadId = "Ug" + random.id(24)
            let replies = random.below(10) < 7 ? 0 : 1 + random.below(5)
            let total = replies == 0 ? 0 : replies + (random.below(3) == 0 ? random.below(200) : 0)
            var thread: [(String, Value)] = [
                ("kind", .string("youtube#commentThread")), ("etag", .string(random.id(27))),
                ("id", .string(threadId)),
                (
                    "snippet",
                    .object([
                        ("channelId", .string(channelId)), ("videoId", .string(videoId)),
                        ("topLevelComment", comment(threadId, parent: nil, &random)), ("canReply", .bool(true)),
                        ("totalReplyCount", .number("\(total)")), ("isPublic", .bool(true)),
                    ])
                ),
            ]
            if replies > 0 {
                var carried: [Value] = []
                for _ in 0..<replies {
                    carried.append(comment(threadId + "." + random.id(22), parent: threadId, &random))
                }
                thread.append(("replies", .object([("comments", .array(carried))])))
            }
            items.append(.object(thread))
        }
        let page: Value = .object([
            ("kind", .string("youtube#commentThreadListResponse")), ("etag", .string(random.id(27))),
            ("nextPageToken", .string(random.id(120))),
            ("pageInfo", .object([("totalResults", .number("100")), ("resultsPerPage", .number("100"))])),
            ("items", .array(items)),
        ])
        return (page, records)
    }

    /// The corpus generator of the emulator, with the helpers this corpus needs.
    struct Random {
        var generator: CorpusRandom
        init(state: UInt64) { generator = CorpusRandom(seed: state) }
        mutating func next() -> UInt64 { generator.next() }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func id(_ length: Int) -> String { generator.identifier(length: length) }
    }

    static let words = [
        "swift", "concurrency", "tutorial", "lofi", "beats", "cooking", "pasta", "review", "unboxing", "live",
        "Café", "naïve", "日本語", "プログラミング", "中文", "한국어", "Привет", "مرحبا", "שלום", "🎸", "🔥", "😀",
        "&", "<b>", "\"quoted\"", "it's", "Ünïcödé", "2024", "part", "episode", "full", "HD", "4K", "music",
    ]

    static func text(_ random: inout Random, words count: Int) -> String {
        (0..<count).map { _ in words[random.below(words.count)] }.joined(separator: " ")
    }

    /// search.list escapes HTML in snippets.
    static func escaped(_ text: String) -> String { HTMLEntities.escape(text) }

    typealias Value = JSONValue

    static func thumbnails(_ id: String, sizes: Int) -> Value {
        let all: [(String, String, Int, Int)] = [
            ("default", "default", 120, 90), ("medium", "mqdefault", 320, 180), ("high", "hqdefault", 480, 360),
            ("standard", "sddefault", 640, 480), ("maxres", "maxresdefault", 1280, 720),
        ]
        return .object(
            all.prefix(sizes).map { name, file, width, height in
                (
                    name,
                    .object([
                        ("url", .string("https://i.ytimg.com/vi/\(id)/\(file).jpg")), ("width", .number("\(width)")),
                        ("height", .number("\(height)")),
                    ])
                )
            })
    }

    static func date(_ random: inout Random) -> String {
        let year = 2008 + random.below(17)
        let month = 1 + random.below(12)
        let day = 1 + random.below(28)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return
            "\(year)-\(two(month))-\(two(day))T\(two(random.below(24))):\(two(random.below(60))):\(two(random.below(60)))Z"
    }

    static func searchPage(_ page: Int, _ random: inout Random) -> Value {
        var items: [Value] = []
        for _ in 0..<50 {
            let videoId = random.id(11)
            let channelId = "UC" + random.id(22)
            let published = date(&random)
            let description = String(escaped(text(&random, words: 30)).prefix(160))
            items.append(
                .object([
                    ("kind", .string("youtube#searchResult")), ("etag", .string(random.id(27))),
                    ("id", .object([("kind", .string("youtube#video")), ("videoId", .string(videoId))])),
                    (
                        "snippet",
                        .object([
                            ("publishedAt", .string(published)), ("channelId", .string(channelId)),
                            ("title", .string(escaped(text(&random, words: 8)))), ("description", .string(description)),
                            ("thumbnails", thumbnails(videoId, sizes: 3)),
                            ("channelTitle", .string(escaped(text(&random, words: 2)))),
                            ("liveBroadcastContent", .string(random.below(20) == 0 ? "live" : "none")),
                            ("publishTime", .string(published)),
                        ])
                    ),
                ]))
        }
        return .object([
            ("kind", .string("youtube#searchListResponse")), ("etag", .string(random.id(27))),
            ("nextPageToken", .string("CDIQAA" + random.id(4))), ("regionCode", .string("US")),
            ("pageInfo", .object([("totalResults", .number("1000000")), ("resultsPerPage", .number("50"))])),
            ("items", .array(items)),
        ])
    }

    static func videosPage(_ page: Int, _ random: inout Random) -> Value {
        var items: [Value] = []
        for _ in 0..<50 {
            let videoId = random.id(11)
            let title = text(&random, words: 8)
            let description = (0..<(1 + random.below(8))).map { _ in text(&random, words: 40) }.joined(
                separator: "\n\n")
            var statistics: [(String, Value)] = [("viewCount", .string("\(random.below(10_000_000))"))]
            if random.below(5) != 0 { statistics.append(("likeCount", .string("\(random.below(100_000))"))) }
            statistics.append(("favoriteCount", .string("0")))
            if random.below(6) != 0 { statistics.append(("commentCount", .string("\(random.below(10_000))"))) }
            let durations = ["PT1H", "PT41S", "PT1H10S", "PT4M13S", "PT12M", "P0D", "PT2H3M4S"]
            items.append(
                .object([
                    ("kind", .string("youtube#video")), ("etag", .string(random.id(27))), ("id", .string(videoId)),
                    (
                        "snippet",
                        .object([
                            ("publishedAt", .string(date(&random))), ("channelId", .string("UC" + random.id(22))),
                            ("title", .string(title)), ("description", .string(description)),
                            ("thumbnails", thumbnails(videoId, sizes: 5)),
                            ("channelTitle", .string(text(&random, words: 2))),
                            (
                                "tags",
                                .array((0..<random.below(8)).map { _ in .string(words[random.below(words.count)]) })
                            ),
                            ("categoryId", .string("\(1 + random.below(29))")),
                            ("liveBroadcastContent", .string("none")), ("defaultLanguage", .string("en")),
                            ("localized", .object([("title", .string(title)), ("description", .string(description))])),
                            ("defaultAudioLanguage", .string("en-US")),
                        ])
                    ),
                    (
                        "contentDetails",
                        .object([
                            ("duration", .string(durations[random.below(durations.count)])),
                            ("dimension", .string("2d")),
                            ("definition", .string("hd")), ("caption", .string("false")),
                            ("licensedContent", .bool(true)), ("contentRating", .object([])),
                            ("projection", .string("rectangular")),
                        ])
                    ),
                    ("statistics", .object(statistics)),
                ]))
        }
        return .object([
            ("kind", .string("youtube#videoListResponse")), ("etag", .string(random.id(27))),
            ("items", .array(items)),
            ("pageInfo", .object([("totalResults", .number("50")), ("resultsPerPage", .number("50"))])),
        ])
    }

    /// A playlistItems.list page of an uploads playlist with `part=snippet,contentDetails`: the
    /// whole description (not cut as in search), the video's owner, the date it was published.
    static func playlistItemsPage(_ random: inout Random) -> Value {
        let channelId = "UC" + random.id(22)
        let channelTitle = text(&random, words: 2)
        let playlistId = "UU" + channelId.dropFirst(2)
        var items: [Value] = []
        for position in 0..<50 {
            let videoId = random.id(11)
            let description = (0..<(1 + random.below(4))).map { _ in text(&random, words: 40) }.joined(
                separator: "\n\n")
            let published = date(&random)
            items.append(
                .object([
                    ("kind", .string("youtube#playlistItem")), ("etag", .string(random.id(27))),
                    ("id", .string(random.id(48))),
                    (
                        "snippet",
                        .object([
                            ("publishedAt", .string(published)), ("channelId", .string(channelId)),
                            ("title", .string(text(&random, words: 8))), ("description", .string(description)),
                            ("thumbnails", thumbnails(videoId, sizes: 5)), ("channelTitle", .string(channelTitle)),
                            ("playlistId", .string(playlistId)), ("position", .number("\(position)")),
                            (
                                "resourceId",
                                .object([("kind", .string("youtube#video")), ("videoId", .string(videoId))])
                            ),
                            ("videoOwnerChannelTitle", .string(channelTitle)),
                            ("videoOwnerChannelId", .string(channelId)),
                        ])
                    ),
                    (
                        "contentDetails",
                        .object([("videoId", .string(videoId)), ("videoPublishedAt", .string(published))])
                    ),
                ]))
        }
        return .object([
            ("kind", .string("youtube#playlistItemListResponse")), ("etag", .string(random.id(27))),
            ("nextPageToken", .string("EAAaBlBUOkNESQ")), ("items", .array(items)),
            ("pageInfo", .object([("totalResults", .number("4213")), ("resultsPerPage", .number("50"))])),
        ])
    }

    /// A channels.list page of 50 channels with `part=snippet,contentDetails,statistics`.
    static func channelsPage(_ random: inout Random) -> Value {
        var items: [Value] = []
        for _ in 0..<50 {
            let channelId = "UC" + random.id(22)
            let title = text(&random, words: 3)
            let description = (0..<(1 + random.below(3))).map { _ in text(&random, words: 30) }.joined(
                separator: "\n\n")
            let hidden = random.below(10) == 0
            var statistics: [(String, Value)] = [("viewCount", .string("\(random.below(1_000_000_000))"))]
            if !hidden { statistics.append(("subscriberCount", .string("\(random.below(10_000_000))"))) }
            statistics += [
                ("hiddenSubscriberCount", .bool(hidden)), ("videoCount", .string("\(random.below(5000))")),
            ]
            // One image in three sizes, as the API sends a channel's: the same path, `=s88`…
            let imagePath = "https://yt3.ggpht.com/ytc/" + random.id(60)
            let thumbnails: Value = .object(
                [("default", 88), ("medium", 240), ("high", 800)].map { name, size in
                    (
                        name,
                        .object([
                            (
                                "url",
                                .string(imagePath + "=s\(size)-c-k-c0x00ffffff-no-rj")
                            ),
                            ("width", .number("\(size)")), ("height", .number("\(size)")),
                        ])
                    )
                })
            items.append(
                .object([
                    ("kind", .string("youtube#channel")), ("etag", .string(random.id(27))), ("id", .string(channelId)),
                    (
                        "snippet",
                        .object([
                            ("title", .string(title)), ("description", .string(description)),
                            ("customUrl", .string("@" + words[random.below(10)] + "\(random.below(10_000))")),
                            ("publishedAt", .string(date(&random))), ("thumbnails", thumbnails),
                            (
                                "localized",
                                .object([("title", .string(title)), ("description", .string(description))])
                            ),
                            ("country", .string(["US", "GB", "JP", "DE", "BR"][random.below(5)])),
                        ])
                    ),
                    (
                        "contentDetails",
                        .object([
                            (
                                "relatedPlaylists",
                                .object([("likes", .string("")), ("uploads", .string("UU" + channelId.dropFirst(2)))])
                            )
                        ])
                    ),
                    ("statistics", .object(statistics)),
                ]))
        }
        return .object([
            ("kind", .string("youtube#channelListResponse")), ("etag", .string(random.id(27))),
            ("pageInfo", .object([("totalResults", .number("50")), ("resultsPerPage", .number("50"))])),
            ("items", .array(items)),
        ])
    }
}
