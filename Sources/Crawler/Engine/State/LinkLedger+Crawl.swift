import StreamingJSON
import YouTubeKit

/// The channel-link crawl (`links=` seeds): what the link kinds of work (``SectionsPage``,
/// ``SubscriptionsPage``) and the linked channels' lookups do to the ledger, through
/// ``Discovery``'s verbs.
///
/// A seed's channels are depth 0. A link from a channel at depth `d` reaches depth `d + 1`; it is
/// written when that is within the seed's `depth=` (with `depth=0`, when its target is another
/// seed channel). A channel reached for the first time is resolved with channels.list (50 a unit,
/// never walked), and its own links are asked while it is nearer than the depth. Its record waits
/// for its subscriptions' first answer, so that it says whether they are private.
extension LinkLedger {
    /// A seed's channel was resolved: with `links=` its links are asked, and its record is held
    /// until its subscriptions answer (when they are asked).
    ///
    /// - Returns: whether the record is taken care of here (held).
    mutating func followLinks(
        of channel: Channel, seed: Int, seeds: [Seed], seen: inout SeenSets, _ out: inout EventOutput
    ) -> Bool {
        let relations = seeds[seed].links
        guard !relations.isEmpty else { return false }
        let id = channel.channelId
        _ = reach(id, depth: 0)
        // The links of `depth=0` seeds that named it before it was known as one of theirs.
        for link in takeBeyond(id) { writeLink(link, depth: 0, seeds: seeds, &out) }
        guard expand(id) else { return false }
        askLinks(of: id, depth: 0, seed: seed, seeds: seeds, &out)
        guard relations.contains(.subscriptions), seen.insertChannel(id) else { return false }
        var held = channel
        held.fetchedAt = out.wallClock
        hold(held)
        return true
    }

    /// Queues the link work of channel `id`: its sections, its subscriptions, as its seed asks.
    mutating func askLinks(of id: String, depth: Int, seed: Int, seeds: [Seed], _ out: inout EventOutput) {
        let relations = seeds[seed].links
        if relations.contains(.featured) {
            out.enqueue(.sections(SectionsPage(seed: seed, channelId: id, depth: depth)))
        }
        if relations.contains(.subscriptions) {
            awaitSubscriptions(id)
            out.enqueue(.subscriptions(SubscriptionsPage(seed: seed, channelId: id, depth: depth)))
        }
    }

    /// A link a channel's sections or subscriptions listed (`from` at `depth`).
    mutating func linked(
        _ found: ChannelLink, from: String, depth: Int, seed: Int, endpoint method: APIMethod, rank: Int, seeds: [Seed],
        maxChannels: Int?, _ out: inout EventOutput
    ) {
        let target = found.toChannelId
        guard target != from, !target.isEmpty else { return }
        guard SearchQuery.isChannelId(target) else {
            // Never written nor queued: no request can carry it, and a rerun would fail on it forever.
            let section = found.sectionTitle.map { "section \"\($0)\"" } ?? found.relation.rawValue
            out.warn(
                "\(method.quotaName) of channel \(from) (\(section)) listed \"\(target.prefix(64))\", which is not a channel id; skipped"
            )
            return
        }
        let link = PendingLink(
            from: from, to: target, relation: found.relation, sectionTitle: found.sectionTitle, seed: seed,
            endpoint: method, rank: rank)
        let limit = seeds[seed].linkDepth
        let isNew = depths[target] == nil
        if isNew {
            guard depth + 1 <= limit else {
                // `depth=0`: kept until its target turns out to be a seed's channel.
                keepBeyond(link)
                return
            }
            if let cap = maxChannels, reached >= cap {
                noteCapped()
                return
            }
        }
        writeLink(link, depth: depth, seeds: seeds, &out)
        guard depth + 1 <= limit, reach(target, depth: depth + 1) else { return }
        if depth + 1 < limit, expand(target) {
            askLinks(of: target, depth: depth + 1, seed: seed, seeds: seeds, &out)
            // With subscriptions asked, it is resolved once they answered (``subscriptionsAnswered``).
            if isNew, !seeds[seed].links.contains(.subscriptions) { resolveLinked(target, seed: seed, &out) }
        } else if isNew {
            resolveLinked(target, seed: seed, &out)
        }
    }

    /// The first page of a channel's subscriptions answered: `isPrivate` true for
    /// `subscriptionForbidden`, false for a page, `nil` when the answer said neither. Its record is
    /// written now (held) or resolved now (a linked channel, or a held record a kill lost);
    /// `known` when the output has its record.
    mutating func subscriptionsAnswered(
        _ id: String, isPrivate: Bool?, seed: Int, known: Bool, _ out: inout EventOutput
    ) {
        notePrivacy(id, isPrivate: isPrivate)
        subscriptionsAnswered(id)
        if var channel = release(id) {
            channel.subscriptionsPrivate = takePrivacy(id)
            out.write(.channel(channel))
        } else if !known {
            resolveLinked(id, seed: seed, &out)
        } else {
            _ = takePrivacy(id)
        }
    }

    /// Linked channels resolved: each written once, with what its subscriptions said; never walked.
    mutating func resolvedLinked(
        _ records: [DecodedRecord], asked: [String], seen: inout SeenSets, _ out: inout EventOutput
    ) {
        var found: Set<String> = []
        for case .channel(var channel) in records {
            let id = channel.channelId
            found.insert(id)
            guard seen.insertChannel(id) else {
                _ = takePrivacy(id)
                continue
            }
            channel.fetchedAt = out.wallClock
            if awaiting.contains(id) {
                // Reached farther first (resolved at once), then nearer (its subscriptions asked):
                // the record waits for their answer.
                hold(channel)
                continue
            }
            channel.subscriptionsPrivate = takePrivacy(id)
            out.write(.channel(channel))
        }
        for id in asked where !found.contains(id) {
            // A link to a channel that no longer exists: the link stays (the API listed it).
            _ = takePrivacy(id)
            noteGone()
        }
    }

    private func resolveLinked(_ id: String, seed: Int, _ out: inout EventOutput) {
        out.enqueue(.channel(ChannelLookup(seed: seed, id: id, linked: true)))
    }

    /// Writes a link once per (from, to, relation).
    private mutating func writeLink(_ link: PendingLink, depth: Int, seeds: [Seed], _ out: inout EventOutput) {
        guard write("\(link.from) \(link.to) \(link.relation.rawValue)") else { return }
        let source = LinkSource(seed: seeds[link.seed].text, endpoint: link.endpoint.quotaName, rank: link.rank)
        let record = ChannelLink(
            fromChannelId: link.from, toChannelId: link.to, relation: link.relation, sectionTitle: link.sectionTitle,
            depth: depth, source: source, fetchedAt: out.wallClock)
        out.write(.link(record))
    }
}
