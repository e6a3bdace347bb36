/// The page decoder's contexts from the root to the innermost, one byte each in a word: the
/// contexts that mean something never nest deeper than eight (root › items › item › snippet ›
/// thumbnails › thumbnail is six), and what opens inside an ignored context is ignored too, so
/// it is only counted. Pushing and popping touch no heap storage.
struct PageContextStack {
    /// The innermost context in the low byte.
    private var packed: UInt64 = 0
    private var packedCount = 0
    /// Ignored contexts open inside the innermost packed one.
    private var ignoredInside = 0

    /// The innermost context; `nil` outside the root.
    var innermost: PageContext? {
        if ignoredInside > 0 { return .ignored }
        guard packedCount > 0 else { return nil }
        return PageContext(rawValue: UInt8(truncatingIfNeeded: packed))
    }

    mutating func push(_ context: PageContext) {
        if ignoredInside > 0 || packedCount == 8 || (context == .ignored && innermost == .ignored) {
            ignoredInside &+= 1
        } else {
            packed = packed &<< 8 | UInt64(context.rawValue)
            packedCount &+= 1
        }
    }

    /// Closes the innermost context.
    ///
    /// - Returns: the context closed.
    mutating func pop() -> PageContext {
        if ignoredInside > 0 {
            ignoredInside &-= 1
            return .ignored
        }
        let closed = PageContext(rawValue: UInt8(truncatingIfNeeded: packed)) ?? .ignored
        packed &>>= 8
        packedCount &-= 1
        return closed
    }
}
