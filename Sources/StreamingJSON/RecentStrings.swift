#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The last four long string values of the buffer being parsed, remembered so that a value that
/// repeats one of them byte for byte is neither scanned nor validated again.
///
/// The API repeats itself: every videos.list and channels.list item carries its title and
/// description twice (`snippet.localized`), channels a third time (`brandingSettings.channel`),
/// and the description is most of an item's bytes. Four, not two: a channel's three thumbnail
/// URLs (about 110 bytes each) come between its description and `snippet.localized`. The
/// same bytes make the same token — same end, same escapes, same (valid) UTF-8 — so a `memcmp`
/// at memory speed replaces the scan and the UTF-8 check. Offsets, not pointers: only the buffer
/// of one parse call is looked at.
struct RecentStrings {
    struct Entry {
        /// Offset of the text (after the opening quote) and its length in bytes.
        var start: Int
        var length: Int
        var escaped: Bool
        var nonASCII: Bool
    }

    /// Shorter strings are scanned as fast as they would be compared.
    static let minimumLength = 64

    /// Newest first.
    private var first: Entry?
    private var second: Entry?
    private var third: Entry?
    private var fourth: Entry?

    /// The remembered string whose bytes the string whose opening quote is at `index` repeats
    /// exactly, closing quote included.
    @inline(__always)
    func match(_ base: UnsafePointer<UInt8>, _ index: Int, _ count: Int) -> Entry? {
        // Unrolled: an array literal here could cost an allocation per string value.
        if let first, Self.repeats(first, base, index, count) { return first }
        if let second, Self.repeats(second, base, index, count) { return second }
        if let third, Self.repeats(third, base, index, count) { return third }
        if let fourth, Self.repeats(fourth, base, index, count) { return fourth }
        return nil
    }

    @inline(__always)
    private static func repeats(_ entry: Entry, _ base: UnsafePointer<UInt8>, _ index: Int, _ count: Int) -> Bool {
        let end = index &+ 1 &+ entry.length
        // The first eight bytes first (both at hand, and different for nearly every other string):
        // the byte after a long string's length lies ahead of the parse, often not in cache yet.
        guard end < count,
            JSONScanner.loadWord(base, index &+ 1) == JSONScanner.loadWord(base, entry.start)
        else { return false }
        return base[end] == UInt8(ascii: "\"")
            && memcmp(base + (index &+ 1), base + entry.start, entry.length) == 0
    }

    /// Remembers a string just read, when it is long enough to be worth it.
    @inline(__always)
    mutating func note(start: Int, end: Int, escaped: Bool, nonASCII: Bool) {
        let length = end &- start
        guard length >= Self.minimumLength else { return }
        fourth = third
        third = second
        second = first
        first = Entry(start: start, length: length, escaped: escaped, nonASCII: nonASCII)
    }
}
