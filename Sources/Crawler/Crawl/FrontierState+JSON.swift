import StreamingJSON

extension FrontierState {
    /// The state as JSON, in the form its `Decodable` conformance reads, written straight into
    /// bytes: a checkpoint of a million-video crawl holds tens of thousands of items, and
    /// Foundation's encoder would build a tree of them once a second.
    func encodedJSON() -> [UInt8] {
        var writer = JSONWriter(capacity: 64 * (items.count + pending.count) + 256)
        writer.raw("{")
        writer.key("items")
        writer.raw("[")
        for (index, item) in items.enumerated() {
            if index > 0 { writer.raw(",") }
            item.write(into: &writer)
        }
        writer.raw("]")
        writer.memberKey("pending")
        writer.raw("[")
        for (index, video) in pending.enumerated() {
            writer.raw(index == 0 ? "{" : ",{")
            writer.key("videoId")
            writer.string(video.videoId)
            writer.member("seed", video.seed)
            writer.member("endpoint", video.endpoint)
            writer.member("rank", video.rank)
            writer.raw("}")
        }
        writer.raw("]")
        writer.memberKey("unitsByMethod")
        writer.raw("{")
        for (index, (method, units)) in unitsByMethod.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { writer.raw(",") }
            writer.string(method)
            writer.raw(":")
            writer.int(units)
        }
        writer.raw("}}")
        return writer.bytes
    }
}

extension WorkItem {
    /// `{"case":{"label":value,…}}`, as Swift's synthesized `Codable` spells an enum case.
    func write(into writer: inout JSONWriter) {
        switch self {
        case .search(let seed, let pageToken, let page, let rank):
            writer.raw("{\"search\":{")
            writer.key("seed")
            writer.int(seed)
            writer.member("pageToken", pageToken)
            writer.member("page", page)
            writer.member("rank", rank)
        case .channel(let seed, let id, let handle):
            writer.raw("{\"channel\":{")
            writer.key("seed")
            writer.int(seed)
            writer.member("id", id)
            writer.member("handle", handle)
        case .channels(let seeds, let ids):
            writer.raw("{\"channels\":{")
            writer.key("seeds")
            Self.write(seeds.map { .int($0) }, into: &writer)
            writer.memberKey("ids")
            Self.write(ids.map { .string($0) }, into: &writer)
        case .playlist(let seed, let playlistId, let pageToken, let page, let rank, let uploads):
            writer.raw("{\"playlist\":{")
            writer.key("seed")
            writer.int(seed)
            writer.member("playlistId", playlistId)
            writer.member("pageToken", pageToken)
            writer.member("page", page)
            writer.member("rank", rank)
            writer.memberKey("uploads")
            writer.bool(uploads)
        case .hydrate(let ids):
            writer.raw("{\"hydrate\":{")
            writer.key("ids")
            Self.write(ids.map { .string($0) }, into: &writer)
        }
        writer.raw("}}")
    }

    private enum Scalar {
        case int(Int)
        case string(String)
    }

    private static func write(_ values: [Scalar], into writer: inout JSONWriter) {
        writer.raw("[")
        for (index, value) in values.enumerated() {
            if index > 0 { writer.raw(",") }
            switch value {
            case .int(let number): writer.int(number)
            case .string(let text): writer.string(text)
            }
        }
        writer.raw("]")
    }
}
