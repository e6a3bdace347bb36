/// One thumbnail image of a video, channel or playlist.
public struct Thumbnail: Sendable, Hashable, Codable {
    /// How the URL is kept. The streaming decoder keeps the usual URLs in forms that cost no
    /// allocation of their own: a video's five were five Strings made and freed per record, a
    /// channel's three sizes of one image three. Equality and hashing are the URL's, whatever
    /// its form.
    package enum URLForm: Sendable {
        case whole(String)
        /// `https://i.ytimg.com/vi/` + the id (at most 16 bytes, in two little-endian words,
        /// zero past its end) + `/` + ``videoFile(_:)``.
        case video(id: (UInt64, UInt64), idLength: UInt8, file: UInt8)
        /// `path` (shared by the sizes of one image) + `=s` + `size` + ``channelOptions``.
        case sized(path: String, size: UInt16)
    }

    /// The files of a video's thumbnails, by number (computed, not stored: a stored global is
    /// reached through a one-time-initialization check at every use).
    package static func videoFile(_ number: UInt8) -> StaticString {
        switch number {
        case 0: "default.jpg"
        case 1: "mqdefault.jpg"
        case 2: "hqdefault.jpg"
        case 3: "sddefault.jpg"
        case 4: "maxresdefault.jpg"
        case 5: "default_live.jpg"
        case 6: "mqdefault_live.jpg"
        case 7: "hqdefault_live.jpg"
        case 8: "sddefault_live.jpg"
        default: "maxresdefault_live.jpg"
        }
    }
    package static var videoPrefix: StaticString { "https://i.ytimg.com/vi/" }
    package static var channelOptions: StaticString { "-c-k-c0x00ffffff-no-rj" }

    package var urlForm: URLForm
    public var width: Int?
    public var height: Int?

    public var url: String {
        get {
            switch urlForm {
            case .whole(let url): return url
            case .video(let id, let idLength, let file):
                var words = id
                let idText = withUnsafeBytes(of: &words) { String(decoding: $0.prefix(Int(idLength)), as: UTF8.self) }
                return Self.videoPrefix.description + idText + "/" + Self.videoFile(file).description
            case .sized(let path, let size): return path + "=s\(size)" + Self.channelOptions.description
            }
        }
        set { urlForm = .whole(newValue) }
    }

    public init(url: String, width: Int? = nil, height: Int? = nil) {
        self.init(urlForm: .whole(url), width: width, height: height)
    }

    package init(urlForm: URLForm, width: Int? = nil, height: Int? = nil) {
        self.urlForm = urlForm
        self.width = width
        self.height = height
    }

    public static func == (lhs: Thumbnail, rhs: Thumbnail) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height else { return false }
        // Each form writes one URL only one way, so two of a form compare by their parts.
        switch (lhs.urlForm, rhs.urlForm) {
        case (.whole(let a), .whole(let b)): return a == b
        case (.video(let a, let aLength, let aFile), .video(let b, let bLength, let bFile)):
            return a == b && aLength == bLength && aFile == bFile
        case (.sized(let a, let aSize), .sized(let b, let bSize)): return a == b && aSize == bSize
        default: return lhs.url == rhs.url
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(url)
        hasher.combine(width)
        hasher.combine(height)
    }

    private enum CodingKeys: String, CodingKey {
        case url, width, height
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            url: try container.decode(String.self, forKey: .url),
            width: try container.decodeIfPresent(Int.self, forKey: .width),
            height: try container.decodeIfPresent(Int.self, forKey: .height))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encodeIfPresent(width, forKey: .width)
        try container.encodeIfPresent(height, forKey: .height)
    }
}
