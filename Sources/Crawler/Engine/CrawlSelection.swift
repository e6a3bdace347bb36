import YouTubeKit

/// What a crawl collects — which kinds of records, and which parts of them — as one value from
/// the command line (its "What to crawl" options) through ``CrawlConfiguration`` and the engine
/// to the checkpoint, where `ytcrawl update` finds it again and runs with it (``with(_:)``).
/// How far a run goes (`--max-pages`, `--max-reply-pages`,
/// `--max-link-channels`) is the run's own and not kept.
///
/// Never a secret: `--pseudonymize-authors` is kept in the manifest as the secret's fingerprint,
/// not here. Its `Codable` form is the checkpoint's `options` member.
public struct CrawlSelection: Codable, Sendable, Hashable {
    /// Videos found by discovery are hydrated by videos.list (`--no-hydrate` turns it off).
    public var hydrate = true
    /// `--comments`: the comments of every video of the crawl.
    public var comments = false
    /// `--max-comment-pages N`: commentThreads pages per video at most.
    public var maxCommentPages: Int?
    /// `--complete-channels`: search for what uploads playlists do not list, for every channel.
    public var completeChannels = false
    /// `--formats`: label every walked channel's videos short, live or long.
    public var formats = false
    /// `--video-parts`, `--channel-parts`: the parts of videos.list and channels.list.
    public var videoParts = APIRequest.Parts.videos
    public var channelParts = APIRequest.Parts.channels

    public init() {}

    /// A change a command line makes to the selection (one option it gives).
    public typealias Change = @Sendable (inout CrawlSelection) -> Void

    /// This selection with `changes` made, in order. A crawl makes its command line's changes to
    /// the defaults; an update makes them to what the crawl collected, so an option it does not
    /// give stays as the crawl had it, and a flag it gives only adds (`--comments`).
    public func with(_ changes: [Change]) -> CrawlSelection {
        var changed = self
        for change in changes { change(&changed) }
        return changed
    }
}
