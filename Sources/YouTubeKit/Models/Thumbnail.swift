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
    public var entries: [(name: String, thumbnail: Thumbnail)]

    public init(_ entries: [(name: String, thumbnail: Thumbnail)] = []) {
        self.entries = entries
    }

    public subscript(name: String) -> Thumbnail? {
        entries.first { $0.name == name }?.thumbnail
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// `high` if present, else the largest available (by area, then by the API's size order).
    public var preferred: Thumbnail? {
        if let high = self["high"] { return high }
        let order = ["default": 0, "medium": 1, "high": 2, "standard": 3, "maxres": 4]
        return entries.max { a, b in
            let areaA = (a.thumbnail.width ?? 0) * (a.thumbnail.height ?? 0)
            let areaB = (b.thumbnail.width ?? 0) * (b.thumbnail.height ?? 0)
            if areaA != areaB { return areaA < areaB }
            return (order[a.name] ?? -1) < (order[b.name] ?? -1)
        }?.thumbnail
    }

    public static func == (lhs: Thumbnails, rhs: Thumbnails) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0.name == $1.name && $0.thumbnail == $1.thumbnail }
    }

    public func hash(into hasher: inout Hasher) {
        for entry in entries {
            hasher.combine(entry.name)
            hasher.combine(entry.thumbnail)
        }
    }
}
