import StreamingJSON
import YouTubeKit

extension Endpoints {
    /// The most results a search pages through, as on the real API.
    static let searchResultCap = 500
    /// Without query terms, at most this many videos (the first by index) are considered.
    static let unfilteredCandidateLimit = 50_000

    private struct Hit {
        enum Kind { case video, channel, playlist }
        var kind: Kind
        var index: Int
        var score: Int
        var date: Int64
        var views: Int
        var rating: Double
        var title: String
        var tiebreak: UInt64
    }

    func search() throws -> JSONValue {
        _ = try parts(Self.searchParts)
        let query: SearchQuery
        do {
            query = try SearchQuery(
                parameters: order.filter { $0.name != "part" && !EmulatorAPI.standardParameters.contains($0.name) })
        } catch let error as YouTubeError {
            guard let parameter = error.parameter, SearchQuery.parameterNames.contains(parameter) else {
                throw APIFailure.badRequest(
                    "Invalid JSON payload received. Unknown name \"\(error.parameter ?? "")\": Cannot bind query parameter."
                )
            }
            if error.description.contains("only with type=video") {
                throw APIFailure.invalidSearchFilter(
                    "The request contains an invalid combination of search filters and/or restrictions. \(error.description)"
                )
            }
            throw APIFailure.invalidValue(parameter, error.description)
        }
        if query.forMine == true {
            throw APIFailure(
                status: 401, reason: "authError", message: "forMine needs OAuth 2.0 authorization.", domain: "global",
                statusText: "UNAUTHENTICATED")
        }
        let offset = try offset()
        let pageSize = query.maxResults
        let types = query.type ?? .all
        let terms = SearchIndex.terms(query.q ?? "")
        let hasTerms = !(query.q ?? "").trimmingCharacters(in: " ").isEmpty
        let nothingMatches = hasTerms && terms.include.isEmpty && terms.unknown > 0
        let channelFilter = query.channelId.map { id -> Int in
            guard let index = corpus.channelIndex(id: Substring(id)) else { return -1 }
            return index
        }
        let salt = UInt64(fingerprint)
        var hits: [Hit] = []
        if !nothingMatches, query.forDeveloper != true {
            if types.contains(.video) {
                hits += videoHits(query, terms: terms, hasTerms: hasTerms, channel: channelFilter, salt: salt)
            }
            let otherFiltersSet = query.publishedAfter != nil || query.publishedBefore != nil
            if types.contains(.channel), !otherFiltersSet {
                for (index, score) in matches(corpus.index.channelPostings, terms, hasTerms, all: corpus.channels.count)
                where channelFilter == nil || channelFilter == index {
                    let channel = corpus.channels[index]
                    hits.append(
                        Hit(
                            kind: .channel, index: index, score: score, date: channel.publishedAt,
                            views: channel.viewCount, rating: 0, title: channel.title,
                            tiebreak: Self.mix(UInt64(index) ^ salt ^ 0xC)))
                }
            }
            if types.contains(.playlist), !otherFiltersSet {
                for (index, score) in matches(
                    corpus.index.playlistPostings, terms, hasTerms, all: corpus.playlists.count)
                where channelFilter == nil || corpus.playlists[index].channel == channelFilter {
                    let playlist = corpus.playlists[index]
                    hits.append(
                        Hit(
                            kind: .playlist, index: index, score: score, date: playlist.publishedAt, views: 0,
                            rating: 0, title: playlist.title, tiebreak: Self.mix(UInt64(index) ^ salt ^ 0xB)))
                }
            }
        }
        let ordering = query.order ?? .relevance
        hits.sort { a, b in
            switch ordering {
            case .date where a.date != b.date: return a.date > b.date
            case .viewCount where a.views != b.views: return a.views > b.views
            case .rating where a.rating != b.rating: return a.rating > b.rating
            case .title where a.title != b.title: return a.title < b.title
            default:
                if a.score != b.score { return a.score > b.score }
                return a.tiebreak < b.tiebreak
            }
        }
        let reachable = min(hits.count, Self.searchResultCap)
        let page = offset < reachable ? hits[offset..<min(offset + pageSize, reachable)] : []
        let items = page.map { hit -> JSONValue in
            switch hit.kind {
            case .video: return renderer.searchResult(video: corpus.video(hit.index))
            case .channel: return renderer.searchResult(channel: corpus.channels[hit.index])
            case .playlist: return renderer.searchResult(playlist: corpus.playlists[hit.index])
            }
        }
        return listResponse(
            kind: "youtube#searchListResponse", items: items, total: min(hits.count, 1_000_000), offset: offset,
            pageSize: pageSize, reachable: reachable, extra: [("regionCode", .string(query.regionCode ?? "US"))])
    }

    /// Indices and scores (matched terms) from postings; every index when there are no terms.
    private func matches(
        _ postings: [[UInt32]], _ terms: (include: [Int], exclude: [Int], unknown: Int), _ hasTerms: Bool, all: Int
    ) -> [(Int, Int)] {
        guard hasTerms else { return (0..<all).map { ($0, 0) } }
        var scores: [Int: Int] = [:]
        for word in terms.include {
            for index in postings[word] { scores[Int(index), default: 0] += 10 }
        }
        for word in terms.exclude {
            for index in postings[word] { scores[Int(index)] = nil }
        }
        return scores.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    private func videoHits(
        _ query: SearchQuery, terms: (include: [Int], exclude: [Int], unknown: Int), hasTerms: Bool, channel: Int?,
        salt: UInt64
    ) -> [Hit] {
        var candidates: [(Int, Int)]
        if let channel {
            guard channel >= 0 else { return [] }
            let range = corpus.videoStarts[channel]..<corpus.videoStarts[channel + 1]
            candidates =
                hasTerms
                ? matches(corpus.index.videoPostings, terms, hasTerms, all: 0).filter { range.contains($0.0) }
                : range.map { ($0, 0) }
        } else {
            candidates =
                hasTerms
                ? matches(corpus.index.videoPostings, terms, hasTerms, all: 0)
                : (0..<min(corpus.videoCount, Self.unfilteredCandidateLimit)).map { ($0, 0) }
        }
        if day > 0 {
            // The day's new uploads join; day-0 videos vanished by then leave.
            let timeline = api.timeline
            candidates.removeAll { !timeline.exists($0.0, publishedAt: 0, onDay: day) }
            let recent = corpus.uploadDays.recentUploads(onDay: day, in: corpus)
            var found = matches(recent.postings, terms, hasTerms, all: recent.videos.count)
            if let channel {
                let range = recent.channels[channel] ?? 0..<0
                found.removeAll { !range.contains($0.0) }
            }
            candidates += found.map { (recent.videos[$0.0], $0.1) }
        }
        let after = query.publishedAfter.map { Int64($0.timeIntervalSince1970) }
        let before = query.publishedBefore.map { Int64($0.timeIntervalSince1970) }
        let radius = query.locationRadius?.meters
        // With drift on, the day decides what is found and how relevance ranks it (``SearchDrift``).
        let drift = api.configuration.searchDrift
        let today = day
        let now = corpus.present + Int64(today) * 86_400
        // Drawn from the corpus, not the request: a video forgotten is forgotten by every query.
        let corpusSalt = corpus.configuration.seed
        func forgotten(_ index: Int, _ date: Int64) -> Bool {
            drift.map { !$0.findable(index, published: date, now: now, day: today, salt: corpusSalt) } ?? false
        }
        var hits: [Hit] = []
        hits.reserveCapacity(candidates.count)
        // Ordered by date with no filter that needs the video itself (a `split=time` crawl): the
        // dates table decides, and no video is generated for a result that is not shown.
        let datesOnly =
            query.order == .date && query.regionCode == nil && query.videoCategoryId == nil
            && (query.videoDuration ?? .any) == .any && query.eventType == nil && query.location == nil
            && query.relevanceLanguage == nil
        for (index, score) in candidates where datesOnly {
            let date = corpus.publishedAt(ofVideo: index)
            if let after, date < after { continue }
            if let before, date > before { continue }
            if forgotten(index, date) { continue }
            hits.append(
                Hit(
                    kind: .video, index: index, score: score, date: date, views: 0, rating: 0, title: "",
                    tiebreak: Self.mix(UInt64(index) ^ salt)))
        }
        for (index, score) in candidates where !datesOnly {
            if after != nil || before != nil {
                let date = corpus.publishedAt(ofVideo: index)
                if let after, date < after { continue }
                if let before, date > before { continue }  // both bounds inclusive, as the API
            }
            let video = corpus.video(index)
            if forgotten(index, video.publishedAt) { continue }
            if let region = query.regionCode, video.region != region { continue }
            if let category = query.videoCategoryId, video.categoryId != category { continue }
            if let duration = query.videoDuration, duration != .any {
                guard video.liveBroadcastContent == "none" else { continue }
                switch duration {
                case .short where video.durationSeconds >= 240: continue
                case .medium where video.durationSeconds < 240 || video.durationSeconds > 1200: continue
                case .long where video.durationSeconds <= 1200: continue
                default: break
                }
            }
            if let eventType = query.eventType {
                switch eventType {
                case .live where video.liveBroadcastContent != "live": continue
                case .upcoming where video.liveBroadcastContent != "upcoming": continue
                case .completed where !video.completedLive: continue
                case .none where video.liveBroadcastContent != "none": continue
                default: break
                }
            }
            if let location = query.location, let radius {
                guard let latitude = video.latitude, let longitude = video.longitude,
                    Self.distance(location.latitude, location.longitude, latitude, longitude) <= radius
                else { continue }
            }
            var languageBoost = query.relevanceLanguage.map { video.defaultLanguage == $0.prefix(2) ? 5 : 0 } ?? 0
            if let drift {
                // Terms weigh ten times as much; popularity, brevity and the day's noise come next.
                languageBoost =
                    score * 9 + languageBoost * 10
                    + drift.relevanceBonus(
                        index, views: video.viewCount, durationSeconds: video.durationSeconds, day: today,
                        salt: corpusSalt)
            }
            let rating = video.viewCount > 0 ? Double(video.likeCount ?? 0) / Double(video.viewCount) : 0
            hits.append(
                Hit(
                    kind: .video, index: index, score: score + languageBoost, date: video.publishedAt,
                    views: video.viewCount,
                    rating: rating, title: video.title, tiebreak: Self.mix(UInt64(index) ^ salt)))
        }
        return hits
    }

    /// Great-circle distance in metres.
    static func distance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (lat2 - lat1) * radians
        let dLon = (lon2 - lon1) * radians
        let a =
            sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 6_371_000 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
    }

    static func mix(_ value: UInt64) -> UInt64 {
        var random = CorpusRandom(seed: value)
        return random.next()
    }
}

#if canImport(Glibc)
    import Glibc
#endif
