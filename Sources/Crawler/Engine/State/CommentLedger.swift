import YouTubeKit

/// The comment side of a crawl: comments written (the shards are the truth), videos whose
/// comments are queued or done, their `commentCount` (a bound on their paging), videos whose
/// comments are disabled, and the authors `@mentions` are rewritten to with
/// `--pseudonymize-authors`.
struct CommentLedger: Sendable {
    private(set) var written = CompactStringSet()
    private(set) var videos = CompactStringSet()
    private(set) var counts: [String: Int] = [:]
    private(set) var disabled: [String] = []
    private(set) var mentions = MentionScrubber()

    init() {}

    /// Comments the output already holds: never written again.
    init(written: Set<String>) { self.written = CompactStringSet(written) }

    /// Videos whose comments an earlier run queued or fetched.
    mutating func follow(_ videoIds: [String]) {
        for id in videoIds { videos.insert(id) }
    }

    /// Whether the comment is new (and now written).
    mutating func insert(_ commentId: String) -> Bool { written.insert(commentId) }

    /// Whether the video's comments are new to the crawl (and now queued).
    mutating func want(_ videoId: String) -> Bool { videos.insert(videoId) }

    /// Keeps a followed video's `commentCount`.
    mutating func noteCount(_ count: Int, of videoId: String) {
        guard videos.contains(videoId) else { return }
        counts[videoId] = count
    }

    mutating func disable(_ videoId: String) { disabled.append(videoId) }

    /// Rewrites the comment's `@mentions` of authors seen before to their pseudonyms.
    mutating func scrubMentions(_ comment: inout Comment, pseudonymizer: AuthorPseudonymizer) {
        mentions.scrub(&comment, pseudonymizer: pseudonymizer)
    }
}
