import StreamingJSON

extension FrontierState {
    /// The state as JSON, in the form its `Decodable` conformance reads, written straight into
    /// bytes, its items visited rather than held in an array (see ``CrawlEngine/savedState``): a
    /// checkpoint of a million-video crawl holds tens of thousands of items, and Foundation's
    /// encoder would build a tree of them once a second.
    static func encodedJSON<Seeds: Sequence<String>>(
        itemCount: Int, items visitItems: ((WorkItem) -> Void) -> Void, pending: [PendingVideo],
        seeds: Seeds?, commentVideos: [String]?, channels: [WatchedChannel] = [], run: (RunKind, Int64)? = nil,
        options: SavedCrawlOptions? = nil, links: LinkLedger.Saved? = nil,
        references: (waiting: [String], dangling: [String]) = ([], [])
    ) -> JSONWriter {
        // About what an uploads-playlist item, a seed line and a pending video take.
        var writer = JSONWriter(
            capacity: 192 * itemCount + 96 * pending.count + 48 * (seeds?.underestimatedCount ?? 0) + 256)
        writer.raw("{")
        writer.key("items")
        writer.raw("[")
        var first = true
        visitItems { item in
            if !first { writer.raw(",") }
            first = false
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
            if let format = video.format { writer.member("format", format.rawValue) }
            if let heldFor = video.heldFor { writer.member("heldFor", heldFor) }
            writer.raw("}")
        }
        writer.raw("]")
        if let seeds {
            writer.memberKey("seeds")
            writer.stringArray(seeds)
        }
        if let commentVideos {
            writer.memberKey("commentVideos")
            writer.stringArray(commentVideos)
        }
        if !channels.isEmpty {
            writer.memberKey("channels")
            writer.raw("[")
            for (index, channel) in channels.enumerated() {
                writer.raw(index == 0 ? "{" : ",{")
                writer.key("id")
                writer.string(channel.id)
                writer.member("seed", channel.seed)
                writer.member("videoCount", channel.videoCount)
                if let newest = channel.newest { writer.member("newest", Int(newest)) }
                if let walkedAt = channel.walkedAt { writer.member("walkedAt", Int(walkedAt)) }
                writer.raw("}")
            }
            writer.raw("]")
        }
        if let (kind, started) = run {
            writer.member("run", kind.rawValue)
            writer.member("startedAt", Int(started))
        }
        if let options {
            writer.memberKey("options")
            writer.raw("{")
            writer.key("hydrate")
            writer.bool(options.hydrate)
            writer.member("comments", options.comments)
            writer.member("maxCommentPages", options.maxCommentPages)
            writer.member("completeChannels", options.completeChannels)
            writer.member("formats", options.formats)
            writer.member("videoParts", options.videoParts)
            writer.member("channelParts", options.channelParts)
            writer.raw("}")
        }
        if let links { writeLinks(links, into: &writer) }
        if !references.waiting.isEmpty {
            writer.memberKey("referencedChannels")
            writer.stringArray(references.waiting)
        }
        if !references.dangling.isEmpty {
            writer.memberKey("danglingChannels")
            writer.stringArray(references.dangling)
        }
        writer.raw("}")
        return writer
    }

    /// `"links":{…}`, as ``LinkLedger/Saved``'s `Codable` form reads it.
    private static func writeLinks(_ links: LinkLedger.Saved, into writer: inout JSONWriter) {
        writer.memberKey("links")
        writer.raw("{")
        writer.key("depths")
        writer.raw("{")
        for (index, id) in links.depths.keys.sorted().enumerated() {
            if index > 0 { writer.raw(",") }
            writer.string(id)
            writer.raw(":")
            writer.int(links.depths[id] ?? 0)
        }
        writer.raw("}")
        writer.memberKey("expanded")
        writer.stringArray(links.expanded)
        if let privacy = links.privacy {
            writer.memberKey("privacy")
            writer.raw("{")
            for (index, id) in privacy.keys.sorted().enumerated() {
                if index > 0 { writer.raw(",") }
                writer.string(id)
                writer.raw(":")
                writer.bool(privacy[id] ?? false)
            }
            writer.raw("}")
        }
        if let beyond = links.beyond {
            writer.memberKey("beyond")
            writer.raw("[")
            for (index, link) in beyond.enumerated() {
                writer.raw(index == 0 ? "{" : ",{")
                writer.key("from")
                writer.string(link.from)
                writer.member("to", link.to)
                writer.member("relation", link.relation.rawValue)
                writer.member("sectionTitle", link.sectionTitle)
                writer.member("seed", link.seed)
                writer.member("endpoint", link.endpoint)
                writer.member("rank", link.rank)
                writer.raw("}")
            }
            writer.raw("]")
        }
        writer.member("reached", links.reached)
        writer.member("privateCount", links.privateCount)
        writer.member("capped", links.capped)
        writer.member("gone", links.gone)
        writer.member("awaiting", links.awaiting)
        writer.raw("}")
    }
}
