import StreamingJSON
import TransportCore
import YouTubeKit

/// The page decoder fed from the transport's I/O thread; read after the fetch returns.
final class DecodeBox: @unchecked Sendable {
    /// What reads the method's pages: channelSections.list and subscriptions.list pages have a
    /// reader of their own, every other method the record decoder.
    private enum Reader {
        case records(PageDecoder)
        case links(LinkPageDecoder)
        /// A walked playlist's page: its videos from the record decoder, its entries (positions,
        /// when added) from the playlist reader, both fed the same bytes.
        case both(PageDecoder, LinkPageDecoder)
        /// Only while a reader is taken out to be fed, so that it is fed in place, not copied.
        case feeding
    }

    private var reader: Reader
    private let collected = RecordList()
    var status = 0
    /// The answer's `Date` header (the server's clock), when it sent a valid one.
    var serverDate: Int64?

    init(request: APIRequest) {
        let list = collected
        switch request.method {
        case .channelSections: reader = .links(LinkPageDecoder(.channelSections))
        case .subscriptions: reader = .links(LinkPageDecoder(.subscriptions))
        case .videoCategories: reader = .links(LinkPageDecoder(.videoCategories))
        case .playlists: reader = .links(LinkPageDecoder(.playlists))
        case .liveChatMessages: reader = .links(LinkPageDecoder(.liveChatMessages))
        case .playlistItems
        where request.parameters.first(where: { $0.name == "playlistId" }).map({
            PlaylistPage.recordsMemberships($0.value)
        }) == true:
            reader = .both(
                PageDecoder(endpoint: .playlistItems) { list.records.append($0) }, LinkPageDecoder(.playlistItems))
        default:
            reader = .records(PageDecoder(endpoint: Endpoint(request.method)) { list.records.append($0) })
        }
    }

    func feed(_ chunk: UnsafeRawBufferPointer) throws {
        switch reader {
        case .records(var decoder):
            reader = .feeding
            defer { reader = .records(decoder) }
            try decoder.feed(chunk)
        case .links(var decoder):
            reader = .feeding
            defer { reader = .links(decoder) }
            try decoder.feed(chunk)
        case .both(var records, var members):
            reader = .feeding
            defer { reader = .both(records, members) }
            try records.feed(chunk)
            try members.feed(chunk)
        case .feeding:
            preconditionFailure("a page is fed from one thread at a time")
        }
    }

    func finish() throws -> PageSummary {
        switch reader {
        case .records(var decoder):
            reader = .feeding
            defer { reader = .records(decoder) }
            return try decoder.finish(httpStatus: status)
        case .links(var decoder):
            reader = .feeding
            defer { reader = .links(decoder) }
            let (found, summary) = try decoder.finishRecords(httpStatus: status)
            collected.records = found
            return summary
        case .both(var records, var members):
            reader = .feeding
            defer { reader = .both(records, members) }
            let summary = try records.finish(httpStatus: status)
            // Read only when the page is one (an error body has no entries).
            if summary.error == nil { collected.records += try members.finishRecords(httpStatus: status).records }
            return summary
        case .feeding:
            preconditionFailure("a page is finished once it is no longer fed")
        }
    }

    var records: [DecodedRecord] { collected.records }

    final class RecordList: @unchecked Sendable {
        var records: [DecodedRecord] = []
    }
}
