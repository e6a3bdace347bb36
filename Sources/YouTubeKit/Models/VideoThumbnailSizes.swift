/// A video's thumbnail sizes as the API sends them, in 64 bytes: up to eight sizes with the
/// standard names (``Thumbnails/standardName(_:)``), each one of the video's files at
/// `https://i.ytimg.com/vi/ID/` (``Thumbnail/videoFile(_:)``), widths and heights from 0 to
/// 65,534 or absent. What `Thumbnails` keeps for a video's record instead of an array.
///
/// Lanes and bytes past `count` are zero, so two values with the same sizes are equal field by
/// field.
@usableFromInline
package struct VideoThumbnailSizes: Sendable, Equatable {
    /// How many sizes it holds at most.
    package static var capacity: Int { 8 }
    /// A width or height that is absent.
    static var absent: UInt16 { .max }

    /// The video id's bytes, zero past its end (`Thumbnail.URLForm.video`).
    private(set) var id: (UInt64, UInt64)
    private(set) var idLength: UInt8
    private(set) var sizeCount: UInt8
    /// Byte `i`: size `i`'s name number in the low four bits, its file's number in the high four.
    private var codes: UInt64
    private var widths: SIMD8<UInt16>
    private var heights: SIMD8<UInt16>

    package var count: Int { Int(sizeCount) }

    /// No sizes.
    package init() {
        id = (0, 0)
        idLength = 0
        sizeCount = 0
        codes = 0
        widths = SIMD8()
        heights = SIMD8()
    }

    /// Adds a size named by number `name` (``Thumbnails/standardName(_:)``), when it is a
    /// video's usual one — the same video's as the sizes before it — and there is room.
    ///
    /// - Returns: whether it was added (if not, nothing changed).
    package mutating func append(_ thumbnail: Thumbnail, name: UInt8) -> Bool {
        guard count < Self.capacity, name < 5, case .video(let id, let idLength, let file) = thumbnail.urlForm,
            file < 16, let width = Self.dimension(thumbnail.width), let height = Self.dimension(thumbnail.height)
        else { return false }
        let index = count
        if index == 0 {
            self.id = id
            self.idLength = idLength
        } else if id != self.id || idLength != self.idLength {
            return false
        }
        codes |= UInt64(name | file << 4) << UInt64(index &* 8)
        widths[index] = width
        heights[index] = height
        sizeCount &+= 1
        return true
    }

    /// A width or height as kept: `absent` for none; `nil` when it cannot be kept.
    private static func dimension(_ value: Int?) -> UInt16? {
        guard let value else { return absent }
        guard value >= 0, value < Int(absent) else { return nil }
        return UInt16(value)
    }

    /// Calls `body` with each size in order.
    package func forEach(_ body: (Thumbnails.Size) throws -> Void) rethrows {
        for index in 0..<count {
            let code = UInt8(truncatingIfNeeded: codes >> UInt64(index &* 8))
            let width = widths[index]
            let height = heights[index]
            try body(
                Thumbnails.Size(
                    name: Thumbnails.standardName(code & 0x0F),
                    thumbnail: Thumbnail(
                        urlForm: .video(id: id, idLength: idLength, file: code >> 4),
                        width: width == Self.absent ? nil : Int(width),
                        height: height == Self.absent ? nil : Int(height))))
        }
    }

    @usableFromInline
    package static func == (lhs: VideoThumbnailSizes, rhs: VideoThumbnailSizes) -> Bool {
        lhs.id == rhs.id && lhs.idLength == rhs.idLength && lhs.sizeCount == rhs.sizeCount && lhs.codes == rhs.codes
            && lhs.widths == rhs.widths && lhs.heights == rhs.heights
    }
}
