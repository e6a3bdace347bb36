import Archive
import StreamingJSON
import YouTubeKit

/// The live chat verbs: which streams are captured, each answer's messages, the next poll, and
/// how each capture ends (``ChatLedger``, ``ChatPoll``).
extension Discovery {
    /// Whether `seed` asks for chats: a `live` seed, or `live=yes` on a search or channel.
    func capturesChats(_ seed: Int) -> Bool {
        if case .live = seeds[seed].target { return true }
        return seeds[seed].live
    }

    /// A video written for a seed that captures chats: its chat is polled when the stream is live,
    /// or upcoming within `--live-wait`. A `live` seed's stream without a chat (never live, ended,
    /// chat off) is recorded as such; another seed's videos that are not streams are passed over.
    mutating func considerLive(_ video: Video, seed: Int, _ out: inout EventOutput) {
        guard capturesChats(seed), seen.queueChat(video.videoId) else { return }
        let details = video.liveStreamingDetails
        let named: Bool
        if case .live = seeds[seed].target { named = true } else { named = false }
        let seedText = seeds[seed].text
        guard let chat = details?.activeLiveChatId, !chat.isEmpty, details?.actualEndTime == nil else {
            // A chat this output captured before ended while no run was polling it: what came
            // after its last message written may be lost.
            if let known = chats.chatOfVideo[video.videoId], let last = chats.latest[known] {
                chats.note(video.videoId, chat: known, seed: seedText, status: .ended)
                chats.gap(video.videoId, from: last, to: nil)
                out.warn(
                    "the live chat of \(video.videoId) ended while it was not being captured: messages sent after \(RFC3339.format(microseconds: last)) may be missing; recorded as a gap in the manifest"
                )
                return
            }
            guard named else { return }
            if let end = details?.actualEndTime {
                chats.note(video.videoId, chat: nil, seed: seedText, status: .over)
                out.log(
                    "\(video.videoId) ended at \(RFC3339.format(end)), before it was looked up: its chat can no longer be read"
                )
                return
            }
            chats.note(video.videoId, chat: nil, seed: seedText, status: .noChat)
            out.log("\(video.videoId) has no live chat to capture (not live or upcoming, or its chat is off)")
            return
        }
        if video.liveBroadcastContent == "upcoming", let start = details?.scheduledStartTime,
            Int64(start.timeIntervalSince(out.wallClock)) > options.liveWait
        {
            chats.note(video.videoId, chat: chat, seed: seedText, status: .notStarting)
            out.log(
                "\(video.videoId) is scheduled to start at \(RFC3339.format(start)), later than --live-wait (\(options.liveWait) s) from now: its chat is not captured"
            )
            return
        }
        if let units = options.chatUnits, units < ChatPoll.unitsPerCall {
            chats.note(video.videoId, chat: chat, seed: seedText, status: .unitsSpent)
            return
        }
        chats.note(video.videoId, chat: chat, seed: seedText, status: .capturing)
        out.enqueue(.chat(ChatPoll(seed: seed, videoId: video.videoId, liveChatId: chat)))
    }

    mutating func liveVideo(_ found: Video, seed: Int, _ out: inout EventOutput) {
        if seen.insertVideo(found.videoId) {
            var video = found
            video.source = VideoSource(
                kind: seeds[seed].kind, seed: seeds[seed].text, endpoint: APIMethod.videos.quotaName, rank: 0)
            video.fetchedAt = out.wallClock
            write(.video(video), &out)
        }
        considerLive(found, seed: seed, &out)
    }

    mutating func liveVideoMissing(_ videoId: String, seed: Int, _ out: inout EventOutput) {
        wasMissing(.video, videoId, seed: seed, &out)
        chats.note(videoId, chat: nil, seed: seeds[seed].text, status: .notFound)
        out.log("\(videoId) is not returned by videos.list (deleted, private or never there): no chat to capture")
    }

    mutating func chatAnswered(_ poll: ChatPoll, _ fetched: FetchedPage, _ out: inout EventOutput) {
        chats.called(poll.videoId)
        var messages: [ChatMessage] = []
        for case .chat(var message) in fetched.records {
            message.videoId = poll.videoId
            messages.append(message)
        }
        // Without a token the API gives only the latest messages: when none of them is already
        // written, what lies between the last written and the first of them may be lost. The
        // first of them carries the gap (`gapBefore`), so that it is as durable as the message.
        if poll.pageToken == nil, let last = chats.latest[poll.liveChatId],
            let first = messages.compactMap(\.publishedAtMicros).min(), first > last,
            let opening = messages.firstIndex(where: { $0.publishedAtMicros == first })
        {
            messages[opening].gapBeforeMicros = last
            chats.gap(poll.videoId, from: last, to: first)
            out.warn(
                "the live chat of \(poll.videoId) was asked again from its latest messages (a restart, or an expired page token): messages sent between \(RFC3339.format(microseconds: last)) and \(RFC3339.format(microseconds: first)) may be missing; recorded as a gap in the manifest"
            )
        }
        for (rank, found) in messages.enumerated() {
            var message = found
            if let pseudonymizer = options.pseudonymizer {
                // Every message teaches the scrubber its author, written before or not.
                chats.scrub(&message, pseudonymizer: pseudonymizer)
                pseudonymizer.apply(to: &message)
            }
            guard chats.insert(message) else { continue }
            message.source = CommentSource(
                seed: seeds[poll.seed].text, endpoint: APIMethod.liveChatMessages.quotaName, rank: rank)
            message.fetchedAt = out.wallClock
            out.write(.chat(message))
        }
        var next = poll
        next.calls += 1
        let capture = chats.capture(of: poll.videoId)
        if fetched.summary.offlineAtMicros != nil {
            chats.note(poll.videoId, chat: nil, seed: seeds[poll.seed].text, status: .ended)
            out.log("the live chat of \(poll.videoId) ended: \(capture?.messages ?? 0) messages captured")
            return
        }
        if let units = options.chatUnits, (next.calls + 1) * ChatPoll.unitsPerCall > units {
            chats.note(poll.videoId, chat: nil, seed: seeds[poll.seed].text, status: .unitsSpent)
            out.warn(
                "the live chat of \(poll.videoId) stops here: --chat-units \(units) spent (\(next.calls) calls, \(capture?.messages ?? 0) messages)"
            )
            return
        }
        // No token: the next call asks for the latest messages again (each written once).
        next.pageToken = fetched.summary.nextPageToken
        let interval = max(fetched.summary.pollingIntervalMillis ?? Self.defaultChatInterval, options.chatInterval, 1)
        next.interval = interval
        next.due = out.now + Int64(interval)
        out.enqueue(next.item)
    }

    mutating func chatClosed(_ poll: ChatPoll, status: ChatCapture.Status, _ out: inout EventOutput) {
        // Answered with an error, the call cost its units all the same.
        chats.called(poll.videoId)
        chats.note(poll.videoId, chat: poll.liveChatId, seed: seeds[poll.seed].text, status: status)
        let messages = chats.capture(of: poll.videoId)?.messages ?? 0
        // Asked again without a token (a restart, an expired token) and over already: what came
        // after the last message written may be lost.
        if status == .ended, poll.pageToken == nil, let last = chats.latest[poll.liveChatId] {
            chats.gap(poll.videoId, from: last, to: nil)
            out.warn(
                "the live chat of \(poll.videoId) had ended when it was asked again (a restart, or an expired page token): messages sent after \(RFC3339.format(microseconds: last)) may be missing; recorded as a gap in the manifest"
            )
        }
        switch status {
        case .ended: out.log("the live chat of \(poll.videoId) ended: \(messages) messages captured")
        case .disabled: out.log("the live chat of \(poll.videoId) is disabled: recorded, nothing to capture")
        case .membersOnly:
            out.log(
                "the live chat of \(poll.videoId) is open to members only, which an API key cannot read: recorded, not captured"
            )
        default: out.log("the live chat of \(poll.videoId) is unknown to the API: recorded, not captured")
        }
    }

    /// The wait between polls when an answer names none (the API always does).
    static let defaultChatInterval = 5000
}
