/// An incremental RFC 8259 JSON parser fed byte chunks of any size, from 1 byte to megabytes.
///
/// A chunk may end anywhere — inside a string, an escape, a `\u` surrogate pair, a multi-byte
/// UTF-8 sequence, a number or a literal: the unfinished token is kept and completed by the next
/// chunk, so a handler only ever sees whole tokens. Memory is bounded by the largest single token,
/// not by the document, and a token split over many chunks costs time in proportion to its
/// length: its bytes are gathered once, and its scan goes on where the last chunk's stopped. Skipped values (see ``JSONEventHandler/key(_:)``) are checked but never
/// materialized.
///
/// ```swift
/// var parser = JSONStreamParser()
/// for chunk in chunks { try parser.feed(chunk, to: &handler) }
/// try parser.finish(to: &handler)
/// ```
public struct JSONStreamParser {
    /// The deepest nesting of objects and arrays accepted.
    public static let maximumDepth = 512
    /// The longest number accepted, in characters (RFC 8259 lets a parser limit numbers; a double
    /// needs at most 767 significant digits). A number split over many chunks is scanned again
    /// from its start with each: the limit keeps that linear in the input.
    public static let maximumNumberLength = 4096

    enum State: UInt8 {
        case value, valueOrArrayEnd, keyOrObjectEnd, key, colon, commaOrEnd, end
    }

    var state: State = .value
    /// The open containers.
    var containers = ContainerStack()
    /// While skipping a value: the container depth at which it started; otherwise -1.
    var skipDepth = -1
    /// Bytes of an unfinished token, carried to the next chunk.
    var carry: [UInt8] = []
    /// Offset of the first byte of the buffer being parsed, from the start of the input.
    var baseOffset = 0
    /// Unescaped text of the current string token.
    var scratch: [UInt8] = []
    /// How far an unfinished string token was already checked, so the next chunk's scan goes
    /// on from there instead of starting over.
    var stringResume: StringResume?
    /// Bytes copied into `carry` so far: what the carried tokens cost (the tests check that it
    /// grows linearly with the input, however a long string is split).
    var carriedBytesCopied = 0
    /// The carry buffer's capacity is kept for the next token up to this size, and given back
    /// above it (after a token of megabytes).
    static let keptCarryCapacity = 1 << 20
    var finished = false

    public init() {
        scratch.reserveCapacity(256)
    }

    /// Whether a complete top-level value has been read.
    public var isComplete: Bool { state == .end }

    /// Total bytes consumed so far (not counting a carried, unfinished token).
    public var bytesConsumed: Int { baseOffset }

    /// Parses `chunk`, reporting every complete token to `handler`.
    ///
    /// - Throws: ``JSONError`` at the first invalid byte, or whatever the handler throws.
    public mutating func feed<Handler: JSONEventHandler>(
        _ chunk: UnsafeRawBufferPointer, to handler: inout Handler
    ) throws {
        precondition(!finished, "feed after finish")
        guard chunk.count > 0 else { return }
        var start = 0
        if !carry.isEmpty {
            // The carried token is completed in the carry buffer itself, with as few of the new
            // bytes as it needs; the rest of the chunk is then parsed in place, never copied. A
            // token still unfinished keeps the bytes appended: a string split over many chunks
            // is gathered once, in amortized linear time, and its scan goes on where it stopped.
            var buffer: [UInt8] = []
            swap(&buffer, &carry)
            let carried = buffer.count
            // A long carried token (a description) is likely to need as many bytes again.
            var take = min(chunk.count, max(256, carried * 2))
            var appended = 0
            while true {
                buffer.append(
                    contentsOf: UnsafeRawBufferPointer(rebasing: chunk[appended..<take]).assumingMemoryBound(
                        to: UInt8.self))
                carriedBytesCopied &+= take &- appended
                appended = take
                let consumed = try buffer.withUnsafeBytes { try parse($0, from: 0, isFinal: false, handler: &handler) }
                if consumed > 0 {
                    // The carried token is complete; what follows lies in the chunk.
                    baseOffset += carried
                    start = consumed - carried
                    buffer.removeAll(keepingCapacity: buffer.capacity <= Self.keptCarryCapacity)
                    swap(&buffer, &carry)
                    break
                }
                if take == chunk.count {
                    swap(&buffer, &carry)
                    return
                }
                take = min(chunk.count, take * 4)
            }
        }
        let consumed = try parse(chunk, from: start, isFinal: false, handler: &handler)
        keepTail(of: chunk, from: consumed)
    }

    /// Parses a whole chunk held in an array.
    public mutating func feed<Handler: JSONEventHandler>(_ chunk: [UInt8], to handler: inout Handler) throws {
        try chunk.withUnsafeBytes { try feed($0, to: &handler) }
    }

    /// Ends the input: completes a trailing number and checks that one whole value was read.
    ///
    /// - Throws: ``JSONError`` of kind `.truncated` when the input ended inside a value.
    public mutating func finish<Handler: JSONEventHandler>(to handler: inout Handler) throws {
        if !carry.isEmpty {
            let buffer = carry
            carry = []
            try buffer.withUnsafeBytes { bytes in
                let consumed = try parse(bytes, from: 0, isFinal: true, handler: &handler)
                if consumed < bytes.count {
                    throw truncated(at: baseOffset + bytes.count)
                }
            }
        }
        finished = true
        guard state == .end else { throw truncated(at: baseOffset) }
    }

    private mutating func keepTail(of buffer: UnsafeRawBufferPointer, from consumed: Int) {
        baseOffset += consumed
        if consumed < buffer.count {
            carry.append(
                contentsOf: UnsafeRawBufferPointer(rebasing: buffer[consumed...]).assumingMemoryBound(to: UInt8.self))
            carriedBytesCopied &+= buffer.count &- consumed
        }
    }

    func truncated(at offset: Int) -> JSONError {
        let expected: String
        switch state {
        case .value, .valueOrArrayEnd:
            expected =
                containers.isEmpty ? "a JSON value, found the end of the input" : "a value before the end of the input"
        case .keyOrObjectEnd, .key: expected = "an object key before the end of the input"
        case .colon: expected = "':' before the end of the input"
        case .commaOrEnd:
            expected =
                containers.innermostIsObject
                ? "',' or '}' before the end of the input" : "',' or ']' before the end of the input"
        case .end: expected = "the end of a token before the end of the input"
        }
        return JSONError(.truncated, offset: offset, expected: expected)
    }
}
