/// liveChatMessages.list page tokens: the chat's video, the position reached (one past the key
/// of the last message served, 0 for none) and the chat-clock microsecond the token was issued,
/// signed so an edited, foreign or made-up token is refused. Identifier-safe: base64url
/// (`[A-Za-z0-9_-]`), 38 characters.
struct LiveChatTokenCodec: Sendable {
    let secret: UInt64

    struct Position: Sendable, Hashable {
        var video: Int
        /// One past the key of the last message served; 0 when none was.
        var after: UInt64
        var issuedAt: Int64
    }

    private func mac(_ words: [UInt64]) -> UInt32 {
        var state = secret
        for word in words {
            var random = CorpusRandom(seed: state ^ word)
            state = random.next()
        }
        return UInt32(truncatingIfNeeded: state)
    }

    func encode(_ position: Position) -> String {
        let words = [UInt64(position.video), position.after, UInt64(bitPattern: position.issuedAt)]
        var bytes: [UInt8] = []
        for word in words {
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: word >> shift)) }
        }
        let signature = mac(words)
        for shift in stride(from: 24, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: signature >> shift))
        }
        return Base64URL.encode(bytes)
    }

    /// The position a token carries, when it is one of ours, unedited.
    func decode(_ token: String) -> Position? {
        guard token.utf8.count == 38, let bytes = Base64URL.decode(token), bytes.count == 28 else { return nil }
        func word(_ at: Int, _ count: Int) -> UInt64 {
            bytes[at..<at + count].reduce(0) { $0 << 8 | UInt64($1) }
        }
        let words = [word(0, 8), word(8, 8), word(16, 8)]
        guard UInt32(word(24, 4)) == mac(words), words[0] <= UInt64(Int.max) else { return nil }
        return Position(video: Int(words[0]), after: words[1], issuedAt: Int64(bitPattern: words[2]))
    }
}
