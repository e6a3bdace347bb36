/// The `thumbnails` object as the API sent it: sizes by name (`default`, `medium`, `high`,
/// `standard`, `maxres`), in the order they came.
///
/// A video's sizes as the API sends them (the standard names, each one of the video's files at
/// `i.ytimg.com`, widths and heights below 65,535) are kept in one value of 64 bytes
/// (``VideoThumbnailSizes``) rather than in an array: no allocation when a decoder makes a
/// record, none to free when the record goes. Anything else is an array of ``Size``. Both read,
/// compare and hash the same way: by their sizes.
public struct Thumbnails: Sendable, Hashable {
    /// One named size.
    public struct Size: Sendable, Hashable {
        public var name: String
        public var thumbnail: Thumbnail

        public init(name: String, thumbnail: Thumbnail) {
            self.name = name
            self.thumbnail = thumbnail
        }
    }

    /// How the sizes are kept.
    @usableFromInline
    package enum Storage: Sendable {
        /// Any sizes. (An array of structs rather than of tuples: the runtime copies and frees
        /// tuple elements through generic metadata.)
        case list([Size])
        /// One video's usual sizes, without an allocation.
        case video(VideoThumbnailSizes)
    }

    @usableFromInline
    package var storage: Storage

    /// The sizes, in the order the API sent them.
    public var sizes: [Size] {
        get {
            switch storage {
            case .list(let sizes): return sizes
            case .video(let video):
                var sizes: [Size] = []
                sizes.reserveCapacity(video.count)
                video.forEach { sizes.append($0) }
                return sizes
            }
        }
        set { storage = .list(newValue) }
    }

    public init(_ entries: [(name: String, thumbnail: Thumbnail)] = []) {
        storage = .list(entries.map { Size(name: $0.name, thumbnail: $0.thumbnail) })
    }

    // Inlinable: the decoders make an empty one per record, and an opaque initializer costs a
    // call and an array retain and release each time.
    @inlinable
    public init(sizes: [Size]) {
        storage = .list(sizes)
    }

    /// The sizes as `(name, thumbnail)` pairs.
    public var entries: [(name: String, thumbnail: Thumbnail)] {
        sizes.map { ($0.name, $0.thumbnail) }
    }

    /// How many sizes there are.
    public var count: Int {
        switch storage {
        case .list(let sizes): sizes.count
        case .video(let video): video.count
        }
    }

    public var isEmpty: Bool { count == 0 }

    public subscript(name: String) -> Thumbnail? {
        var found: Thumbnail?
        forEach { size in
            if found == nil, size.name == name { found = size.thumbnail }
        }
        return found
    }

    /// Calls `body` with each size in order, without making an array of them.
    package func forEach(_ body: (Size) throws -> Void) rethrows {
        switch storage {
        case .list(let sizes): for size in sizes { try body(size) }
        case .video(let video): try video.forEach(body)
        }
    }

    /// The sizes of one video, kept without an array.
    package init(video: VideoThumbnailSizes) {
        storage = video.count == 0 ? .list([]) : .video(video)
    }

    /// The API's size names, by number: `default`, `medium`, `high`, `standard`, `maxres`
    /// (literals: no String is built).
    package static func standardName(_ number: UInt8) -> String {
        switch number {
        case 0: "default"
        case 1: "medium"
        case 2: "high"
        case 3: "standard"
        default: "maxres"
        }
    }

    /// `high` if present, else the largest available (by area, then by the API's size order).
    public var preferred: Thumbnail? {
        if let high = self["high"] { return high }
        let order = ["default": 0, "medium": 1, "high": 2, "standard": 3, "maxres": 4]
        return sizes.max { a, b in
            let areaA = (a.thumbnail.width ?? 0) * (a.thumbnail.height ?? 0)
            let areaB = (b.thumbnail.width ?? 0) * (b.thumbnail.height ?? 0)
            if areaA != areaB { return areaA < areaB }
            return (order[a.name] ?? -1) < (order[b.name] ?? -1)
        }?.thumbnail
    }

    /// Equal when their sizes are, however each is kept.
    public static func == (lhs: Thumbnails, rhs: Thumbnails) -> Bool {
        if case .video(let a) = lhs.storage, case .video(let b) = rhs.storage { return a == b }
        return lhs.sizes == rhs.sizes
    }

    /// The sizes' hash (as an array of them would hash), however they are kept.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        forEach { hasher.combine($0) }
    }
}
