import StreamingJSON
import YouTubeKit

/// liveChatMessages.list: a chat's messages as they arrive on the chat clock.
///
/// Without a page token, the latest 75 messages published by now; with one, the messages after
/// the token's position published by now, oldest first, at most `maxResults`. Every answer asks
/// the client to wait the chat's polling interval (in real milliseconds: the emulated interval
/// divided by the speed). The first answer that reaches the chat's end carries `offlineAt`; every
/// call after it is 403 liveChatEnded. Answers are never cached.
extension Endpoints {
    static let liveChatParts: Set<String> = ["id", "snippet", "authorDetails"]
    /// Messages an answer without a page token carries at most.
    static let chatBacklog = 75

    func liveChatMessages() throws -> JSONValue {
        try checkKnown(["liveChatId", "part", "maxResults", "pageToken", "hl", "profileImageSize"])
        let parts = try parts(Self.liveChatParts)
        guard let liveChatId = parameters["liveChatId"], !liveChatId.isEmpty else {
            throw APIFailure(
                status: 400, reason: "missingRequiredParameter", message: "Required parameter: liveChatId",
                domain: "youtube.parameter", location: "liveChatId", locationType: "parameter",
                statusText: "INVALID_ARGUMENT")
        }
        let pageSize = try maxResults(range: 200...2000, default: 500)
        var imageSize: Int?
        if let text = parameters["profileImageSize"] {
            guard let size = Int(text), (16...720).contains(size) else {
                throw APIFailure.invalidValue(
                    "profileImageSize", "Invalid value '\(text)'. Values must be within the range: [16, 720]")
            }
            imageSize = size == 88 ? nil : size
        }
        guard let schedule = corpus.chatSchedule(liveChatId: liveChatId) else { throw APIFailure.liveChatNotFound() }
        switch schedule.access {
        case .disabled: throw APIFailure.liveChatDisabled()
        case .membersOnly: throw APIFailure.liveChatForbidden()
        case .open: break
        }
        let now = api.chatClock()
        let realNow = api.configuration.microsecondClock()
        let chat = corpus.liveChat(schedule)
        let ended = now >= schedule.endsAt
        let items: [LiveChatMessage]
        let position: UInt64
        var reachedEnd = false
        if let token = parameters["pageToken"] {
            api.chatPolls.arrived(token, realMicros: realNow)
            guard let from = api.chatTokens.decode(token), from.video == schedule.video,
                now - from.issuedAt <= api.configuration.chatTokenLifetimeSeconds * 1_000_000
            else { throw APIFailure.invalidPageToken() }
            let last = ended ? chat.latest(1, upTo: schedule.endsAt).last.map { $0.key + 1 } ?? 0 : 0
            // The answer that reached the end was this token's predecessor: the chat is over.
            if ended, from.issuedAt >= schedule.endsAt, from.after >= last { throw APIFailure.liveChatEnded() }
            items = chat.messages(after: from.after == 0 ? nil : from.after - 1, upTo: now, limit: pageSize)
            position = items.last.map { $0.key + 1 } ?? from.after
            reachedEnd = ended && position >= last
        } else {
            guard !ended else { throw APIFailure.liveChatEnded() }
            items = chat.latest(Self.chatBacklog, upTo: now)
            position = items.last.map { $0.key + 1 } ?? 0
        }
        let speed = api.configuration.speed
        let intervalMillis = max(1, Int((Double(schedule.intervalMillis) / speed).rounded()))
        let next = api.chatTokens.encode(.init(video: schedule.video, after: position, issuedAt: now))
        api.chatPolls.issue(next, realMicros: realNow, intervalMicros: Int64(intervalMillis) * 1000)
        api.chatPolls.answered(liveChatId)
        var members: [(key: String, value: JSONValue)] = [
            ("kind", .string("youtube#liveChatMessageListResponse")),
            ("etag", renderer.etag("lcr" + liveChatId + String(position) + String(now))),
            ("pollingIntervalMillis", .integer(intervalMillis)),
        ]
        if reachedEnd { members.append(("offlineAt", .string(ResourceRenderer.chatInstant(schedule.endsAt)))) }
        members += [
            (
                "pageInfo",
                .object([("totalResults", .integer(items.count)), ("resultsPerPage", .integer(items.count))])
            ),
            ("nextPageToken", .string(next)),
            (
                "items",
                .array(
                    items.map {
                        renderer.chatMessage($0, liveChatId: liveChatId, parts: parts, imageSize: imageSize)
                    })
            ),
        ]
        return .object(members)
    }
}
