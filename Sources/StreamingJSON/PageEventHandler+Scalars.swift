import Foundation
import YouTubeKit

/// Numbers, booleans, nulls and the values captured whole (a JSON value kept as it was sent), and
/// the string lists an item collects.
extension PageEventHandler {
    mutating func number(_ text: UnsafeRawBufferPointer) {
        if captureDepth > 0 {
            capture.number(text)
            return
        }
        checkScalarPlace("a number")
        if field.isCoordinate { storeCoordinate(Double(String(decoding: text, as: UTF8.self))) }
        if field == .duration { malformed(PageValueError.shown(text, quoted: false)) }
        setInteger(text, quoted: false)
        field = .none
    }

    mutating func integer(_ value: Int, text: UnsafeRawBufferPointer) {
        if captureDepth > 0 {
            capture.number(text)
            return
        }
        checkScalarPlace("a number")
        if field.isCoordinate { storeCoordinate(Double(value)) }
        if field == .duration { malformed(PageValueError.shown(text, quoted: false)) }
        storeInteger(value, text: text, quoted: false)
        field = .none
    }

    /// Notes the first count or duration that is not one (in `field`), thrown when the item closes.
    mutating func malformed(_ found: @autoclosure () -> String) {
        guard valueError == nil else { return }
        valueError = PageValueError(field: field.path, found: found(), item: max(0, summary.itemCount - 1))
    }

    /// A scalar value is never `"items"` nor one of its elements: such a page is not read as a
    /// page without items.
    @inline(__always)
    mutating func checkScalarPlace(_ found: @autoclosure () -> String) {
        guard shapeError == nil else { return }
        if field == .items { shapeError = PageShapeError(found: found(), inItems: false) }
        if context == .items { shapeError = PageShapeError(found: found(), inItems: true) }
    }

    /// Stores a whole number, sent as a JSON number or as a string of digits, in its field.
    mutating func setInteger(_ text: UnsafeRawBufferPointer, quoted: Bool) {
        storeInteger(ASCIIInteger.parse(text), text: text, quoted: quoted)
    }

    /// Stores a whole number (or `nil`: not one) in its field; the value is only computed for a
    /// field that keeps one. A count that is not one makes the page malformed.
    @inline(__always)
    mutating func storeInteger(
        _ value: @autoclosure () -> Int?, text: UnsafeRawBufferPointer, quoted: Bool
    ) {
        switch field {
        case .totalResults: summary.totalResults = value()
        case .resultsPerPage: summary.resultsPerPage = value()
        case .thumbnailWidth: thumbnail.width = value()
        case .thumbnailHeight: thumbnail.height = value()
        case .viewCount: item.viewCount = count(value(), text, quoted: quoted)
        case .likeCount: item.likeCount = count(value(), text, quoted: quoted)
        case .commentCount: item.commentCount = count(value(), text, quoted: quoted)
        case .subscriberCount: item.subscriberCount = count(value(), text, quoted: quoted)
        case .videoCount: item.videoCount = count(value(), text, quoted: quoted)
        case .concurrentViewers: item.liveStreamingDetails?.concurrentViewers = value()
        case .errorCode: errorReader.setCode(value())
        default: return
        }
    }

    /// A count's value; `nil` (not a whole number of zero or more) is noted as malformed.
    @inline(__always)
    mutating func count(_ value: Int?, _ text: UnsafeRawBufferPointer, quoted: Bool) -> Int? {
        if value == nil { malformed(PageValueError.shown(text, quoted: quoted)) }
        return value
    }

    mutating func bool(_ value: Bool) {
        if captureDepth > 0 {
            capture.bool(value)
            return
        }
        checkScalarPlace(value ? "true" : "false")
        if field.isCountOrDuration { malformed(value ? "true" : "false") }
        storeBool(value)
        field = .none
    }

    mutating func null() {
        if captureDepth > 0 {
            capture.null()
            return
        }
        checkScalarPlace("null")
        field = .none
    }

    /// `true`/`false` as a JSON value or as the strings `"true"`/`"false"`; `nil` for anything else.
    static func boolean(_ utf8: UnsafeRawBufferPointer) -> Bool? {
        if JSONText.equals(utf8, "true") { return true }
        if JSONText.equals(utf8, "false") { return false }
        return nil
    }

    static func date(_ utf8: UnsafeRawBufferPointer) -> Date? {
        ItemFields.date(RFC3339.parseSeconds(utf8: utf8))
    }

    /// Stores a boolean in its field, when the field keeps one.
    mutating func storeBool(_ value: Bool?) {
        switch field {
        case .hiddenSubscriberCount: item.hiddenSubscriberCount = value
        case .caption: item.caption = value
        case .licensedContent: item.licensedContent = value
        case .embeddable: item.embeddable = value
        case .publicStatsViewable: item.publicStatsViewable = value
        case .madeForKids: item.madeForKids = value
        case .containsSyntheticMedia: item.containsSyntheticMedia = value
        case .isLinked: item.isLinked = value
        case .hasPaidProductPlacement: item.hasPaidProductPlacement = value
        default: break
        }
    }

    mutating func storeCoordinate(_ value: Double?) {
        switch field {
        case .latitude: item.latitude = value
        case .longitude: item.longitude = value
        case .altitude: item.altitude = value
        default: break
        }
    }

    /// Starts keeping the object that opens now as sent, for `field`.
    mutating func startCapture() {
        captureField = field
        captureDepth = 1
        captureIsEmpty = true
        field = .none
    }

    /// The kept value is complete: into its field, keys sorted (as the Foundation path has them).
    mutating func finishCapture() {
        storeCaptured(capture.takeResult()?.sortedKeys)
    }

    mutating func storeCaptured(_ value: JSONValue?) {
        switch captureField {
        case .localizations: item.localizations = value
        case .contentRating: item.contentRating = value
        default: break
        }
        captureField = .none
        field = .none
    }

    /// The slot of a topic array field in ``RepeatedStringArrays``.
    @inline(__always)
    static func topicField(_ field: PageField) -> Int? {
        switch field {
        case .topicIds: 0
        case .relevantTopicIds: 1
        case .topicCategories: 2
        default: nil
        }
    }

    /// Sets the array of strings named by `stringsField`.
    mutating func setStrings(_ strings: [String]) { updateStrings { $0 = strings } }

    mutating func appendString(_ string: String) { updateStrings { $0?.append(string) } }

    /// Changes the array of strings `stringsField` names.
    @inline(__always)
    mutating func updateStrings(_ change: (inout [String]?) -> Void) {
        switch stringsField {
        case .tags: change(&item.tags)
        case .regionAllowed: change(&item.regionAllowed)
        case .regionBlocked: change(&item.regionBlocked)
        case .topicIds: change(&item.topicIds)
        case .relevantTopicIds: change(&item.relevantTopicIds)
        case .topicCategories: change(&item.topicCategories)
        default: break
        }
    }
}
