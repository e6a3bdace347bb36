import Emulator
import Foundation
import StreamingJSON
import Testing
import YouTubeKit

/// Every part an API key can read, with the variety of real bodies, and the channels' format
/// playlists (`UUSH…`, `UULV…`, `UULF…`).
@Suite("Emulator parts and format playlists over loopback HTTP")
struct EmulatorPartsTests {
    static let allVideoParts =
        "snippet,contentDetails,statistics,status,player,topicDetails,recordingDetails,liveStreamingDetails,localizations,paidProductPlacementDetails"
    static let allChannelParts =
        "snippet,contentDetails,statistics,topicDetails,status,brandingSettings,contentOwnerDetails,localizations,auditDetails"

    static func harness() throws -> EmulatorHarness {
        try EmulatorHarness { $0.corpus = CorpusConfiguration(seed: 11, channels: 40, videosPerChannel: 25) }
    }

    /// Every video of the corpus as videos.list shows it with `parts`, 50 ids a request.
    static func allVideos(_ emulator: EmulatorHarness, parts: String = allVideoParts) throws -> [JSONValue] {
        let ids = emulator.server.truthVideos().map(\.videoId)
        var items: [JSONValue] = []
        for start in stride(from: 0, to: ids.count, by: 50) {
            let batch = ids[start..<min(start + 50, ids.count)].joined(separator: ",")
            let (status, page) = try emulator.json("/youtube/v3/videos?part=\(parts)&id=\(batch)")
            #expect(status == 200)
            items += page.items
        }
        return items
    }

    /// Every id of a playlist, paging `pageSize` at a time; `nil` with the error body when it is a 404.
    static func playlist(_ emulator: EmulatorHarness, _ id: String, pageSize: Int = 50) throws -> (
        ids: [String], dates: [String], error: JSONValue?
    ) {
        var token: String?
        var ids: [String] = []
        var dates: [String] = []
        repeat {
            let (status, page) = try emulator.json(
                "/youtube/v3/playlistItems?part=snippet,contentDetails&maxResults=\(pageSize)&playlistId=\(id)"
                    + (token.map { "&pageToken=\($0)" } ?? ""))
            if status == 404 { return (ids, dates, page) }
            #expect(status == 200)
            ids += page.items.compactMap { $0[path: "contentDetails", "videoId"]?.string }
            dates += page.items.compactMap { $0[path: "contentDetails", "videoPublishedAt"]?.string }
            token = page["nextPageToken"]?.string
        } while token != nil
        return (ids, dates, nil)
    }

    static func keys(_ value: JSONValue?) -> [String] {
        guard case .object(let members)? = value else { return [] }
        return members.map(\.key)
    }

    @Test func videoPartsHaveTheVarietyOfRealBodies() throws {
        let emulator = try Self.harness()
        let videos = try Self.allVideos(emulator)
        #expect(videos.count == emulator.server.videoCount)
        func share(_ predicate: (JSONValue) -> Bool) -> Double {
            Double(videos.filter(predicate).count) / Double(videos.count)
        }
        // Every part in the real order.
        for video in videos {
            let keys = Self.keys(video)
            let expected = [
                "kind", "etag", "id", "snippet", "contentDetails", "status", "statistics", "player", "topicDetails",
                "recordingDetails", "liveStreamingDetails", "localizations", "paidProductPlacementDetails",
            ].filter { keys.contains($0) }
            #expect(keys == expected)
            #expect(
                video["contentDetails"]?["caption"]?.string == "true"
                    || video["contentDetails"]?["caption"]?.string == "false")
            #expect(video["recordingDetails"] != nil, "recordingDetails is sent, {} when empty")
            #expect(video["paidProductPlacementDetails"]?["hasPaidProductPlacement"] != nil)
        }
        let captioned = share { $0[path: "contentDetails", "caption"]?.string == "true" }
        #expect(captioned > 0.1 && captioned < 0.5)
        #expect(share { $0[path: "contentDetails", "dimension"]?.string == "3d" } < 0.03)
        #expect(share { $0[path: "contentDetails", "projection"]?.string == "360" } < 0.03)
        let restricted = videos.filter { $0[path: "contentDetails", "regionRestriction"] != nil }
        #expect(!restricted.isEmpty && restricted.count < videos.count / 10)
        #expect(restricted.contains { $0[path: "contentDetails", "regionRestriction", "allowed"] != nil })
        #expect(restricted.contains { $0[path: "contentDetails", "regionRestriction", "blocked"] != nil })
        #expect(share { Self.keys($0[path: "contentDetails", "contentRating"]).isEmpty } > 0.8)
        #expect(share { $0[path: "contentDetails", "contentRating", "ytRating"]?.string == "ytAgeRestricted" } > 0.02)
        #expect(videos.contains { $0[path: "contentDetails", "contentRating", "mpaaRating"] != nil })
        #expect(videos.contains { $0[path: "contentDetails", "contentRating", "djctqRatingReasons"] != nil })
        let creativeCommons = share { $0[path: "status", "license"]?.string == "creativeCommon" }
        #expect(creativeCommons > 0.02 && creativeCommons < 0.2)
        let kids = share { $0[path: "status", "madeForKids"] == .bool(true) }
        #expect(kids > 0.02 && kids < 0.2)
        #expect(videos.contains { $0[path: "status", "embeddable"] == .bool(false) })
        #expect(videos.contains { $0[path: "status", "publicStatsViewable"] == .bool(false) })
        #expect(videos.contains { $0[path: "status", "containsSyntheticMedia"] == nil })
        #expect(videos.contains { $0[path: "status", "containsSyntheticMedia"] == .bool(true) })
        // topicDetails: full, categories only, or no key at all.
        #expect(videos.contains { $0["topicDetails"] == nil })
        #expect(videos.contains { Self.keys($0["topicDetails"]) == ["topicCategories"] })
        #expect(
            videos.contains { Self.keys($0["topicDetails"]) == ["topicIds", "relevantTopicIds", "topicCategories"] })
        #expect(
            videos.allSatisfy { video in
                guard case .array(let urls)? = video[path: "topicDetails", "topicCategories"] else { return true }
                return urls.allSatisfy { $0.string?.hasPrefix("https://en.wikipedia.org/wiki/") == true }
            })
        // recordingDetails: mostly {}, some dated, some located (altitude 0, absent or a number).
        #expect(share { Self.keys($0["recordingDetails"]).isEmpty } > 0.5)
        #expect(
            videos.contains { $0[path: "recordingDetails", "recordingDate"]?.string?.hasSuffix("T00:00:00Z") == true })
        #expect(videos.contains { $0[path: "recordingDetails", "location", "altitude"] == .integer(0) })
        #expect(
            videos.contains {
                $0[path: "recordingDetails", "location"] != nil
                    && $0[path: "recordingDetails", "location", "altitude"] == nil
            })
        #expect(videos.contains { $0[path: "recordingDetails", "locationDescription"] != nil })
        // liveStreamingDetails only on live-ish videos, consistent with liveBroadcastContent.
        let live = videos.filter { $0["liveStreamingDetails"] != nil }
        #expect(Double(live.count) / Double(videos.count) > 0.05 && Double(live.count) / Double(videos.count) < 0.15)
        for video in live {
            let details = try #require(video["liveStreamingDetails"])
            switch video[path: "snippet", "liveBroadcastContent"]?.string {
            // A stream whose chat is disabled (one in ten) has no activeLiveChatId.
            case "live":
                #expect(
                    Self.keys(details).filter { $0 != "activeLiveChatId" } == [
                        "actualStartTime", "scheduledStartTime", "concurrentViewers",
                    ])
                #expect(details["concurrentViewers"]?.string.flatMap { Int($0) } != nil)
            case "upcoming":
                #expect(Self.keys(details).filter { $0 != "activeLiveChatId" } == ["scheduledStartTime"])
            default:
                #expect(Self.keys(details) == ["actualStartTime", "actualEndTime", "scheduledStartTime"])
                let start = try #require(details["actualStartTime"]?.string)
                let end = try #require(details["actualEndTime"]?.string.flatMap { RFC3339.parseSeconds($0) })
                let published = try #require(
                    video[path: "snippet", "publishedAt"]?.string.flatMap { RFC3339.parseSeconds($0) })
                #expect(end <= published, "a stream ends before its video is published")
                #expect(start.count == 20 || start.count == 27, "\(start)")
            }
        }
        #expect(live.contains { $0[path: "liveStreamingDetails", "actualStartTime"]?.string?.count == 27 })
        #expect(
            videos.filter { $0[path: "snippet", "liveBroadcastContent"]?.string != "none" }.allSatisfy {
                $0["liveStreamingDetails"] != nil
            })
        #expect(videos.contains { $0[path: "paidProductPlacementDetails", "hasPaidProductPlacement"] == .bool(true) })
        // localizations for some, keyed by language.
        let localized = videos.filter { $0["localizations"] != nil }
        #expect(!localized.isEmpty && localized.count < videos.count / 2)
        for video in localized {
            let language = try #require(video[path: "snippet", "defaultLanguage"]?.string)
            #expect(video[path: "localizations", language, "title"] == video[path: "snippet", "title"])
        }
    }

    @Test func partsAreFilteredAndOwnerPartsAreNotSent() throws {
        let emulator = try Self.harness()
        let id = emulator.server.truthVideos()[3].videoId
        let (_, snippetOnly) = try emulator.json("/youtube/v3/videos?part=snippet&id=\(id)")
        #expect(Self.keys(snippetOnly.items.first) == ["kind", "etag", "id", "snippet"])
        let (_, statusOnly) = try emulator.json("/youtube/v3/videos?part=status,recordingDetails&id=\(id)")
        #expect(Self.keys(statusOnly.items.first) == ["kind", "etag", "id", "status", "recordingDetails"])
        // The owner's parts are accepted and not sent to a key.
        let (ownerStatus, owner) = try emulator.json(
            "/youtube/v3/videos?part=id,fileDetails,processingDetails,suggestions&id=\(id)")
        #expect(ownerStatus == 200)
        #expect(Self.keys(owner.items.first) == ["kind", "etag", "id"])
        let (badStatus, bad) = try emulator.json("/youtube/v3/videos?part=ageGating&id=\(id)")
        #expect(badStatus == 400 && bad.errorReason == "unknownPart")
        // localizations only when asked.
        let all = try Self.allVideos(emulator, parts: "snippet,status")
        #expect(all.allSatisfy { $0["localizations"] == nil && $0["contentDetails"] == nil })
        let channel = emulator.server.channelIds[1]
        let (_, channelStatus) = try emulator.json("/youtube/v3/channels?part=status&id=\(channel)")
        #expect(Self.keys(channelStatus.items.first) == ["kind", "etag", "id", "status"])
    }

    @Test func channelPartsHaveTheVarietyOfRealBodies() throws {
        let emulator = try Self.harness()
        let ids = emulator.server.channelIds
        let (status, page) = try emulator.json(
            "/youtube/v3/channels?part=\(Self.allChannelParts)&id=\(ids.joined(separator: ","))")
        #expect(status == 200)
        let channels = page.items
        #expect(channels.count == ids.count)
        let truth = Dictionary(uniqueKeysWithValues: emulator.server.truthVideos().map { ($0.videoId, $0.channelId) })
        for channel in channels {
            let keys = Self.keys(channel)
            #expect(
                keys
                    == [
                        "kind", "etag", "id", "snippet", "contentDetails", "statistics", "topicDetails", "status",
                        "brandingSettings", "contentOwnerDetails", "localizations",
                    ].filter { keys.contains($0) })
            #expect(channel["contentOwnerDetails"] == .object([]) && channel["auditDetails"] == nil)
            #expect(channel[path: "brandingSettings", "channel", "title"] == channel[path: "snippet", "title"])
            if let trailer = channel[path: "brandingSettings", "channel", "unsubscribedTrailer"]?.string {
                #expect(truth[trailer] == channel["id"]?.string, "the trailer is one of the channel's videos")
            }
            if let banner = channel[path: "brandingSettings", "image", "bannerExternalUrl"]?.string {
                #expect(banner.hasPrefix("https://yt3.googleusercontent.com/"))
            }
            // A hidden count is left out.
            let hidden = channel[path: "statistics", "hiddenSubscriberCount"] == .bool(true)
            #expect((channel[path: "statistics", "subscriberCount"] == nil) == hidden)
            #expect(channel[path: "status", "longUploadsStatus"]?.string != nil)
        }
        #expect(channels.contains { $0[path: "statistics", "hiddenSubscriberCount"] == .bool(true) })
        #expect(channels.contains { $0[path: "snippet", "defaultLanguage"] != nil })
        #expect(channels.contains { $0[path: "snippet", "defaultLanguage"] == nil })
        #expect(
            channels.contains { $0[path: "brandingSettings", "channel", "keywords"]?.string?.contains("\"") == true })
        #expect(channels.contains { $0[path: "brandingSettings", "channel", "unsubscribedTrailer"] != nil })
        #expect(channels.contains { $0[path: "status", "madeForKids"] == nil })
        #expect(channels.contains { $0[path: "status", "madeForKids"] == .bool(true) })
        #expect(channels.contains { $0[path: "status", "longUploadsStatus"]?.string == "longUploadsUnspecified" })
        #expect(channels.contains { $0[path: "status", "longUploadsStatus"]?.string != "longUploadsUnspecified" })
        #expect(channels.contains { $0["topicDetails"] != nil } && channels.contains { $0["topicDetails"] == nil })
        #expect(channels.contains { $0["localizations"] != nil } && channels.contains { $0["localizations"] == nil })
    }

    /// UUSH/UULV/UULF hold the uploads but the last week's, each once, sorted by format; an empty
    /// one is a 404 with the real body.
    @Test func formatListsPartitionTheUploadsBarTheLastWeek() throws {
        let emulator = try Self.harness()
        let now = Int64(Date().timeIntervalSince1970)
        var lagged = 0
        var notFound = 0
        var longFormMissing = 0
        let durations = Dictionary(
            uniqueKeysWithValues: emulator.server.truthVideos().map { ($0.videoId, $0.durationSeconds ?? 0) })
        let liveDetails = Set(
            try Self.allVideos(emulator, parts: "liveStreamingDetails").filter { $0["liveStreamingDetails"] != nil }
                .compactMap { $0["id"]?.string })
        for channelId in emulator.server.channelIds {
            let rest = channelId.dropFirst(2)
            let uploads = try Self.playlist(emulator, "UU" + rest)
            let old = zip(uploads.ids, uploads.dates).filter { RFC3339.parseSeconds($0.1)! <= now - 7 * 86_400 - 60 }
            let recent = zip(uploads.ids, uploads.dates).filter { RFC3339.parseSeconds($0.1)! > now - 7 * 86_400 + 60 }
            lagged += recent.count
            let expected = try #require(emulator.server.formatListVideoIds(channelId: channelId))
            var union: [String] = []
            for prefix in ["UUSH", "UULV", "UULF"] {
                let list = try Self.playlist(emulator, prefix + rest, pageSize: 7)
                #expect(list.ids == expected[prefix + rest], "\(prefix)\(rest)")
                #expect(Set(list.ids).count == list.ids.count, "each id once")
                #expect(list.dates == list.dates.sorted(by: >))
                union += list.ids
                if let error = list.error {
                    notFound += 1
                    #expect(list.ids.isEmpty)
                    let body = try #require(error["error"])
                    #expect(Self.keys(body) == ["code", "message", "errors"])
                    #expect(body["code"] == .integer(404))
                    guard case .array(let errors)? = body["errors"], let first = errors.first else {
                        Issue.record("no errors")
                        continue
                    }
                    #expect(Self.keys(first) == ["message", "domain", "reason", "location", "locationType"])
                    #expect(first["domain"]?.string == "youtube.playlistItem")
                    #expect(first["reason"]?.string == "playlistNotFound")
                    #expect(first["location"]?.string == "playlistId")
                    #expect(first["locationType"]?.string == "parameter")
                    if prefix == "UULF", !uploads.ids.isEmpty,
                        old.contains(where: { durations[$0.0]! > 180 && !liveDetails.contains($0.0) })
                    {
                        longFormMissing += 1
                    }
                }
                if prefix == "UUSH" {
                    #expect(list.ids.allSatisfy { durations[$0]! <= 180 && !liveDetails.contains($0) })
                }
                if prefix == "UULV" { #expect(list.ids.allSatisfy { liveDetails.contains($0) }) }
                if prefix == "UULF" { #expect(list.ids.allSatisfy { !liveDetails.contains($0) }) }
            }
            #expect(Set(union).count == union.count)
            // Every upload older than a week is in one list (long ones too, unless UULF is missing).
            var listed = Set(union)
            if expected["UULF" + rest]?.isEmpty == true {
                listed.formUnion(old.map(\.0).filter { !liveDetails.contains($0) })
            }
            #expect(Set(old.map(\.0)).isSubset(of: listed) && Set(union).isSubset(of: Set(uploads.ids)))
            #expect(Set(union).isDisjoint(with: recent.map(\.0)))
        }
        #expect(lagged > 0, "some channels uploaded in the last week")
        #expect(notFound > 0)
        #expect(longFormMissing > 0, "UULF is missing for some channels with long videos")
    }

    /// A week later the lagging uploads are in their lists.
    @Test func formatListsCatchUpAfterAWeek() throws {
        let start = Int64(Date().timeIntervalSince1970)
        let later = try EmulatorHarness {
            $0.corpus = CorpusConfiguration(seed: 11, channels: 40, videosPerChannel: 25)
            $0.dayZero = start
            $0.clock = { start + 8 * 86_400 }
        }
        let now = try Self.harness()
        // Those that vanished by then leave their lists.
        let existing = Set(later.server.truthVideos().map(\.videoId))
        var caughtUp = 0
        for channelId in now.server.channelIds {
            let before = try #require(now.server.formatListVideoIds(channelId: channelId))
            let after = try #require(later.server.formatListVideoIds(channelId: channelId))
            for (id, videos) in before {
                #expect(Set(videos.filter(existing.contains)).isSubset(of: Set(after[id] ?? [])))
                caughtUp += (after[id]?.count ?? 0) - videos.count
            }
        }
        #expect(caughtUp > 0)
        // playlists.list knows the lists that exist.
        let channelId = now.server.channelIds.first {
            now.server.formatListVideoIds(channelId: $0)?.values.allSatisfy { !$0.isEmpty } == true
        }!
        let rest = channelId.dropFirst(2)
        let (_, lists) = try now.json(
            "/youtube/v3/playlists?part=snippet,contentDetails&id=UUSH\(rest),UULV\(rest),UULF\(rest)")
        #expect(lists.items.count == 3)
        #expect(
            lists.items.first?[path: "contentDetails", "itemCount"]?.int
                == now.server.formatListVideoIds(channelId: channelId)?["UUSH" + rest]?.count)
    }

    /// The truth carries every part (as videos.list and channels.list send them) and each video's format.
    @Test func truthCarriesEveryPartAndTheFormat() throws {
        let emulator = try Self.harness()
        let truth = emulator.server.truthVideos()
        let rendered = Dictionary(
            uniqueKeysWithValues: try Self.allVideos(emulator).map { ($0["id"]?.string ?? "", $0) })
        func share(_ format: VideoFormat) -> Double {
            Double(truth.filter { $0.format == format }.count) / Double(truth.count)
        }
        #expect(truth.allSatisfy { $0.format != nil })
        #expect(share(.short) > 0.12 && share(.short) < 0.28)
        #expect(share(.live) > 0.05 && share(.live) < 0.13)
        for video in truth {
            let body = try #require(rendered[video.videoId])
            #expect((video.liveStreamingDetails != nil) == (video.format == .live))
            if video.format == .short {
                #expect((video.durationSeconds ?? 0) <= 180 && video.liveBroadcastContent == "none")
            }
            #expect(video.caption == (body[path: "contentDetails", "caption"]?.string == "true"))
            #expect(video.contentRating == body[path: "contentDetails", "contentRating"])
            #expect(video.license == body[path: "status", "license"]?.string)
            #expect(video.madeForKids.map { JSONValue.bool($0) } == body[path: "status", "madeForKids"])
            #expect(
                video.containsSyntheticMedia.map { JSONValue.bool($0) }
                    == body[path: "status", "containsSyntheticMedia"])
            #expect(
                video.topicCategories.map { JSONValue.array($0.map { .string($0) }) }
                    == body[path: "topicDetails", "topicCategories"])
            #expect(
                video.regionRestriction?.blocked.map { JSONValue.array($0.map { .string($0) }) }
                    == body[path: "contentDetails", "regionRestriction", "blocked"])
            #expect(
                video.recordingLocation?.latitude.description
                    == body[path: "recordingDetails", "location", "latitude"].flatMap {
                        if case .number(let text) = $0 { text } else { nil }
                    })
            #expect(video.localizations == body["localizations"])
            #expect(
                video.liveStreamingDetails?.activeLiveChatId
                    == body[path: "liveStreamingDetails", "activeLiveChatId"]?.string)
            #expect(
                video.hasPaidProductPlacement.map { JSONValue.bool($0) }
                    == body[path: "paidProductPlacementDetails", "hasPaidProductPlacement"])
        }
        let formats = Dictionary(uniqueKeysWithValues: truth.map { ($0.videoId, $0.format) })
        for channelId in emulator.server.channelIds {
            let lists = try #require(emulator.server.formatListVideoIds(channelId: channelId))
            let rest = channelId.dropFirst(2)
            #expect(lists["UUSH" + rest]!.allSatisfy { formats[$0] == .short })
            #expect(lists["UULV" + rest]!.allSatisfy { formats[$0] == .live })
            #expect(lists["UULF" + rest]!.allSatisfy { formats[$0] == .long })
        }
        let channels = emulator.server.truthChannels()
        let (_, page) = try emulator.json(
            "/youtube/v3/channels?part=\(Self.allChannelParts)&id=\(channels.map(\.channelId).joined(separator: ","))")
        for (channel, body) in zip(channels, page.items) {
            #expect(channel.channelId == body["id"]?.string)
            #expect(channel.hiddenSubscriberCount == (body[path: "statistics", "hiddenSubscriberCount"] == .bool(true)))
            #expect(
                channel.keywords
                    == body[path: "brandingSettings", "channel", "keywords"]?.string.map(ChannelKeywords.split))
            #expect(
                channel.unsubscribedTrailer == body[path: "brandingSettings", "channel", "unsubscribedTrailer"]?.string)
            #expect(channel.bannerUrl == body[path: "brandingSettings", "image", "bannerExternalUrl"]?.string)
            #expect(channel.longUploadsStatus == body[path: "status", "longUploadsStatus"]?.string)
            #expect(channel.madeForKids.map { JSONValue.bool($0) } == body[path: "status", "madeForKids"])
            #expect(channel.defaultLanguage == body[path: "snippet", "defaultLanguage"]?.string)
            #expect(
                channel.topicIds.map { JSONValue.array($0.map { .string($0) }) }
                    == body[path: "topicDetails", "topicIds"])
        }
    }
}
