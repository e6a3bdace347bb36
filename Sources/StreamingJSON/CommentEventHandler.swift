import YouTubeKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns parser events of a commentThreads or comments page into comment records: a thread's
/// top-level comment, then the replies it carries, as soon as the thread closes.
struct CommentEventHandler: JSONEventHandler {
    let endpoint: Endpoint
    let onRecord: (DecodedRecord) throws -> Void

    /// Which comment a snippet fills.
    private enum Target {
        case item, topLevel, reply
    }

    private let keys = CommentKeys.shared
    /// Contexts from the root, one byte each, the innermost in the low byte: the deepest one that
    /// means something (root › items › item › replies › list › reply › snippet › authorChannelId)
    /// is the eighth. What opens inside an ignored context is only counted.
    private var packed: UInt64 = 0
    private var depth = 0
    private var ignoredInside = 0
    private var context: CommentContext = .ignored
    private var field: CommentField = .none
    private var target = Target.item
    /// The item, its top-level comment and the reply being read.
    private var item = CommentFields()
    private var top = CommentFields()
    private var reply = CommentFields()
    private var replies: [CommentFields] = []
    /// The last channel id, video id and date read, and the date's text: every comment of a
    /// page is on the same channel and video, and most are never edited (updatedAt = publishedAt).
    private var lastChannelId = LastString()
    private var lastVideoId = LastString()
    private var lastDateWords: (UInt64, UInt64, UInt64) = (0, 0, 0)
    private var lastDateLength = -1
    private var lastDate: Int64?
    /// What the item's `kind` says: a thread (`true`), a comment (`false`), unknown (`nil`).
    private var itemIsThread: Bool?
    private(set) var summary = PageSummary()
    /// The first place where `items` was not an array of objects; thrown when an object closes.
    private var shapeError: PageShapeError?

    init(endpoint: Endpoint, onRecord: @escaping (DecodedRecord) throws -> Void) {
        self.endpoint = endpoint
        self.onRecord = onRecord
    }

    /// The comment the current snippet fills.
    @inline(__always)
    private mutating func fill(_ body: (inout CommentFields) -> Void) {
        switch target {
        case .item: body(&item)
        case .topLevel: body(&top)
        case .reply: body(&reply)
        }
    }

    @inline(__always)
    mutating func key(_ text: JSONText) -> Bool {
        let matcher: KeyMatcher<CommentField>
        switch context {
        case .root: matcher = keys.root
        case .pageInfo: matcher = keys.pageInfo
        case .item, .topLevelComment, .reply: matcher = keys.item
        case .snippet: matcher = keys.snippet
        case .replies: matcher = keys.replies
        case .authorChannelId: matcher = keys.authorChannelId
        case .items, .replyList, .ignored:
            field = .none
            return false
        }
        field = matcher.match(text) ?? .none
        // The text once: textOriginal only when textDisplay was not sent (it comes first).
        if field == .textOriginal, currentHasDisplayText { field = .none }
        return field != .none
    }

    private var currentHasDisplayText: Bool {
        switch target {
        case .item: item.textDisplay != nil
        case .topLevel: top.textDisplay != nil
        case .reply: reply.textDisplay != nil
        }
    }

    @inline(__always)
    private mutating func push(_ context: CommentContext) {
        if ignoredInside > 0 || depth == 8 || (context == .ignored && self.context == .ignored) {
            ignoredInside &+= 1
            self.context = .ignored
        } else {
            packed = packed &<< 8 | UInt64(context.rawValue)
            depth &+= 1
            self.context = context
        }
        field = .none
    }

    @inline(__always)
    private mutating func pop() -> CommentContext {
        let closed: CommentContext
        if ignoredInside > 0 {
            ignoredInside &-= 1
            closed = .ignored
        } else if depth > 0 {
            closed = CommentContext(rawValue: UInt8(truncatingIfNeeded: packed)) ?? .ignored
            packed &>>= 8
            depth &-= 1
        } else {
            closed = .ignored
        }
        if ignoredInside > 0 {
            context = .ignored
        } else {
            context = depth > 0 ? CommentContext(rawValue: UInt8(truncatingIfNeeded: packed)) ?? .ignored : .ignored
        }
        field = .none
        return closed
    }

    mutating func startObject() {
        if field == .items { shapeError = shapeError ?? PageShapeError(found: "an object", inItems: false) }
        let next: CommentContext
        switch (depth == 0 && ignoredInside == 0 ? nil : context, field) {
        case (nil, _): next = .root
        case (.root?, .pageInfo): next = .pageInfo
        case (.items?, _):
            item.clear()
            top.clear()
            replies.removeAll(keepingCapacity: true)
            itemIsThread = nil
            summary.itemCount += 1
            next = .item
        case (.item?, .snippet):
            target = .item
            next = .snippet
        case (.item?, .replies): next = .replies
        case (.snippet?, .topLevelComment):
            item.isThread = true
            next = .topLevelComment
        case (.topLevelComment?, .snippet):
            target = .topLevel
            next = .snippet
        case (.replyList?, _):
            reply.clear()
            next = .reply
        case (.reply?, .snippet):
            target = .reply
            next = .snippet
        case (.snippet?, .authorChannelId): next = .authorChannelId
        default: next = .ignored
        }
        push(next)
    }

    mutating func endObject() throws {
        // A wrongly typed `items` is reported here (the events that find it do not throw).
        if let shapeError { throw shapeError }
        switch pop() {
        case .item: try finishItem()
        case .reply:
            // Moved, not copied: no retain and release of every string.
            var moved = CommentFields()
            swap(&moved, &reply)
            replies.append(moved)
        case .snippet:
            // Back in a thread's top-level comment or a reply: their own snippet is done; an
            // item's snippet may be followed by `replies`.
            if context == .topLevelComment || context == .reply || context == .item { target = .item }
        default: break
        }
    }

    mutating func startArray() {
        if context == .items { shapeError = shapeError ?? PageShapeError(found: "an array", inItems: true) }
        switch (context, field) {
        case (.root, .items): push(.items)
        case (.replies, .comments): push(.replyList)
        default: push(.ignored)
        }
    }

    mutating func endArray() { _ = pop() }

    /// Which comment an `id` or `kind` belongs to: the object it is a member of.
    private var owner: Target {
        switch context {
        case .topLevelComment: .topLevel
        case .reply: .reply
        default: .item
        }
    }

    mutating func string(_ text: JSONText) {
        defer { field = .none }
        switch field {
        case .none:
            checkScalarPlace("a string")
        case .items: checkScalarPlace("a string")
        case .kind:
            if context == .root {
                summary.endpoint = Endpoint(kind: text.string)
            } else if context == .item {
                itemIsThread = keys.kinds.match(text)
            }
        case .nextPageToken: summary.nextPageToken = text.string
        case .id:
            switch owner {
            case .item: item.id = text.string
            case .topLevel:
                // A thread's top-level comment has the thread's id: shared, not allocated again.
                if let thread = item.id, text.holds(thread) { top.id = thread } else { top.id = text.string }
            case .reply: reply.id = text.string
            }
        case .channelId:
            let channelId = lastChannelId.string(text)
            fill { $0.channelId = channelId }
        case .videoId:
            // Every comment of a page is on the same video, usually: one String for all.
            let videoId = lastVideoId.string(text)
            fill { $0.videoId = videoId }
        case .parentId:
            // A carried reply's parent is its thread: the same id, shared rather than copied.
            if target == .reply, let thread = top.id, text.holds(thread) {
                reply.parentId = thread
            } else {
                fill { $0.parentId = text.string }
            }
        case .textDisplay: fill { $0.textDisplay = text.string }
        case .textOriginal: fill { $0.textOriginal = text.string }
        case .authorDisplayName: fill { $0.authorDisplayName = text.string }
        case .authorProfileImageUrl: fill { $0.authorProfileImageUrl = text.string }
        case .value: fill { $0.authorChannelId = text.string }
        case .imageUrl: fill { $0.imageUrl = text.string }
        case .publishedAt:
            let date = self.date(text)
            fill { $0.publishedAt = date }
        case .updatedAt:
            let date = self.date(text)
            fill { $0.updatedAt = date }
        default: store(ASCIIInteger.parse(text.bytes))
        }
    }

    /// A date, parsed once for a run of equal texts (compared as the words a key is).
    private mutating func date(_ text: JSONText) -> Int64? {
        let count = text.count
        if count <= 24 {
            let words = KeyMatcher<CommentField>.words(text.bytes, readable: text.readable)
            if count == lastDateLength && words == lastDateWords { return lastDate }
            lastDateWords = words
            lastDateLength = count
        } else {
            lastDateLength = -1
        }
        lastDate = RFC3339.parseSeconds(utf8: text.bytes)
        return lastDate
    }

    mutating func number(_ text: UnsafeRawBufferPointer) {
        checkScalarPlace("a number")
        store(ASCIIInteger.parse(text))
        field = .none
    }

    mutating func integer(_ value: Int, text: UnsafeRawBufferPointer) {
        if field == .items || context == .items { checkScalarPlace("a number") }
        if field != .none { store(value) }
        field = .none
    }

    private mutating func store(_ value: Int?) {
        switch field {
        case .totalResults: summary.totalResults = value
        case .resultsPerPage: summary.resultsPerPage = value
        case .likeCount:
            switch target {
            case .item: item.likeCount = value
            case .topLevel: top.likeCount = value
            case .reply: reply.likeCount = value
            }
        case .totalReplyCount:
            switch target {
            case .item: item.totalReplyCount = value
            case .topLevel: top.totalReplyCount = value
            case .reply: reply.totalReplyCount = value
            }
        default: break
        }
    }

    mutating func bool(_ value: Bool) {
        if field == .items || context == .items { checkScalarPlace(value ? "true" : "false") }
        field = .none
    }

    mutating func null() {
        checkScalarPlace("null")
        field = .none
    }

    private mutating func checkScalarPlace(_ found: @autoclosure () -> String) {
        guard shapeError == nil else { return }
        if field == .items { shapeError = PageShapeError(found: found(), inItems: false) }
        if context == .items { shapeError = PageShapeError(found: found(), inItems: true) }
    }

    private mutating func finishItem() throws {
        let isThread = itemIsThread ?? (item.isThread || endpoint == .commentThreads)
        if summary.endpoint == nil { summary.endpoint = isThread ? .commentThreads : .comments }
        guard isThread else {
            if let comment = item.take(threadId: nil, parentId: nil, thread: CommentFields()) { try emit(comment) }
            return
        }
        guard let first = top.take(threadId: nil, parentId: nil, thread: item) else {
            return
        }
        guard case .comment(let firstComment) = first else { return }
        let threadId = firstComment.commentId
        try emit(first)
        for index in replies.indices {
            if let comment = replies[index].take(threadId: threadId, parentId: threadId, thread: item) {
                try emit(comment)
            }
        }
    }

    /// Hands a comment record on, consumed: its strings are not retained again here.
    @inline(__always)
    private mutating func emit(_ record: consuming DecodedRecord) throws {
        summary.commentCount += 1
        try onRecord(record)
    }
}
