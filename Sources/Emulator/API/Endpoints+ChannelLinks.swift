import StreamingJSON

/// channelSections.list and subscriptions.list, validated as the discovery document says.
extension Endpoints {
    static let channelSectionParts: Set<String> = ["id", "snippet", "contentDetails"]
    static let subscriptionParts: Set<String> = ["id", "snippet", "contentDetails", "subscriberSnippet"]
    static let subscriptionOrders: Set<String> = [
        "subscriptionOrderUnspecified", "relevance", "unread", "alphabetical",
    ]

    // MARK: channelSections.list

    /// One page, always: channelSections.list has no paging and no `pageInfo`. An unknown
    /// channel has no sections (`items` empty).
    func channelSections() throws -> JSONValue {
        try checkKnown(["part", "id", "mine", "channelId", "hl", "onBehalfOfContentOwner"])
        let parts = try parts(Self.channelSectionParts)
        var items: [JSONValue] = []
        if try oneFilter(of: ["channelId", "id", "mine"], needingOAuth: ["mine"]) == "id" {
            for id in try ids() {
                let halves = id.split(separator: ".", maxSplits: 1)
                guard halves.count == 2, let index = corpus.channelIndex(id: halves[0]) else { continue }
                let channelId = corpus.channels[index].id
                let sections = corpus.links(ofChannel: index).sections
                if let position = sections.indices.first(where: {
                    ResourceRenderer.sectionId(channelId: channelId, position: $0) == id
                }) {
                    items.append(
                        renderer.channelSection(
                            sections[position], channelId: channelId, position: position, parts: parts))
                }
            }
        } else if let index = corpus.channelIndex(id: Substring(parameters["channelId"] ?? "")) {
            let channelId = corpus.channels[index].id
            items = corpus.links(ofChannel: index).sections.enumerated().map {
                renderer.channelSection($0.element, channelId: channelId, position: $0.offset, parts: parts)
            }
        }
        return .object([
            ("kind", .string("youtube#channelSectionListResponse")),
            ("etag", renderer.etag("channelSections" + String(fingerprint))), ("items", .array(items)),
        ])
    }

    // MARK: subscriptions.list

    /// A channel's public subscriptions, paged; 403 `subscriptionForbidden` when they are private,
    /// 404 `subscriberNotFound` for an unknown channel.
    func subscriptions() throws -> JSONValue {
        try checkKnown([
            "part", "id", "mine", "channelId", "forChannelId", "order", "mySubscribers", "myRecentSubscribers",
            "maxResults", "pageToken", "onBehalfOfContentOwner", "onBehalfOfContentOwnerChannel",
        ])
        let parts = try parts(Self.subscriptionParts)
        let filter = try oneFilter(
            of: ["channelId", "id", "mine", "myRecentSubscribers", "mySubscribers"],
            needingOAuth: ["mine", "myRecentSubscribers", "mySubscribers"])
        let order = parameters["order"] ?? "relevance"
        guard Self.subscriptionOrders.contains(order) else {
            throw APIFailure.invalidValue(
                "order",
                "Invalid value '\(order)'. Values must be one of: \(Self.subscriptionOrders.sorted().joined(separator: ", "))"
            )
        }
        let pageSize = try maxResults(range: 0...50, default: 5)
        let offset = try offset()
        guard filter == "channelId" else {
            throw APIFailure.badRequest("The emulator serves subscriptions by channelId only.")
        }
        guard let index = corpus.channelIndex(id: Substring(parameters["channelId"] ?? "")) else {
            throw APIFailure.subscriberNotFound()
        }
        guard var subscriptions = corpus.links(ofChannel: index).subscriptions else {
            throw APIFailure.subscriptionForbidden()
        }
        if let only = parameters["forChannelId"] {
            let wanted = Set(only.split(separator: ",").map { String($0.drop { $0 == " " }) })
            subscriptions = subscriptions.filter { wanted.contains(renderer.face(of: $0.target).id) }
        }
        if order == "alphabetical" {
            subscriptions = subscriptions.map { (renderer.face(of: $0.target), $0) }.sorted {
                ($0.0.title, $0.0.id) < ($1.0.title, $1.0.id)
            }.map(\.1)
        }
        let subscriber = corpus.channels[index]
        let items = subscriptions.dropFirst(offset).prefix(pageSize).map { subscription -> JSONValue in
            var total = 0
            if case .channel(let target) = subscription.target {
                total = corpus.uploads(ofChannel: target, onDay: day).count
            }
            return renderer.subscription(subscription, subscriber: subscriber, totalItemCount: total, parts: parts)
        }
        // The capital S is the real API's since 2023 (its documentation still says lowercase).
        return listResponse(
            kind: "youtube#SubscriptionListResponse", items: items, total: subscriptions.count, offset: offset,
            pageSize: pageSize, reachable: subscriptions.count)
    }
}
