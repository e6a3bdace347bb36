import Foundation

/// Drops the UTF-8 byte order mark (EF BB BF) that some editors write at the start of a file,
/// from a stream read in chunks of any size (a pipe may deliver the mark a byte at a time).
struct ByteOrderMarkSkipper {
    static let mark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The first bytes, while they may still be the start of the mark.
    private var held = Data()
    private var decided = false

    /// The bytes of `chunk` to pass on: empty while the start of the stream is still undecided.
    mutating func pass(_ chunk: Data) -> Data {
        if decided { return chunk }
        held.append(chunk)
        if held.count < Self.mark.count, Self.mark.starts(with: held) { return Data() }
        return finish()
    }

    /// At the end of the stream: what is still held (a stream shorter than the mark).
    mutating func finish() -> Data {
        decided = true
        if held.starts(with: Self.mark) { held.removeFirst(Self.mark.count) }
        defer { held = Data() }
        return held
    }
}
