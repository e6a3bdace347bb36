import StreamingJSON
import YouTubeKit

/// videos.list of a `live` seed's video (1 unit), asked even when the output holds the video
/// already: whether the stream is live or upcoming and its chat's id are what the capture needs.
/// The video is written when the output lacks it; its chat is captured (``ChatPoll``) or the
/// reason it is not is recorded.
struct LiveLookup: SeededWork {
    static let tag = "liveLookup"
    var seed: Int
    var videoId: String

    var page: Int { 0 }
    /// As urgent as a chat's poll, and due at once: a stream may end while its lookup waits
    /// behind others' polls (the earliest due goes first).
    var lane: FrontierLane { .timed(due: 0) }
    /// Its video comes whole: written as it came, never hydrated.
    var findsVideos: Bool { false }
    var item: WorkItem { .liveLookup(self) }

    func request(for plan: some CrawlSetup) throws -> APIRequest {
        try APIRequest.videos(ids: [videoId], part: plan.options.selection.videoParts)
    }

    func apply(_ fetched: FetchedPage, to plan: inout some CrawlVerbs, _ out: inout EventOutput) {
        var found = false
        for case .video(let video) in fetched.records where video.videoId == videoId {
            plan.liveVideo(video, seed: seed, &out)
            found = true
        }
        if !found { plan.liveVideoMissing(videoId, seed: seed, &out) }
    }

    func describe(seeds: [Seed]) -> String { "videos.list of the live stream \(videoId)" }
}
