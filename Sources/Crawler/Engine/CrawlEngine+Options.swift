import Foundation

extension CrawlEngine {
    struct Options: Sendable {
        /// What the crawl collects (``CrawlSelection``).
        var selection = CrawlSelection()
        /// A page cap for every seed without its own `maxPages`.
        var maxPages: Int?
        var concurrency = 8
        /// Checkpoint after this many pages…
        var checkpointEvery = 25
        /// …and not sooner than this after the last one.
        var checkpointInterval: Duration = .seconds(1)
        /// `--max-reply-pages N`: comments.list pages of one thread's replies at most.
        var maxReplyPages = CrawlConfiguration.defaultMaxReplyPages
        /// `--pseudonymize-authors`: authors' channel ids replaced by a keyed hash, names dropped.
        var pseudonymizer: AuthorPseudonymizer?
        /// The seeds file's digest: a checkpoint of earlier versions (without its seeds) is
        /// resumed only for the same file.
        var seedsDigest = ""
        /// The output, as the user named it (for messages).
        var output = "the output"
        /// `ytcrawl update`: what is new since the output's last run (``UpdateOptions``).
        var update: UpdateOptions?
        /// `--max-link-channels N`: channels the links of `links=` seeds may reach beyond the seeds'.
        var maxLinkChannels: Int?
        /// Ask channels.list for the channels written videos name without a record in the
        /// output (`--no-resolve-channels` turns it off): ``ChannelReferences``.
        var resolveChannels = true
        /// Live chats (``ChatPoll``): `--chat-units N` per stream at most (`nil`: no cap),
        /// `--chat-interval` (milliseconds) the least wait between two polls of one chat, and
        /// `--live-wait` (seconds) how far ahead an upcoming stream's start may be.
        var chatUnits: Int?
        var chatInterval = 0
        var liveWait: Int64 = 3600
    }
}
