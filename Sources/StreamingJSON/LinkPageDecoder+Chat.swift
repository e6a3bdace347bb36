import YouTubeKit

extension LinkPageDecoder {
    /// A liveChatMessages.list item: `nil` without an id or a chat id. The amount fields come
    /// from `superChatDetails` or `superStickerDetails`, whichever the type carries; the author
    /// from `authorDetails`, else `snippet.authorChannelId`.
    static func chatMessage(_ item: JSONValue) -> ChatMessage? {
        let snippet = item["snippet"]
        guard let id = item["id"]?.stringValue, !id.isEmpty,
            let chat = snippet?["liveChatId"]?.stringValue, !chat.isEmpty
        else { return nil }
        var message = ChatMessage(messageId: id, liveChatId: chat)
        message.type = snippet?["type"]?.stringValue
        message.publishedAtMicros = snippet?["publishedAt"]?.stringValue.flatMap(RFC3339.parseMicroseconds)
        message.text = snippet?["displayMessage"]?.stringValue
        let author = item["authorDetails"]
        message.authorChannelId = author?["channelId"]?.stringValue ?? snippet?["authorChannelId"]?.stringValue
        message.authorDisplayName = author?["displayName"]?.stringValue
        message.isChatOwner = author?["isChatOwner"]?.boolValue
        message.isChatModerator = author?["isChatModerator"]?.boolValue
        message.isChatSponsor = author?["isChatSponsor"]?.boolValue
        message.isVerified = author?["isVerified"]?.boolValue
        if let paid = snippet?["superChatDetails"] ?? snippet?["superStickerDetails"] {
            // The API sends amountMicros as a string (uint64) in some bodies, a number in others.
            message.amountMicros =
                paid["amountMicros"]?.stringValue.flatMap { Int64($0) }
                ?? paid["amountMicros"]?.integerValue.map { Int64($0) }
            message.currency = paid["currency"]?.stringValue
            message.amountDisplayString = paid["amountDisplayString"]?.stringValue
            message.tier = paid["tier"]?.integerValue
        }
        return message
    }

    /// What a liveChatMessages.list answer says besides its messages: how long to wait before
    /// the next call, and when the stream went offline.
    static func chatSummary(of root: JSONValue, into summary: inout PageSummary) {
        summary.pollingIntervalMillis = root["pollingIntervalMillis"]?.integerValue
        summary.offlineAtMicros = root["offlineAt"]?.stringValue.flatMap(RFC3339.parseMicroseconds)
    }
}

extension JSONValue {
    /// The value of a boolean; `nil` for any other value.
    var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }
}
