import Emulator
import Foundation
import StreamingJSON
import Testing
import YouTubeKit

/// channelSections.list and subscriptions.list: the featured-channel shelves and subscriptions a
/// channel-link crawl follows, checked against the emulator's truth of the links.
@Suite("Emulator channel links")
struct EmulatorChannelLinksTests {
    static let key = "links-key-not-a-secret"
    static let corpus = CorpusConfiguration(seed: 21, channels: 200, videosPerChannel: 2)

    static func service(_ corpus: CorpusConfiguration = corpus) -> EmulatorService {
        EmulatorService(
            EmulatorConfiguration(
                corpus: corpus, keys: [key], dailyUnits: 1_000_000, clock: { 1_767_225_600 + 3600 }))
    }

    static func get(_ service: EmulatorService, _ target: String) throws -> (Int, JSONValue, [UInt8]) {
        let reply = service.respond(target: target, headers: [(name: "X-Goog-Api-Key", value: key)])
        return (reply.status, try JSONValue.parse(reply.body), reply.body)
    }

    static func array(_ value: JSONValue?) -> [JSONValue] {
        if case .array(let values)? = value { return values }
        return []
    }

    static func strings(_ value: JSONValue?) -> [String] { array(value).compactMap(\.string) }

    static func members(_ value: JSONValue?) -> [String] {
        if case .object(let members)? = value { return members.map(\.key) }
        return []
    }

    static let sectionTypes: Set<String> = [
        "recentuploads", "popularuploads", "singleplaylist", "multipleplaylists", "multiplechannels", "allplaylists",
        "subscriptions", "liveevents", "completedevents", "channelsectiontypeundefined",
    ]

    // MARK: channelSections.list

    @Test func sectionsAreInTheCurrentFormAndTheirShelvesAreTheTruth() throws {
        let service = Self.service()
        var most = 0
        var types: Set<String> = []
        var shelfCounts: Set<Int> = []
        var missingFeatured = 0
        for channelId in service.channelIds {
            let (status, page, _) = try Self.get(
                service, "/youtube/v3/channelSections?part=snippet,contentDetails&channelId=\(channelId)")
            #expect(status == 200)
            #expect(Self.members(page) == ["kind", "etag", "items"])  // no pageInfo, no paging
            #expect(page["kind"]?.string == "youtube#channelSectionListResponse")
            var shelves: [(sectionTitle: String, channelIds: [String])] = []
            for (position, item) in page.items.enumerated() {
                #expect(item["kind"]?.string == "youtube#channelSection")
                #expect(item["id"]?.string?.hasPrefix(channelId + ".") == true)
                let type = try #require(item[path: "snippet", "type"]?.string)
                #expect(Self.sectionTypes.contains(type), "\(type)")
                #expect(item[path: "snippet", "position"]?.int == position)
                #expect(item[path: "snippet", "channelId"]?.string == channelId)
                #expect(item[path: "snippet", "style"] == nil && item[path: "snippet", "localized"] == nil)
                types.insert(type)
                if type == "multiplechannels" {
                    let title = try #require(item[path: "snippet", "title"]?.string)
                    shelves.append((title, Self.strings(item[path: "contentDetails", "channels"])))
                }
            }
            most = max(most, page.items.count)
            shelfCounts.insert(shelves.count)
            let truth = try #require(service.featuredChannels(of: channelId))
            #expect(shelves.map(\.sectionTitle) == truth.map(\.sectionTitle))
            #expect(shelves.map(\.channelIds) == truth.map(\.channelIds))
            missingFeatured += truth.flatMap(\.channelIds).filter { !service.channelExists($0) }.count
        }
        #expect(most > 10)
        #expect(types == Self.sectionTypes)
        #expect(shelfCounts == [0, 1, 2])
        #expect(missingFeatured > 0)
    }

    @Test func aFeaturedChannelThatDoesNotExistHasNoChannelItem() throws {
        let service = Self.service()
        let missing = try #require(
            service.channelIds.lazy.compactMap { service.featuredChannels(of: $0) }.flatMap { $0.flatMap(\.channelIds) }
                .first { !service.channelExists($0) })
        let (status, page, _) = try Self.get(service, "/youtube/v3/channels?part=snippet&id=\(missing)")
        #expect(status == 200)
        #expect(page.items.isEmpty)
    }

    @Test func contentDetailsAloneHaveNoSnippetAndSomeSectionsNoContentDetails() throws {
        let service = Self.service()
        let channelId = try #require(
            service.channelIds.first { (service.featuredChannels(of: $0)?.count ?? 0) > 0 })
        let (_, page, _) = try Self.get(
            service, "/youtube/v3/channelSections?part=contentDetails&channelId=\(channelId)")
        #expect(page.items.allSatisfy { $0["snippet"] == nil })
        #expect(page.items.contains { $0["contentDetails"] == nil })
        #expect(page.items.contains { $0[path: "contentDetails", "channels"] != nil })
    }

    @Test func anUnknownChannelHasNoSections() throws {
        let (status, page, _) = try Self.get(
            Self.service(), "/youtube/v3/channelSections?part=snippet&channelId=UCxxxxxxxxxxxxxxxxxxxxxA")
        #expect(status == 200)
        #expect(page["items"] == .array([]))
    }

    @Test func aSectionIsFoundByItsId() throws {
        let service = Self.service()
        let channelId = service.channelIds[4]
        let (_, all, _) = try Self.get(
            service, "/youtube/v3/channelSections?part=snippet,contentDetails&channelId=\(channelId)")
        let last = try #require(all.items.last)
        let id = try #require(last["id"]?.string)
        let (_, one, _) = try Self.get(service, "/youtube/v3/channelSections?part=snippet,contentDetails&id=\(id)")
        #expect(one.items == [last])
    }

    // MARK: subscriptions.list

    @Test func subscriptionsPageThroughThreePagesToExactlyTheTruth() throws {
        let service = Self.service()
        let channelId = try #require(service.channelIds.first { (service.subscriptions(of: $0)?.count ?? 0) > 100 })
        let truth = try #require(service.subscriptions(of: channelId))
        var seen: [String] = []
        var pages = 0
        var token: String?
        repeat {
            let (status, page, _) = try Self.get(
                service,
                "/youtube/v3/subscriptions?part=snippet&channelId=\(channelId)&maxResults=50"
                    + (token.map { "&pageToken=\($0)" } ?? ""))
            #expect(status == 200)
            #expect(page["kind"]?.string == "youtube#SubscriptionListResponse")
            #expect(page[path: "pageInfo", "totalResults"]?.int == truth.count)
            #expect(page[path: "pageInfo", "resultsPerPage"]?.int == 50)
            for item in page.items {
                #expect(item["kind"]?.string == "youtube#subscription")
                #expect(item["id"]?.string?.count == 43)
                #expect(item[path: "snippet", "channelId"]?.string == channelId)
                #expect(item[path: "snippet", "resourceId", "kind"]?.string == "youtube#channel")
                let published = try #require(item[path: "snippet", "publishedAt"]?.string)
                #expect(published.count == 27 && published.dropFirst(19).first == ".", "\(published)")
                #expect(Self.members(item[path: "snippet", "thumbnails", "default"]) == ["url"])
                seen.append(try #require(item[path: "snippet", "resourceId", "channelId"]?.string))
            }
            token = page["nextPageToken"]?.string
            pages += 1
        } while token != nil
        #expect(pages == 3)
        #expect(seen == truth)
    }

    @Test func theDefaultPageIsFiveAndTitlesAreTheSubscribedChannels() throws {
        let service = Self.service()
        let channelId = try #require(service.channelIds.first { (service.subscriptions(of: $0)?.count ?? 0) > 5 })
        let (_, page, _) = try Self.get(
            service, "/youtube/v3/subscriptions?part=snippet,contentDetails,subscriberSnippet&channelId=\(channelId)")
        #expect(page.items.count == 5)
        #expect(page["nextPageToken"]?.string != nil)
        let titles = Dictionary(
            service.truthChannels().map { ($0.channelId, $0.title ?? "") }, uniquingKeysWith: { first, _ in first })
        for item in page.items {
            let target = try #require(item[path: "snippet", "resourceId", "channelId"]?.string)
            if let title = titles[target] { #expect(item[path: "snippet", "title"]?.string == title) }
            #expect(item[path: "subscriberSnippet", "channelId"]?.string == channelId)
            #expect(item[path: "contentDetails", "activityType"]?.string == "all")
        }
    }

    @Test func privateSubscriptionsAnswer403SubscriptionForbidden() throws {
        let service = Self.service()
        let channelId = try #require(service.channelIds.first { service.subscriptionsArePrivate($0) })
        #expect(service.subscriptions(of: channelId) == nil)
        let (status, _, body) = try Self.get(
            service, "/youtube/v3/subscriptions?part=snippet&channelId=\(channelId)&prettyPrint=false")
        #expect(status == 403)
        let message = "The requester is not allowed to access the requested subscriptions."
        #expect(
            String(decoding: body, as: UTF8.self)
                == #"{"error":{"code":403,"message":"\#(message)","errors":[{"message":"\#(message)","domain":"youtube.subscription","reason":"subscriptionForbidden"}],"status":"PERMISSION_DENIED"}}"#
        )
    }

    @Test func anUnknownSubscriberIs404() throws {
        let (status, page, _) = try Self.get(
            Self.service(), "/youtube/v3/subscriptions?part=snippet&channelId=UCxxxxxxxxxxxxxxxxxxxxxA")
        #expect(status == 404)
        #expect(page.errorReason == "subscriberNotFound")
    }

    static let invalid: [(String, Int, String)] = [
        ("/youtube/v3/channelSections?part=snippet", 400, "missingRequiredParameter"),
        ("/youtube/v3/channelSections?channelId=UC_x5XG1OV2P6uZZ5FSM9Ttw", 400, "required"),
        ("/youtube/v3/channelSections?part=snippet,style&channelId=UC_x5XG1OV2P6uZZ5FSM9Ttw", 400, "unknownPart"),
        ("/youtube/v3/channelSections?part=snippet&channelId=UC_x5XG1OV2P6uZZ5FSM9Ttw&maxResults=5", 400, "badRequest"),
        ("/youtube/v3/channelSections?part=snippet&mine=true", 401, "authError"),
        ("/youtube/v3/subscriptions?part=snippet", 400, "missingRequiredParameter"),
        (
            "/youtube/v3/subscriptions?part=snippet&channelId=UC_x5XG1OV2P6uZZ5FSM9Ttw&maxResults=51", 400,
            "invalidParameter"
        ),
        (
            "/youtube/v3/subscriptions?part=snippet&channelId=UC_x5XG1OV2P6uZZ5FSM9Ttw&order=newest", 400,
            "invalidParameter"
        ),
        (
            "/youtube/v3/subscriptions?part=snippet&channelId=UC_x5XG1OV2P6uZZ5FSM9Ttw&pageToken=CAUQAA", 400,
            "invalidPageToken"
        ),
        ("/youtube/v3/subscriptions?part=snippet&mine=true", 401, "authError"),
        (
            "/youtube/v3/subscriptions?part=snippet&mine=true&channelId=UC_x5XG1OV2P6uZZ5FSM9Ttw", 400,
            "incompatibleParameters"
        ),
    ]

    @Test(arguments: invalid)
    func parametersAreValidated(_ target: String, _ status: Int, _ reason: String) throws {
        let (actual, page, _) = try Self.get(Self.service(), target)
        #expect(actual == status)
        #expect(page.errorReason == reason)
    }

    @Test func everyCallCostsOneUnit() throws {
        let service = Self.service()
        let channelId = service.channelIds[1]
        for target in [
            "/youtube/v3/channelSections?part=snippet&channelId=\(channelId)",
            "/youtube/v3/subscriptions?part=snippet&channelId=\(channelId)",
            "/youtube/v3/subscriptions?part=snippet&maxResults=51",
        ] {
            _ = try Self.get(service, target)
        }
        #expect(service.quotaUsed(key: Self.key) == QuotaCounts(units: 3))
        #expect(QuotaModel.buckets.charge(for: .channelSections) == QuotaCharge(bucket: .units, cost: 1))
        #expect(QuotaModel.classic.charge(for: .subscriptions) == QuotaCharge(bucket: .units, cost: 1))
    }

    @Test func theSameSeedGivesTheSameBytes() throws {
        let (first, second) = (Self.service(), Self.service())
        #expect(first.truthLinks() == second.truthLinks())
        for channelId in first.channelIds.prefix(20) {
            for target in [
                "/youtube/v3/channelSections?part=snippet,contentDetails&channelId=\(channelId)",
                "/youtube/v3/subscriptions?part=snippet,contentDetails&maxResults=50&channelId=\(channelId)",
            ] {
                #expect(try Self.get(first, target).2 == Self.get(second, target).2)
            }
        }
    }

    /// The shares the report quotes; loose bounds on the default corpus.
    @Test(arguments: [CorpusConfiguration(), CorpusConfiguration(seed: 21, channels: 12, videosPerChannel: 70)])
    func sharesOfChannels(_ corpus: CorpusConfiguration) throws {
        let service = Self.service(corpus)
        let count = Double(service.channelIds.count)
        func share(_ test: (String) -> Bool) -> Double { Double(service.channelIds.filter(test).count) / count }
        let featured = share { !(service.featuredChannels(of: $0) ?? []).isEmpty }
        let privately = share { service.subscriptionsArePrivate($0) }
        let publicly = share { !(service.subscriptions(of: $0) ?? []).isEmpty }
        let links = service.truthLinks()
        let inside = Double(links.filter { service.channelExists($0.to) }.count) / Double(max(1, links.count))
        print(
            "links \(corpus.seed)/\(corpus.channels): featured \(featured), public non-empty \(publicly), private \(privately), links \(links.count), inside \(inside)"
        )
        if corpus.channels >= 300 {
            #expect((0.5...0.7).contains(featured))
            #expect((0.22...0.38).contains(privately))
            #expect((0.32...0.48).contains(publicly))
            #expect(inside > 0.85)
        }
    }

    @Test func theLinksAreDumpedAsJSONLines() throws {
        let service = Self.service(CorpusConfiguration(seed: 21, channels: 12, videosPerChannel: 70))
        let directory = FileManager.default.temporaryDirectory.path + "/links-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try service.dumpTruth(to: directory, kinds: [.channels])
        let lines = try String(contentsOfFile: directory + "/links.jsonl", encoding: .utf8).split(separator: "\n")
        let links = service.truthLinks()
        #expect(lines.count == links.count)
        let first = try JSONValue.parse(Array(try #require(lines.first).utf8))
        #expect(first["from"]?.string == links.first?.from)
        #expect(first["relation"]?.string == links.first?.relation.rawValue)
    }
}
