/// When one live or upcoming stream's chat opens, when the stream starts and ends, how often a
/// client should poll it and who may read it: a pure function of the corpus seed and the video,
/// drawn from a generator of its own (so every other draw of the corpus is as it was).
///
/// Times are Unix microseconds on the emulator's chat clock (see ``EmulatorConfiguration/speed``).
struct LiveChatSchedule: Sendable, Hashable {
    /// Who may read the chat with an API key.
    enum Access: String, Sendable, Hashable {
        case open = "public"
        /// Only the channel's members: a key gets 403 forbidden.
        case membersOnly
        /// The stream has no chat: no `activeLiveChatId`, and 403 liveChatDisabled.
        case disabled
    }

    var video: Int
    var videoId: String
    var channel: Int
    var liveChatId: String
    /// The chat opens: a live-now stream's actual start, half an hour before an upcoming one's
    /// scheduled start.
    var opensAt: Int64
    /// The stream starts (an upcoming one 5 to 40 s after its scheduled start).
    var startsAt: Int64
    /// The stream and its chat end, on a whole second: one to three hours after the corpus's
    /// origin for a live-now stream, after its start for an upcoming one.
    var endsAt: Int64
    /// The polling interval the chat asks for, in emulated milliseconds (5,000 to 15,000).
    var intervalMillis: Int
    var access: Access
    /// Messages a minute at the wave's mean once the stream runs (5 to 60).
    var baseRate: Int
    /// The slow wave of the rate: its period and phase, in minutes.
    var wavePeriod: Int
    var wavePhase: Int
    /// Authors in the chat's pool (50 to 400).
    var authorCount: Int
    /// Viewers shown while the stream is live, for a stream that had none at the origin.
    var concurrentViewers: Int

    /// The seed mask of the schedules' generators; messages and authors use their own.
    static let seedMask: UInt64 = 0x11FE_C4A7

    /// `"upcoming"`, `"live"` or (after the end) `"none"` at chat-clock microsecond `now`.
    func broadcastContent(at now: Int64) -> String {
        now >= endsAt ? "none" : now < startsAt ? "upcoming" : "live"
    }
}

extension Corpus {
    /// The chat of a video live now or upcoming at the corpus's origin; `nil` for any other.
    func chatSchedule(of video: CorpusVideo) -> LiveChatSchedule? {
        guard video.liveBroadcastContent != "none", let live = details(of: video).live else { return nil }
        return chatSchedule(of: video, live)
    }

    /// The chat of `video`, whose origin liveStreamingDetails are `live`.
    func chatSchedule(of video: CorpusVideo, _ live: CorpusVideoDetails.Live) -> LiveChatSchedule {
        var random = CorpusRandom(seed: configuration.seed ^ LiveChatSchedule.seedMask, stream: UInt64(video.index))
        let startDelay = Int64(5 + random.next() % 36) * 1_000_000 + Int64(random.next() % 1_000_000)
        let length = Int64(3600 + random.next() % 7201) * 1_000_000
        let interval = 5000 + Int(random.next() % 10_001)
        let accessDraw = random.next() % 10
        let access: LiveChatSchedule.Access = accessDraw == 0 ? .disabled : accessDraw == 1 ? .membersOnly : .open
        let baseRate = 5 + Int(random.next() % 56)
        let period = 20 + Int(random.next() % 41)
        let phase = Int(random.next() % UInt64(period))
        let authors = 50 + Int(random.next() % 351)
        let viewers = 10 + Int(random.next() % 20_000)
        let opensAt: Int64
        let startsAt: Int64
        let endsAt: Int64
        if let start = live.actualStartTime {
            startsAt = start.seconds * 1_000_000 + Int64(start.microseconds ?? 0)
            opensAt = startsAt
            endsAt = origin * 1_000_000 + length
        } else {
            opensAt = (live.scheduledStartTime - 1800) * 1_000_000
            startsAt = live.scheduledStartTime * 1_000_000 + startDelay
            endsAt = (startsAt / 1_000_000) * 1_000_000 + length
        }
        return LiveChatSchedule(
            video: video.index, videoId: video.id, channel: video.channel,
            liveChatId: Self.liveChatId(video: video.id, channel: channels[video.channel].id), opensAt: opensAt,
            startsAt: startsAt, endsAt: endsAt, intervalMillis: interval, access: access, baseRate: baseRate,
            wavePeriod: period, wavePhase: phase, authorCount: authors, concurrentViewers: viewers)
    }

    /// The chat a live chat id names, when it is one of a live or upcoming video of the corpus.
    func chatSchedule(liveChatId: String) -> LiveChatSchedule? {
        guard let bytes = Base64URL.decode(liveChatId), bytes.count == 4 + 11 + 4 + 24 + 2 + 11 else { return nil }
        let videoId = String(decoding: bytes[4..<15], as: UTF8.self)
        guard let index = videoIndex(id: Substring(videoId)), index < videoCount else { return nil }
        let video = video(index)
        guard let schedule = chatSchedule(of: video), schedule.liveChatId == liveChatId else { return nil }
        return schedule
    }

    /// `video` and its details as videos.list shows them at chat-clock microsecond `now`: upcoming
    /// before the stream starts, live until it ends (`activeLiveChatId` absent when the chat is
    /// disabled), then `none` with `actualStartTime` and `actualEndTime` and no chat.
    func liveState(of video: CorpusVideo, _ details: CorpusVideoDetails?, at now: Int64) -> (
        CorpusVideo, CorpusVideoDetails?
    ) {
        guard video.liveBroadcastContent != "none" else { return (video, details) }
        let original = details?.live ?? self.details(of: video).live
        guard let original else { return (video, details) }
        let schedule = chatSchedule(of: video, original)
        var shown = video
        shown.liveBroadcastContent = schedule.broadcastContent(at: now)
        guard var details else { return (shown, nil) }
        var live = original
        let chat = schedule.access == .disabled ? nil : schedule.liveChatId
        let started = CorpusVideoDetails.Instant(
            seconds: schedule.startsAt / 1_000_000, microseconds: Int(schedule.startsAt % 1_000_000))
        switch shown.liveBroadcastContent {
        case "upcoming":
            live.activeLiveChatId = chat
        case "live":
            if live.actualStartTime == nil { live.actualStartTime = started }
            live.concurrentViewers = live.concurrentViewers ?? schedule.concurrentViewers
            live.activeLiveChatId = chat
        default:
            if live.actualStartTime == nil { live.actualStartTime = started }
            live.actualEndTime = schedule.endsAt / 1_000_000
            live.concurrentViewers = nil
            live.activeLiveChatId = nil
        }
        details.live = live
        return (shown, details)
    }
}

extension Base64URL {
    /// The bytes of unpadded base64url text; `nil` when a character is outside the alphabet or
    /// the length is impossible.
    static func decode(_ text: String) -> [UInt8]? {
        var out: [UInt8] = []
        var buffer = 0
        var bits = 0
        for byte in text.utf8 {
            let digit: Int
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): digit = Int(byte) - 65
            case UInt8(ascii: "a")...UInt8(ascii: "z"): digit = Int(byte) - 97 + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte) - 48 + 52
            case UInt8(ascii: "-"): digit = 62
            case UInt8(ascii: "_"): digit = 63
            default: return nil
            }
            buffer = (buffer << 6 | digit) & 0xFFFF
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((buffer >> bits) & 0xFF))
            }
        }
        return text.utf8.count % 4 == 1 ? nil : out
    }
}
