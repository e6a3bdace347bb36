/// Typed values of search.list's enumerated parameters, spelled as the API spells them.
extension SearchQuery {
    /// The kinds of resource a search returns (`type`); combinable, e.g. `[.video, .channel]`.
    public struct ResourceType: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let video = ResourceType(rawValue: 1 << 0)
        public static let channel = ResourceType(rawValue: 1 << 1)
        public static let playlist = ResourceType(rawValue: 1 << 2)
        /// What the API searches when `type` is not given.
        public static let all: ResourceType = [.video, .channel, .playlist]

        /// The API's comma-separated form, e.g. `video,channel`.
        public var apiValue: String {
            var names: [String] = []
            if contains(.video) { names.append("video") }
            if contains(.channel) { names.append("channel") }
            if contains(.playlist) { names.append("playlist") }
            return names.joined(separator: ",")
        }

        /// Parses the API's comma-separated form; `nil` names an unknown kind.
        public init?(apiValue: String) {
            var result: ResourceType = []
            for name in apiValue.split(separator: ",") {
                switch name.trimmingSpaces() {
                case "video": result.insert(.video)
                case "channel": result.insert(.channel)
                case "playlist": result.insert(.playlist)
                default: return nil
                }
            }
            guard !result.isEmpty else { return nil }
            self = result
        }
    }

    public enum Order: String, Sendable, Hashable, CaseIterable {
        case date, rating, relevance, title, videoCount, viewCount
    }

    public enum SafeSearch: String, Sendable, Hashable, CaseIterable {
        case none, moderate, strict
    }

    public enum EventType: String, Sendable, Hashable, CaseIterable {
        case none, completed, live, upcoming
    }

    public enum VideoDuration: String, Sendable, Hashable, CaseIterable {
        case any, short, medium, long
    }

    public enum VideoDefinition: String, Sendable, Hashable, CaseIterable {
        case any, standard, high
    }

    public enum VideoDimension: String, Sendable, Hashable, CaseIterable {
        case any, twoD = "2d", threeD = "3d"
    }

    public enum VideoLicense: String, Sendable, Hashable, CaseIterable {
        case any, youtube, creativeCommon
    }

    public enum VideoCaption: String, Sendable, Hashable, CaseIterable {
        case any, closedCaption, none
    }

    /// `videoEmbeddable`, `videoSyndicated` and `videoPaidProductPlacement` take `any` or `true`.
    public enum AnyOrTrue: String, Sendable, Hashable, CaseIterable {
        case any, `true`
    }

    public enum VideoType: String, Sendable, Hashable, CaseIterable {
        case any, movie, episode
    }

    public enum ChannelType: String, Sendable, Hashable, CaseIterable {
        case any, show
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var result = self
        while result.first == " " { result.removeFirst() }
        while result.last == " " { result.removeLast() }
        return result
    }
}
