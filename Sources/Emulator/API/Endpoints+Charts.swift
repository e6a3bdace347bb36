import StreamingJSON
import YouTubeKit

extension Endpoints {
    /// The categories videoCategories.list serves, in every region: YouTube's own (ids and
    /// titles as the real API lists them for US), and the ids the corpus draws that YouTube does
    /// not have, named as the emulator's and not assignable.
    static let categories: [(id: Int, title: String, assignable: Bool)] = {
        let real: [Int: (String, Bool)] = [
            1: ("Film & Animation", true), 2: ("Autos & Vehicles", true), 10: ("Music", true),
            15: ("Pets & Animals", true), 17: ("Sports", true), 18: ("Short Movies", false),
            19: ("Travel & Events", true), 20: ("Gaming", true), 21: ("Videoblogging", false),
            22: ("People & Blogs", true), 23: ("Comedy", true), 24: ("Entertainment", true),
            25: ("News & Politics", true), 26: ("Howto & Style", true), 27: ("Education", true),
            28: ("Science & Technology", true), 29: ("Nonprofits & Activism", true), 30: ("Movies", false),
            31: ("Anime/Animation", false), 32: ("Action/Adventure", false), 33: ("Classics", false),
            34: ("Comedy", false), 35: ("Documentary", false), 36: ("Drama", false), 37: ("Family", false),
            38: ("Foreign", false), 39: ("Horror", false), 40: ("Sci-Fi/Fantasy", false), 41: ("Thriller", false),
            42: ("Shorts", false), 43: ("Shows", false), 44: ("Trailers", false),
        ]
        return (1...44).map { id in
            let (title, assignable) = real[id] ?? ("Emulator category \(id)", false)
            return (id, title, assignable)
        }
    }()

    /// The channel YouTube's categories name as their maker.
    static let categoryChannel = "UCBR8-60-B28hp2BmDPdntcQ"

    /// videoCategories.list: by `regionCode` (any region) or by `id`.
    func videoCategories() throws -> JSONValue {
        try checkKnown(["part", "id", "regionCode", "hl"])
        _ = try parts(["snippet"])
        let wanted: Set<Int>?
        if let ids = parameters["id"] {
            wanted = Set(ids.split(separator: ",").compactMap { Int($0) })
        } else if let region = parameters["regionCode"] {
            guard region.count == 2, region.allSatisfy(\.isUppercase) else {
                throw APIFailure.invalidValue("regionCode", "Invalid value '\(region)'.")
            }
            wanted = nil
        } else {
            throw APIFailure(
                status: 400, reason: "missingRequiredParameter",
                message: "No filter selected. Expected one of: id, regionCode", domain: "youtube.parameter",
                location: "parameters.", locationType: "other", statusText: "INVALID_ARGUMENT")
        }
        let items: [JSONValue] = Self.categories.filter { wanted?.contains($0.id) ?? true }.map { category in
            .object([
                ("kind", .string("youtube#videoCategory")), ("etag", renderer.etag("category\(category.id)")),
                ("id", .string(String(category.id))),
                (
                    "snippet",
                    .object([
                        ("title", .string(category.title)), ("assignable", .bool(category.assignable)),
                        ("channelId", .string(Self.categoryChannel)),
                    ])
                ),
            ])
        }
        return .object([
            ("kind", .string("youtube#videoCategoryListResponse")),
            ("etag", renderer.etag("videoCategories" + String(fingerprint))), ("items", .array(items)),
        ])
    }

    /// The most popular videos of `region` (of `category`) on the day: the videos of that region
    /// (and category) that exist that day, by views weighted by a draw of the video and the day
    /// (a chart changes every day), at most 200.
    func chart(region: String?, category: String?) throws -> [CorpusVideo] {
        if let category, !Self.categories.contains(where: { String($0.id) == category }) {
            throw APIFailure(
                status: 404, reason: "videoChartNotFound",
                message: "The requested video chart is not supported or is not available.", domain: "youtube.video",
                location: "chart", locationType: "parameter", statusText: "NOT_FOUND")
        }
        let today = day
        let seed = corpus.configuration.seed ^ UInt64(truncatingIfNeeded: (region ?? "").hashValueStable)
        var ranked: [(score: Double, video: CorpusVideo)] = []
        for index in 0..<min(corpus.videoCount, Self.unfilteredCandidateLimit) {
            let generated = corpus.video(index)
            if let region, generated.region != region { continue }
            if let category, generated.categoryId != category { continue }
            guard let video = api.timeline.video(generated, onDay: today) else { continue }
            let draw = SearchDrift.unit(UInt64(index) ^ seed ^ (UInt64(today + 1) &* 0x9E37_79B9_7F4A_7C15))
            ranked.append((Double(video.viewCount) * (0.5 + draw), video))
        }
        ranked.sort { $0.score != $1.score ? $0.score > $1.score : $0.video.index < $1.video.index }
        return ranked.prefix(200).map(\.video)
    }
}
