import StreamingJSON

/// When a paging goes in circles (a video's comment threads, a thread's replies, a channel's
/// subscriptions): a hostile or broken server can send a token cycle (A, B, A…) or the same page
/// under fresh tokens, and each page costs a unit. A page is known by a fingerprint of its
/// records' ids (comment ids, link targets), in order: a paging that reads a page it read before
/// ends there. Pages read again after a resume or a restart are not repeats (they
/// follow each other, each different), so a rerun that reads known comments again goes on.
enum PageRepeats {
    /// Why paging must end before asking for `token`, or `nil` to go on.
    ///
    /// - Parameters:
    ///   - token: the next page's token; `pageToken`: this page's.
    ///   - fingerprint: this page's (``fingerprint(_:)``); `read`: those of the pages read before it.
    static func loop(token: String, pageToken: String?, fingerprint: UInt64, read: [UInt64]?) -> String? {
        if token == pageToken { return "the API sent the same nextPageToken again" }
        if let read, read.contains(fingerprint) {
            return "a page repeated one already read (a token cycle, or a page under a fresh token)"
        }
        return nil
    }

    /// `read` with this page's fingerprint (the last 1,024 pages are kept).
    static func adding(_ fingerprint: UInt64, to read: [UInt64]?) -> [UInt64] {
        var pages = read ?? []
        if pages.count >= 1024 { pages.removeFirst() }
        pages.append(fingerprint)
        return pages
    }

    /// FNV-1a over the page's comment ids and link targets, in order (an empty page has one too).
    static func fingerprint(_ page: [DecodedRecord]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for record in page {
            let id: String
            switch record {
            case .comment(let comment): id = comment.commentId
            case .link(let link): id = link.toChannelId
            default: continue
            }
            for byte in id.utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            hash = (hash ^ 0x0A) &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

/// A paging whose pages are guarded by ``PageRepeats``: comment threads, replies, subscriptions.
protocol RepeatGuardedPaging: PagedWork {
    /// Fingerprints of the pages this run read of this paging (never in a checkpoint).
    var pagesRead: [UInt64]? { get set }
}

extension RepeatGuardedPaging {
    /// The paging starts over: its rank, and the pages read (they will be read again).
    mutating func startOver() {
        rank = 0
        pagesRead = nil
    }

    /// The page after this one (`token`, its first item at `rank`), or `nil` when the paging
    /// goes in circles: then a warning says so and that these `what` end here.
    func following(
        token: String, rank: Int, fingerprint: UInt64, what: String, plan: inout some CrawlVerbs,
        _ out: inout EventOutput
    ) -> Self? {
        if let loop = PageRepeats.loop(token: token, pageToken: pageToken, fingerprint: fingerprint, read: pagesRead) {
            out.warn("\(describe(seeds: plan.seeds)): \(loop); these \(what) end here")
            return nil
        }
        var next = self
        next.pageToken = token
        next.page += 1
        next.rank = rank
        next.pagesRead = PageRepeats.adding(fingerprint, to: pagesRead)
        return next
    }
}
