import YouTubeKit

/// What the `name=value` options of a seed line set, before the seed is made.
struct SeedOptions {
    var maxPages: Int?
    var walkChannels = false
    var walkPages: Int?
    var comments = false
    var splitTime = false
    var completeBySearch = false
    var formats = false
    var links: Seed.LinkRelations = []
    var linkDepth: Int?
    var commentOrder = APIRequest.CommentOrder.time
    var searchTerms: String?
    var repeats = false
    var videoCategoryId: String?
    var playlists: Seed.PlaylistsOption?
    var idsKind: MissingItem.Kind?
    var live = false
}

/// A `name=value` option of a seed line, declared once: the seed kinds that take it, how its value
/// sets the seed, and what an error says when the value or the kind is wrong. A new option is a
/// row of ``all`` (and a field of ``SeedOptions``); the "a channel seed takes only …" messages
/// are made from the table.
struct SeedFilter: Sendable {
    let name: String
    /// The seed kinds that take it.
    let kinds: Set<String>
    /// How it is written where a seed's options are listed (`maxPages=N`).
    let form: String
    /// What another kind of seed is told (`split=time is for search seeds`); `nil` when another
    /// kind takes the name as any other it does not know (a search sends it to the API).
    let elsewhere: String?
    /// Sets the options from `value`; the expectation (`expected …`) when the value is not one.
    let apply: @Sendable (String, inout SeedOptions) -> String?

    /// Every option, in the order a seed's options are listed.
    static let all: [SeedFilter] = [
        SeedFilter(
            name: "maxPages", kinds: ["search", "channel", "playlist", "video", "comments", "chart"],
            form: "maxPages=N",
            elsewhere: nil
        ) { value, options in
            guard let pages = Int(value), pages >= 1 else { return "expected a whole number of pages, 1 or more" }
            options.maxPages = pages
            return nil
        },
        SeedFilter(
            name: "comments", kinds: ["search", "channel", "playlist", "video"], form: "comments=yes",
            elsewhere: "a comments seed fetches comments already"
        ) { value, options in
            guard let yes = yesOrNo(value) else { return "expected comments=yes or comments=no" }
            options.comments = yes
            return nil
        },
        SeedFilter(
            name: "walk", kinds: ["search"], form: "walk=channels", elsewhere: "walk=channels is for search seeds"
        ) { value, options in
            guard value == "channels" else { return "expected walk=channels, on a search seed" }
            options.walkChannels = true
            return nil
        },
        SeedFilter(
            name: "walkPages", kinds: ["search"], form: "walkPages=N",
            elsewhere: "walkPages=N is for searches with walk=channels"
        ) { value, options in
            guard let pages = Int(value), pages >= 1 else { return "expected a whole number of pages, 1 or more" }
            options.walkPages = pages
            return nil
        },
        SeedFilter(
            name: "split", kinds: ["search"], form: "split=time", elsewhere: "split=time is for search seeds"
        ) { value, options in
            guard value == "time" else { return "expected split=time, on a search seed" }
            options.splitTime = true
            return nil
        },
        SeedFilter(name: "videoCategoryId", kinds: ["chart"], form: "videoCategoryId=N", elsewhere: nil) {
            value, options in
            guard !value.isEmpty, value.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                return "expected a category number, as videoCategoryId=10 (Music)"
            }
            options.videoCategoryId = value
            return nil
        },
        SeedFilter(
            name: "repeat", kinds: ["search"], form: "repeat=yes",
            elsewhere: "repeat=yes asks a search again unchanged at every update: for search seeds"
        ) { value, options in
            guard let yes = yesOrNo(value) else { return "expected repeat=yes or repeat=no" }
            options.repeats = yes
            return nil
        },
        SeedFilter(
            name: "complete", kinds: ["channel"], form: "complete=search",
            elsewhere: "complete=search is for channel seeds"
        ) { value, options in
            guard value == "search" else { return "expected complete=search, on a channel seed" }
            options.completeBySearch = true
            return nil
        },
        SeedFilter(
            name: "formats", kinds: ["channel", "search"], form: "formats=yes",
            elsewhere:
                "formats=yes labels the uploads of walked channels: for channel seeds and searches with walk=channels"
        ) { value, options in
            guard let yes = yesOrNo(value) else { return "expected formats=yes or formats=no" }
            options.formats = yes
            return nil
        },
        SeedFilter(name: "kind", kinds: ["ids"], form: "kind=videos|channels|playlists|comments", elsewhere: nil) {
            value, options in
            switch value {
            case "videos": options.idsKind = .video
            case "channels": options.idsKind = .channel
            case "playlists": options.idsKind = .playlist
            case "comments": options.idsKind = .comment
            default: return "expected kind=videos, kind=channels, kind=playlists or kind=comments"
            }
            return nil
        },
        SeedFilter(
            name: "live", kinds: ["channel", "search"], form: "live=yes",
            elsewhere:
                "live=yes captures the chat of the streams a search or channel finds: for search and channel seeds (a `live VIDEO` seed captures one)"
        ) { value, options in
            guard let yes = yesOrNo(value) else { return "expected live=yes or live=no" }
            options.live = yes
            return nil
        },
        SeedFilter(
            name: "playlists", kinds: ["channel"], form: "playlists=yes|walk",
            elsewhere: "playlists=yes|walk lists a channel's playlists: for channel seeds"
        ) { value, options in
            switch value {
            case "yes": options.playlists = .list
            case "walk": options.playlists = .walk
            case "no": options.playlists = nil
            default:
                return
                    "expected playlists=yes (the channel's playlists), playlists=walk (and their entries) or playlists=no"
            }
            return nil
        },
        SeedFilter(
            name: "links", kinds: ["channel", "search"], form: "links=featured|subscriptions|all",
            elsewhere: linksElsewhere
        ) { value, options in
            guard let relations = Seed.LinkRelations(value) else {
                return "expected links=featured, links=subscriptions or links=all"
            }
            options.links = relations
            return nil
        },
        SeedFilter(
            name: "depth", kinds: ["channel", "search"], form: "depth=0…\(Seed.maximumLinkDepth)",
            elsewhere: linksElsewhere
        ) { value, options in
            guard let depth = Int(value), (0...Seed.maximumLinkDepth).contains(depth) else {
                return "expected a link depth from 0 (links among the seeds only) to \(Seed.maximumLinkDepth)"
            }
            options.linkDepth = depth
            return nil
        },
        SeedFilter(name: "order", kinds: ["comments"], form: "order=time|relevance", elsewhere: nil) {
            value, options in
            guard let order = APIRequest.CommentOrder(rawValue: value) else {
                return "expected order=time or order=relevance"
            }
            options.commentOrder = order
            return nil
        },
        SeedFilter(name: "searchTerms", kinds: ["comments"], form: "searchTerms=…", elsewhere: nil) {
            value, options in
            guard !value.isEmpty else { return "expected words to match" }
            options.searchTerms = value
            return nil
        },
    ]

    private static let linksElsewhere =
        "links= and depth= follow channel links: for channel seeds and searches with walk=channels"

    private static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    static func named(_ name: String) -> SeedFilter? { byName[name] }

    /// The options a kind of seed takes, listed: `maxPages=N, comments=yes and complete=search`.
    static func forms(of kind: String) -> String {
        let forms = all.filter { $0.kinds.contains(kind) }.map(\.form)
        guard forms.count > 1 else { return forms.first ?? "" }
        return forms.dropLast().joined(separator: ", ") + " and " + forms[forms.count - 1]
    }

    private static func yesOrNo(_ value: String) -> Bool? {
        switch value {
        case "yes": true
        case "no": false
        default: nil
        }
    }
}
