import StreamingJSON
import TransportCore
import YouTubeKit

/// The page decoder fed from the transport's I/O thread; read after the fetch returns.
final class DecodeBox: @unchecked Sendable {
    private var decoder: PageDecoder?
    /// channelSections.list and subscriptions.list pages have a reader of their own.
    private var links: LinkPageDecoder?
    private let collected = RecordList()
    var status = 0

    init(method: APIMethod) {
        switch method {
        case .channelSections: links = LinkPageDecoder(.channelSections)
        case .subscriptions: links = LinkPageDecoder(.subscriptions)
        default:
            let list = collected
            decoder = PageDecoder(endpoint: Endpoint(method)) { list.records.append($0) }
        }
    }

    func feed(_ chunk: UnsafeRawBufferPointer) throws {
        if links != nil { try links!.feed(chunk) } else { try decoder!.feed(chunk) }
    }

    func finish() throws -> PageSummary {
        guard links != nil else { return try decoder!.finish(httpStatus: status) }
        let (found, summary) = try links!.finish(httpStatus: status)
        collected.records = found.map(DecodedRecord.link)
        return summary
    }

    var records: [DecodedRecord] { collected.records }

    final class RecordList: @unchecked Sendable {
        var records: [DecodedRecord] = []
    }
}
