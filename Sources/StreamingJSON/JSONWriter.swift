import YouTubeKit

/// Writes JSON text into a byte buffer: the record encoder of the JSON-lines shards.
///
/// Strings are escaped per RFC 8259 — `"`, `\`, every control character — and U+2028/U+2029 as
/// `\u2028`/`\u2029`, so a line is also valid JavaScript. No Foundation on this path.
///
/// Each method checks that the buffer is this writer's own (a runtime call) before it writes;
/// ``RecordEncoder`` writes a whole record after one check (``appending(_:)``).
public struct JSONWriter: @unchecked Sendable {  // a value: its storage is copied before a shared one is written
    private var storage: Storage

    /// The buffer: written through a pointer, grown by doubling, copied when a second writer
    /// shares it and one of them writes.
    final class Storage {
        var base: UnsafeMutablePointer<UInt8>
        var count = 0
        var capacity: Int

        init(capacity: Int) {
            self.capacity = max(capacity, 64)
            base = .allocate(capacity: self.capacity)
        }

        deinit { base.deallocate() }

        func copy(capacity: Int) -> Storage {
            let copy = Storage(capacity: capacity)
            copy.base.update(from: base, count: count)
            copy.count = count
            return copy
        }

        func grow(to capacity: Int) {
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            larger.update(from: base, count: count)
            base.deallocate()
            base = larger
            self.capacity = capacity
        }
    }

    public init(capacity: Int = 4096) {
        storage = Storage(capacity: capacity)
    }

    /// A writer that holds `text` as written so far (JSON the caller vouches for).
    public init(json text: String) {
        var text = text
        storage = Storage(capacity: text.utf8.count)
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// What was written.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage.base, count: storage.count)) }

    /// How many bytes were written.
    public var count: Int { storage.count }

    public var isEmpty: Bool { storage.count == 0 }

    /// Calls `body` with what was written, without copying it.
    public func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: storage.base, count: storage.count))
    }

    public mutating func removeAll(keepingCapacity: Bool = true) {
        if !keepingCapacity {
            storage = Storage(capacity: 64)
        } else if isKnownUniquelyReferenced(&storage) {
            storage.count = 0
        } else {
            storage = Storage(capacity: storage.capacity)
        }
    }

    /// Runs `body` with an appender at the end of this writer's buffer, made its own first (the
    /// one uniqueness check of every write in it).
    @inline(__always)
    package mutating func appending<Result>(_ body: (inout JSONAppender) throws -> Result) rethrows -> Result {
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy(capacity: storage.capacity)
        }
        var appender = JSONAppender(storage)
        defer { appender.close() }
        return try body(&appender)
    }

    /// Appends one byte.
    @inline(__always)
    public mutating func raw(_ byte: UInt8) { appending { $0.raw(byte) } }

    /// Appends `text` as it is (JSON the caller vouches for).
    @inline(__always)
    public mutating func raw(_ text: StaticString) { appending { $0.raw(text) } }

    /// Appends bytes in one copy.
    @inline(__always)
    mutating func append(_ buffer: UnsafeRawBufferPointer) { appending { $0.append(buffer) } }

    /// `null`.
    public mutating func null() { appending { $0.null() } }

    /// `true` or `false`.
    public mutating func bool(_ value: Bool) { appending { $0.bool(value) } }

    /// An integer's digits.
    public mutating func int(_ value: Int) { appending { $0.int(value) } }

    /// `"YYYY-MM-DDTHH:MM:SSZ"`, the RFC 3339 form of every record time (whole seconds, UTC),
    /// written as digits: no String is made. Years outside 0…9999 take the general formatter.
    public mutating func timestamp(seconds: Int64) { appending { $0.timestamp(seconds: seconds) } }

    /// A quoted, escaped JSON string.
    public mutating func string(_ value: String) { appending { $0.string(value) } }

    /// A quoted, escaped JSON string from valid UTF-8 bytes.
    ///
    /// Text that needs no escaping — nearly all of it — is copied sixteen bytes at a time as it
    /// is scanned (``JSONEscaping``); only a byte that stops the scan (`"`, `\`, a control
    /// character, or 0xE2, which may begin U+2028/U+2029) is looked at alone.
    public mutating func string(utf8 input: UnsafeRawBufferPointer) { appending { $0.string(utf8: input) } }

    /// The text of a JSON string without its quotes: valid UTF-8 bytes, escaped as
    /// ``string(utf8:)`` escapes them. A long text may be given in pieces (cut between
    /// characters), each escaped on its own.
    public mutating func escapedText(utf8 input: UnsafeRawBufferPointer) { appending { $0.escapedText(utf8: input) } }

    /// The text of `value` as a JSON string's, without quotes.
    public mutating func escapedText(_ value: String) { appending { $0.escapedText(value) } }

    /// A string, or `null`.
    public mutating func optionalString(_ value: String?) { appending { $0.optionalString(value) } }

    /// An integer, or `null`.
    public mutating func optionalInt(_ value: Int?) { appending { $0.optionalInt(value) } }

    /// `["a","b"]`.
    public mutating func stringArray(_ values: some Sequence<String>) { appending { $0.stringArray(values) } }

    /// `[1,2]`.
    public mutating func intArray(_ values: [Int]) { appending { $0.intArray(values) } }

    /// `"name":` (the name must need no escaping).
    @inline(__always)
    public mutating func key(_ name: StaticString) { appending { $0.key(name) } }

    /// `,"name":` and a string, or `null`.
    @inline(__always)
    public mutating func member(_ name: StaticString, _ value: String?) { appending { $0.member(name, value) } }

    /// `,"name":` and an integer, or `null`.
    @inline(__always)
    public mutating func member(_ name: StaticString, _ value: Int?) { appending { $0.member(name, value) } }

    /// `,"name":` and `true`, `false` or `null`.
    @inline(__always)
    public mutating func member(_ name: StaticString, _ value: Bool?) { appending { $0.member(name, value) } }

    /// `,"name":` and an array of strings, or `null`.
    public mutating func member(_ name: StaticString, _ value: [String]?) { appending { $0.member(name, value) } }

    /// A number as Swift prints it (shortest round-trip), or `null` when not finite.
    public mutating func double(_ value: Double) { appending { $0.double(value) } }

    /// `,"name":`.
    @inline(__always)
    public mutating func memberKey(_ name: StaticString) { appending { $0.memberKey(name) } }
}
