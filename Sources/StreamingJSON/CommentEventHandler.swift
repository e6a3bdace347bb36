import YouTubeKit

/// Turns parser events of a commentThreads or comments page into comment records: a thread's
/// top-level comment, then the replies it carries, as soon as the thread closes.
struct CommentEventHandler: JSONEventHandler {
    let endpoint: Endpoint
    let onRecord: (DecodedRecord) throws -> Void

    /// Which comment a snippet fills.
    private enum Target: Int {
        case item = 0, topLevel, reply
    }

    private let keys = CommentKeys.shared
    private var stack: [CommentContext] = []
    private var ignoredInside = 0
    private var context: CommentContext = .ignored
    private var field: CommentField = .none
    private var target = Target.item
    /// The item, its top-level comment and the reply being read.
    private var fields = [CommentFields(), CommentFields(), CommentFields()]
    private var replies: [CommentFields] = []
    /// What the item's `kind` says: a thread (`true`), a comment (`false`), unknown (`nil`).
    private var itemIsThread: Bool?
    private(set) var summary = PageSummary()

    init(endpoint: Endpoint, onRecord: @escaping (DecodedRecord) throws -> Void) {
        self.endpoint = endpoint
        self.onRecord = onRecord
        stack.reserveCapacity(12)
    }

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
        return field != .none
    }

    private mutating func push(_ context: CommentContext) {
        if ignoredInside > 0 || (context == .ignored && self.context == .ignored) {
            ignoredInside += 1
        } else {
            stack.append(context)
        }
        self.context = ignoredInside > 0 ? .ignored : context
        field = .none
    }

    private mutating func pop() -> CommentContext {
        let closed: CommentContext
        if ignoredInside > 0 {
            ignoredInside -= 1
            closed = .ignored
        } else {
            closed = stack.popLast() ?? .ignored
        }
        context = ignoredInside > 0 ? .ignored : stack.last ?? .ignored
        field = .none
        return closed
    }

    mutating func startObject() throws {
        if field == .items { throw PageShapeError(found: "an object", inItems: false) }
        let next: CommentContext
        switch (stack.isEmpty && ignoredInside == 0 ? nil : context, field) {
        case (nil, _): next = .root
        case (.root?, .pageInfo): next = .pageInfo
        case (.items?, _):
            fields[Target.item.rawValue] = CommentFields()
            fields[Target.topLevel.rawValue] = CommentFields()
            replies.removeAll(keepingCapacity: true)
            itemIsThread = nil
            summary.itemCount += 1
            next = .item
        case (.item?, .snippet):
            target = .item
            next = .snippet
        case (.item?, .replies): next = .replies
        case (.snippet?, .topLevelComment):
            fields[Target.item.rawValue].isThread = true
            next = .topLevelComment
        case (.topLevelComment?, .snippet):
            target = .topLevel
            next = .snippet
        case (.replyList?, _):
            fields[Target.reply.rawValue] = CommentFields()
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
        switch pop() {
        case .item: try finishItem()
        case .reply: replies.append(fields[Target.reply.rawValue])
        case .snippet:
            // Back in a thread's top-level comment or a reply: their own snippet is done; an
            // item's snippet may be followed by `replies`.
            if context == .topLevelComment || context == .reply || context == .item { target = .item }
        default: break
        }
    }

    mutating func startArray() throws {
        if context == .items { throw PageShapeError(found: "an array", inItems: true) }
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

    mutating func string(_ text: JSONText) throws {
        defer { field = .none }
        switch field {
        case .none:
            try checkScalarPlace("a string")
        case .items: try checkScalarPlace("a string")
        case .kind:
            if context == .root {
                summary.endpoint = Endpoint(kind: text.string)
            } else if context == .item {
                itemIsThread = keys.kinds.match(text)
            }
        case .nextPageToken: summary.nextPageToken = text.string
        case .id: fields[owner.rawValue].id = text.string
        case .channelId: fields[target.rawValue].channelId = text.string
        case .videoId: fields[target.rawValue].videoId = text.string
        case .parentId: fields[target.rawValue].parentId = text.string
        case .textDisplay: fields[target.rawValue].textDisplay = text.string
        case .textOriginal: fields[target.rawValue].textOriginal = text.string
        case .authorDisplayName: fields[target.rawValue].authorDisplayName = text.string
        case .authorProfileImageUrl: fields[target.rawValue].authorProfileImageUrl = text.string
        case .value: fields[target.rawValue].authorChannelId = text.string
        case .imageUrl: fields[target.rawValue].imageUrl = text.string
        case .publishedAt: fields[target.rawValue].publishedAt = RFC3339.parseSeconds(utf8: text.bytes)
        case .updatedAt: fields[target.rawValue].updatedAt = RFC3339.parseSeconds(utf8: text.bytes)
        default: store(ASCIIInteger.parse(text.bytes))
        }
    }

    mutating func number(_ text: UnsafeRawBufferPointer) throws {
        try checkScalarPlace("a number")
        store(ASCIIInteger.parse(text))
        field = .none
    }

    mutating func integer(_ value: Int, text: UnsafeRawBufferPointer) throws {
        try checkScalarPlace("a number")
        store(value)
        field = .none
    }

    private mutating func store(_ value: Int?) {
        switch field {
        case .totalResults: summary.totalResults = value
        case .resultsPerPage: summary.resultsPerPage = value
        case .likeCount: fields[target.rawValue].likeCount = value
        case .totalReplyCount: fields[target.rawValue].totalReplyCount = value
        default: break
        }
    }

    mutating func bool(_ value: Bool) throws {
        try checkScalarPlace(value ? "true" : "false")
        field = .none
    }

    mutating func null() throws {
        try checkScalarPlace("null")
        field = .none
    }

    private func checkScalarPlace(_ found: @autoclosure () -> String) throws {
        if field == .items { throw PageShapeError(found: found(), inItems: false) }
        if context == .items { throw PageShapeError(found: found(), inItems: true) }
    }

    private mutating func finishItem() throws {
        let item = fields[Target.item.rawValue]
        let isThread = itemIsThread ?? (item.isThread || endpoint == .commentThreads)
        if summary.endpoint == nil { summary.endpoint = isThread ? .commentThreads : .comments }
        guard isThread else {
            if let comment = item.comment(threadId: nil, parentId: nil, thread: nil) { try emit(comment) }
            return
        }
        guard let top = fields[Target.topLevel.rawValue].comment(threadId: nil, parentId: nil, thread: item) else {
            return
        }
        try emit(top)
        for reply in replies {
            if let comment = reply.comment(threadId: top.commentId, parentId: top.commentId, thread: item) {
                try emit(comment)
            }
        }
    }

    private mutating func emit(_ comment: Comment) throws {
        summary.commentCount += 1
        try onRecord(.comment(comment))
    }
}
