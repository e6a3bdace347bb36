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

    /// The four entries, newest first, as plain words: an offset, and a length with the two
    /// flags in its top bits (0 when the slot is empty, which no string of `minimumLength`
    /// bytes or more can match). Remembering a string moves eight words between registers; as
    /// four `Entry?` it copied four optionals through memory, about a hundred instructions for
    /// every long string of a page.
    private var starts: (Int, Int, Int, Int) = (0, 0, 0, 0)
    private var lengths: (Int, Int, Int, Int) = (0, 0, 0, 0)

    private static let escapedFlag = 1 << 62
    private static let nonASCIIFlag = 1 << 61
    private static let lengthMask = (1 << 61) - 1

    /// The remembered string whose bytes the string whose opening quote is at `index` repeats
    /// exactly, closing quote included.
    @inline(__always)
    func match(_ base: UnsafePointer<UInt8>, _ index: Int, _ count: Int) -> Entry? {
        // Unrolled: an array literal here could cost an allocation per string value.
        if Self.repeats(starts.0, lengths.0, base, index, count) { return Self.entry(starts.0, lengths.0) }
        if Self.repeats(starts.1, lengths.1, base, index, count) { return Self.entry(starts.1, lengths.1) }
        if Self.repeats(starts.2, lengths.2, base, index, count) { return Self.entry(starts.2, lengths.2) }
        if Self.repeats(starts.3, lengths.3, base, index, count) { return Self.entry(starts.3, lengths.3) }
        return nil
    }

    @inline(__always)
    private static func entry(_ start: Int, _ packed: Int) -> Entry {
        Entry(
            start: start, length: packed & lengthMask, escaped: packed & escapedFlag != 0,
            nonASCII: packed & nonASCIIFlag != 0)
    }

    @inline(__always)
    private static func repeats(
        _ start: Int, _ packed: Int, _ base: UnsafePointer<UInt8>, _ index: Int, _ count: Int
    ) -> Bool {
        let length = packed & lengthMask
        let end = index &+ 1 &+ length
        // An empty slot has length 0. The first eight bytes before the last (both at hand, and
        // different for nearly every other string): the byte after a long string's length lies
        // ahead of the parse, often not in cache yet.
        guard length != 0, end < count,
            JSONScanner.loadWord(base, index &+ 1) == JSONScanner.loadWord(base, start)
        else { return false }
        return base[end] == UInt8(ascii: "\"")
            && memcmp(base + (index &+ 1), base + start, length) == 0
    }

    /// Remembers a string just read, when it is long enough to be worth it.
    @inline(__always)
    mutating func note(start: Int, end: Int, escaped: Bool, nonASCII: Bool) {
        let length = end &- start
        guard length >= Self.minimumLength else { return }
        let packed = length | (escaped ? Self.escapedFlag : 0) | (nonASCII ? Self.nonASCIIFlag : 0)
        starts = (start, starts.0, starts.1, starts.2)
        lengths = (packed, lengths.0, lengths.1, lengths.2)
    }
}
