import Foundation
import YouTubeKit

/// Turns parser events of a search, videos, playlistItems or channels page (or Google's error
/// body) into records, one per item as soon as the item closes.
struct PageEventHandler: JSONEventHandler {
    let endpoint: Endpoint
    let onRecord: (DecodedRecord) throws -> Void

    let keys = PageKeys.shared
    /// The matcher of ``PageKeys/vocabulary``, at hand.
    let vocabularyValues = PageKeys.shared.vocabulary
    var stack = PageContextStack()
    /// The innermost context (`stack.innermost`, or `.ignored` outside the root), kept apart
    /// from the stack: every key and string looks at it.
    var context: PageContext = .ignored
    var field: PageField = .none
    var item = ItemFields()
    /// The endpoint the current item's `kind` names.
    var itemKind: Endpoint?
    /// The open thumbnail size's name: its number among the API's names
    /// (``Thumbnails/standardName(_:)``), or else the name itself (not stored for the usual
    /// names: a String assigned is the one before it released).
    var thumbnailNumber: UInt8?
    var thumbnailName = ""
    var entityScratch: [UInt8] = []
    var thumbnail = Thumbnail(url: "")
    /// Which array of strings the `.strings` context fills.
    var stringsField: PageField = .none
    /// The tags of the open `tags` array, handed to the item when it closes: one array of the
    /// right size, where appending to the item's own array grew it (a new buffer, the strings
    /// moved over) at 1, 2, 4, 8 and 16 tags. Other arrays of strings have one to three (topics,
    /// region codes mostly): they are filled in place, which costs less than a copy, in a buffer
    /// made with room for four (grown from empty, a videos page's two or three topics cost a new
    /// buffer at the first, second and third: ~330 instructions a string).
    var tags: [String] = []
    /// A value kept as sent (`contentRating`, `localizations`): while `captureDepth` > 0 every
    /// event goes to `capture`, for the field `captureField`. No context is pushed meanwhile, so
    /// any nesting is kept whole.
    var capture = JSONValueBuilder()
    var captureDepth = 0
    var captureField: PageField = .none
    /// No key came yet inside the kept value (`{}`, which most content ratings are).
    var captureIsEmpty = true
    /// The strings items repeat, made once (``PageStrings``).
    var strings = PageStrings()
    /// Thumbnail URLs in forms that cost no allocation.
    var urlSplitter = ThumbnailURLSplitter()
    var rootEndpoint: Endpoint?
    var summary = PageSummary()
    /// The error body, when there is one.
    var errorReader = APIErrorBodyReader()
    /// The first place where `items` was not an array of objects; thrown when an object closes.
    var shapeError: PageShapeError?
    /// The first count or duration that is not one; thrown when an object closes.
    var valueError: PageValueError?

    init(endpoint: Endpoint, onRecord: @escaping (DecodedRecord) throws -> Void) {
        self.endpoint = endpoint
        self.onRecord = onRecord
    }

    /// The error body read, if the document was one; `httpStatus` fills a missing `code`.
    func errorBody(httpStatus: Int?) -> APIErrorBody? {
        errorReader.body(httpStatus: httpStatus)
    }

    @inline(__always)
    mutating func key(_ text: JSONText) -> Bool {
        if captureDepth > 0 {
            if captureIsEmpty {
                // The kept object has a member: built from here (its opening was held back).
                captureIsEmpty = false
                capture.startObject()
            }
            return capture.key(text)
        }
        // The context picks the table; one lookup follows (one call site, so it is inlined).
        let matcher: KeyMatcher<PageField>
        switch context {
        case .root: matcher = keys.root
        case .pageInfo: matcher = keys.pageInfo
        case .item: matcher = keys.item
        case .itemId: matcher = keys.itemId
        case .snippet: matcher = keys.snippet
        case .thumbnails: matcher = keys.thumbnailNames
        case .thumbnail: matcher = keys.thumbnail
        case .resourceId: matcher = keys.resourceId
        case .contentDetails: matcher = keys.contentDetails
        case .relatedPlaylists: matcher = keys.relatedPlaylists
        case .statistics: matcher = keys.statistics
        case .status: matcher = keys.status
        case .regionRestriction: matcher = keys.regionRestriction
        case .topicDetails: matcher = keys.topicDetails
        case .recordingDetails: matcher = keys.recordingDetails
        case .location: matcher = keys.location
        case .liveStreamingDetails: matcher = keys.liveStreamingDetails
        case .paidPlacement: matcher = keys.paidPlacement
        case .brandingSettings: matcher = keys.brandingSettings
        case .brandingChannel: matcher = keys.brandingChannel
        case .brandingImage: matcher = keys.brandingImage
        case .error: matcher = keys.error
        case .errorItem: matcher = keys.errorItem
        case .errorDetail: matcher = keys.errorDetail
        case .items, .strings, .errorItems, .errorDetails, .ignored:
            field = .none
            return false
        }
        let matched = matcher.match(text)
        if context == .thumbnails {
            // Every size is kept, under its name.
            thumbnailNumber = PageKeys.sizeNumber(matched)
            if thumbnailNumber == nil { thumbnailName = text.string }
            field = .thumbnail
            return true
        }
        field = matched ?? .none
        return matched != nil
    }

    mutating func startObject() {
        if captureDepth > 0 {
            captureDepth &+= 1
            capture.startObject()
            return
        }
        if field == .items { shapeError = shapeError ?? PageShapeError(found: "an object", inItems: false) }
        if field.isCountOrDuration { malformed("an object") }
        let context: PageContext
        switch (stack.innermost, field) {
        case (nil, _): context = .root
        case (.root?, .pageInfo): context = .pageInfo
        case (.root?, .error):
            errorReader.begin()
            context = .error
        case (.items?, _):
            item.clear()
            itemKind = nil
            summary.itemCount += 1
            context = .item
        case (.item?, .id):
            item.idIsObject = true
            context = .itemId
        case (.item?, .snippet): context = .snippet
        case (.item?, .contentDetails):
            item.hasVersion2Parts = true
            context = .contentDetails
        case (.item?, .statistics): context = .statistics
        case (.item?, .status):
            item.hasVersion2Parts = true
            context = .status
        case (.item?, .topicDetails):
            item.hasVersion2Parts = true
            context = .topicDetails
        case (.item?, .recordingDetails):
            item.hasVersion2Parts = true
            context = .recordingDetails
        case (.item?, .liveStreamingDetails):
            item.hasVersion2Parts = true
            item.liveStreamingDetails = LiveStreamingDetails()
            context = .liveStreamingDetails
        case (.item?, .paidProductPlacementDetails):
            item.hasVersion2Parts = true
            context = .paidPlacement
        case (.item?, .brandingSettings):
            item.hasVersion2Parts = true
            context = .brandingSettings
        case (.item?, .localizations), (.contentDetails?, .contentRating):
            item.hasVersion2Parts = true
            startCapture()
            return
        case (.contentDetails?, .regionRestriction):
            item.hasRegionRestriction = true
            context = .regionRestriction
        case (.recordingDetails?, .location): context = .location
        case (.brandingSettings?, .brandingChannel): context = .brandingChannel
        case (.brandingSettings?, .brandingImage): context = .brandingImage
        case (.snippet?, .thumbnails): context = .thumbnails
        case (.snippet?, .resourceId):
            item.hasResourceId = true
            context = .resourceId
        case (.thumbnails?, .thumbnail):
            thumbnail = Thumbnail(url: "")
            context = .thumbnail
        case (.contentDetails?, .relatedPlaylists): context = .relatedPlaylists
        case (.errorItems?, _):
            errorReader.startItem()
            context = .errorItem
        case (.errorDetails?, _):
            errorReader.startDetail()
            context = .errorDetail
        default: context = .ignored
        }
        stack.push(context)
        self.context = stack.innermost ?? .ignored
        field = .none
    }

    mutating func endObject() throws {
        // A wrongly typed `items` is reported here, at the latest when the page closes: the
        // events that find it stay non-throwing, so the hot path is compiled as before.
        if let shapeError { throw shapeError }
        if let valueError { throw valueError }
        if captureDepth > 0 {
            captureDepth &-= 1
            if captureDepth == 0, captureIsEmpty {
                storeCaptured(.emptyObject)
                return
            }
            capture.endObject()
            if captureDepth == 0 { finishCapture() }
            return
        }
        let closed = stack.pop()
        context = stack.innermost ?? .ignored
        switch closed {
        case .item: try finishItem()
        case .thumbnail:
            // A video's usual size is packed where the item keeps it (``VideoThumbnailSizes``);
            // another (a channel's: the form is tested here, no call) goes to the item's array,
            // moved, not copied: the URL is not retained here and released at the next size.
            if item.thumbnailList.isEmpty, let number = thumbnailNumber, case .video = thumbnail.urlForm,
                item.videoThumbnails.append(thumbnail, name: number)
            {
                break
            }
            if item.thumbnailList.isEmpty { item.startThumbnailList() }
            var closedThumbnail = Thumbnail(url: "")
            swap(&closedThumbnail, &thumbnail)
            item.thumbnailList.append(
                Thumbnails.Size(
                    name: thumbnailNumber.map(Thumbnails.standardName) ?? thumbnailName, thumbnail: closedThumbnail))
        case .errorItem: errorReader.endItem()
        case .errorDetail: errorReader.endDetail()
        default: break
        }
        field = .none
    }

    mutating func startArray() {
        if captureDepth > 0 {
            captureDepth &+= 1
            capture.startArray()
            return
        }
        if stack.innermost == .items { shapeError = shapeError ?? PageShapeError(found: "an array", inItems: true) }
        if field.isCountOrDuration { malformed("an array") }
        let context: PageContext
        switch (stack.innermost, field) {
        case (.root?, .items): context = .items
        case (.snippet?, .tags), (.regionRestriction?, .regionAllowed), (.regionRestriction?, .regionBlocked),
            (.topicDetails?, .topicIds), (.topicDetails?, .relevantTopicIds), (.topicDetails?, .topicCategories):
            stringsField = field
            if field == .tags {
                if !tags.isEmpty { tags.removeAll(keepingCapacity: true) }
            } else if let topicField = Self.topicField(field) {
                strings.topicArrays.begin(field: topicField)
            } else {
                var strings: [String] = []
                strings.reserveCapacity(4)
                setStrings(strings)
            }
            context = .strings
        case (.error?, .errorErrors): context = .errorItems
        case (.error?, .errorDetails): context = .errorDetails
        default: context = .ignored
        }
        stack.push(context)
        self.context = stack.innermost ?? .ignored
        field = .none
    }

    mutating func endArray() {
        if captureDepth > 0 {
            capture.endArray()
            captureDepth &-= 1
            if captureDepth == 0 { finishCapture() }
            return
        }
        if stack.pop() == .strings {
            if stringsField == .tags {
                item.tags = Self.exactCopy(of: tags)
                if !tags.isEmpty { tags.removeAll(keepingCapacity: true) }
            } else if Self.topicField(stringsField) != nil {
                setStrings(strings.topicArrays.finish())
            }
        }
        context = stack.innermost ?? .ignored
        field = .none
    }

    /// A copy of `strings` in a buffer of its size (`Array(strings)` would share the scratch's;
    /// `Array(unsafeUninitializedCapacity:)` looks up the array's type metadata at every call).
    static func exactCopy(of strings: [String]) -> [String] {
        guard !strings.isEmpty else { return [] }
        var copy: [String] = []
        copy.reserveCapacity(strings.count)
        copy.append(contentsOf: strings)
        return copy
    }

    mutating func string(_ text: JSONText) {
        defer { field = .none }
        let utf8 = text.bytes
        if captureDepth > 0 {
            capture.string(text)
            return
        }
        if context == .strings {
            // Topic URLs and ids come from a small vocabulary: interned. Tags and region codes
            // are short or varied: made.
            if stringsField == .tags {
                tags.append(text.string)
            } else if Self.topicField(stringsField) != nil {
                strings.topicArrays.append(strings.interner.string(text))
            } else {
                appendString(text.string)
            }
            return
        }
        switch field {
        case .none:
            checkScalarPlace("a string")
            return
        case .items: checkScalarPlace("a string")
        case .kind:
            rootEndpoint = keys.kinds.match(text)
            if summary.endpoint == nil, endpoint == .auto { summary.endpoint = rootEndpoint }
        case .nextPageToken: summary.nextPageToken = text.string
        case .error: errorReader.begin(message: text.string)
        case .itemKind: itemKind = keys.kinds.match(text)
        case .id: item.id = text.string
        case .idVideoId: item.idVideoId = text.string
        case .idChannelId: item.idChannelId = text.string
        case .idPlaylistId: item.idPlaylistId = text.string
        case .publishedAt: item.publishedAt = RFC3339.parseSeconds(utf8: utf8)
        case .channelId: item.channelId = isSearchItem ? text.string : strings.channelId.string(text)
        case .title: item.title = snippetText(text)
        case .description: item.description = snippetText(text)
        case .channelTitle:
            item.channelTitle = isSearchItem ? snippetText(text) : strings.channelTitle.string(text)
        case .liveBroadcastContent: item.liveBroadcastContent = Self.vocabulary(text, vocabularyValues)
        case .categoryId: item.categoryId = text.string
        case .defaultLanguage: item.defaultLanguage = text.string
        case .defaultAudioLanguage: item.defaultAudioLanguage = text.string
        case .customUrl: item.customUrl = text.string
        case .country: item.country = text.string
        case .playlistId: item.playlistId = strings.playlistId.string(text)
        case .videoOwnerChannelId: item.videoOwnerChannelId = strings.ownerChannelId.string(text)
        case .videoOwnerChannelTitle: item.videoOwnerChannelTitle = strings.ownerChannelTitle.string(text)
        case .resourceVideoId: item.resourceVideoId = text.string
        case .thumbnailUrl: thumbnail.urlForm = urlSplitter.form(text)
        case .duration:
            item.duration = text.string
            item.durationSeconds = ISO8601Duration.seconds(utf8: utf8)
            if item.durationSeconds == nil { malformed(PageValueError.shown(utf8, quoted: true)) }
        case .contentVideoId: item.contentVideoId = text.string
        case .videoPublishedAt: item.videoPublishedAt = RFC3339.parseSeconds(utf8: utf8)
        case .uploads:
            // Nearly always the channel id with `UU` for `UC` (the id comes first): kept as that.
            if let id = item.id, Channel.isDerivedUploads(utf8, channelId: id) {
                item.uploads = .derived
            } else {
                item.uploads = .other(text.string)
            }
        case .hiddenSubscriberCount: item.hiddenSubscriberCount = Self.boolean(utf8)
        case .privacyStatus: item.privacyStatus = Self.vocabulary(text, vocabularyValues)
        case .dimension: item.dimension = Self.vocabulary(text, vocabularyValues)
        case .definition: item.definition = Self.vocabulary(text, vocabularyValues)
        case .projection: item.projection = Self.vocabulary(text, vocabularyValues)
        case .uploadStatus: item.uploadStatus = Self.vocabulary(text, vocabularyValues)
        case .license: item.license = Self.vocabulary(text, vocabularyValues)
        case .longUploadsStatus: item.longUploadsStatus = Self.vocabulary(text, vocabularyValues)
        case .keywords:
            // Kept as sent, split when read or written (``ChannelKeywords/Form``).
            item.keywords = .text(text.string)
        case .unsubscribedTrailer: item.unsubscribedTrailer = text.string
        case .bannerExternalUrl: item.bannerUrl = text.string
        case .activeLiveChatId: item.liveStreamingDetails?.activeLiveChatId = text.string
        case .recordingDate: item.recordingDate = RFC3339.parseSeconds(utf8: utf8)
        case .actualStartTime: item.liveStreamingDetails?.actualStartTime = Self.date(utf8)
        case .actualEndTime: item.liveStreamingDetails?.actualEndTime = Self.date(utf8)
        case .scheduledStartTime: item.liveStreamingDetails?.scheduledStartTime = Self.date(utf8)
        case .scheduledEndTime: item.liveStreamingDetails?.scheduledEndTime = Self.date(utf8)
        case .caption, .licensedContent, .embeddable, .publicStatsViewable, .madeForKids, .containsSyntheticMedia,
            .isLinked, .hasPaidProductPlacement:
            // Booleans the API sends as strings (`caption`); "true"/"false" only.
            storeBool(Self.boolean(utf8))
        default:
            // Counts come as strings.
            if !errorReader.set(field, text.string) { setInteger(utf8, quoted: true) }
        }
    }

    /// A value of one of the API's small vocabularies, as a literal when it is a known one.
    /// Static: a method of this (large) struct called from a mutating one is handed a copy of it.
    @inline(__always)
    static func vocabulary(_ text: JSONText, _ values: KeyMatcher<String>) -> String {
        values.match(text) ?? text.string
    }

    /// Whether this item is a search result, as far as can be told before it closes.
    var isSearchItem: Bool {
        switch endpoint {
        case .search: return true
        case .auto:
            return itemKind == .search || item.idIsObject
                || (itemKind == nil && rootEndpoint == .search)
        default: return false
        }
    }

    /// Snippet text: search.list HTML-escapes it, so a search item's text is decoded here, from
    /// the bytes, before its String exists.
    mutating func snippetText(_ text: JSONText) -> String {
        guard isSearchItem else { return text.string }
        item.snippetDecoded = true
        // Most texts hold no reference: one scan, and the String is made from the input.
        guard let ampersand = text.firstOffset(of: UInt8(ascii: "&")) else { return text.string }
        if entityScratch.count < text.count {
            entityScratch.append(contentsOf: repeatElement(0, count: text.count - entityScratch.count))
        }
        return entityScratch.withUnsafeMutableBufferPointer { scratch in
            let found = HTMLEntities.decode(utf8: text.bytes, to: scratch.baseAddress!, searchingFrom: ampersand)
            guard let decoded = found else { return text.string }
            // Valid UTF-8 in, valid UTF-8 out: references decode only to Unicode scalars.
            return JSONText.string(
                validUTF8: UnsafeRawBufferPointer(start: scratch.baseAddress, count: decoded.count),
                isASCII: text.isASCII && !decoded.wroteNonASCII)
        }
    }
}
