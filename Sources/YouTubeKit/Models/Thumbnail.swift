/// One thumbnail image of a video, channel or playlist.
public struct Thumbnail: Sendable, Hashable, Codable {
    public var url: String
    public var width: Int?
    public var height: Int?

    public init(url: String, width: Int? = nil, height: Int? = nil) {
        self.url = url
        self.width = width
        self.height = height
    }
}

/// The `thumbnails` object as the API sent it: sizes by name (`default`, `medium`, `high`,
/// `standard`, `maxres`), in the order they came.
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

    /// The sizes, in the order the API sent them. (An array of structs rather than of tuples:
    /// a record's thumbnails are made and freed once per video, and the runtime copies and
    /// frees tuple elements through generic metadata.)
    public var sizes: [Size]

    public init(_ entries: [(name: String, thumbnail: Thumbnail)] = []) {
        sizes = entries.map { Size(name: $0.name, thumbnail: $0.thumbnail) }
    }

    // Inlinable: the decoders make an empty one per record, and an opaque initializer costs a
    // call and an array retain and release each time.
    @inlinable
    public init(sizes: [Size]) {
        self.sizes = sizes
    }

    /// The sizes as `(name, thumbnail)` pairs.
    public var entries: [(name: String, thumbnail: Thumbnail)] {
        sizes.map { ($0.name, $0.thumbnail) }
    }

    public subscript(name: String) -> Thumbnail? {
        sizes.first { $0.name == name }?.thumbnail
    }

    public var isEmpty: Bool { sizes.isEmpty }

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
}
