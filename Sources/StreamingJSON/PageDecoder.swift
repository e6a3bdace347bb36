import YouTubeKit

/// Decodes a list response body (search, videos, playlistItems, channels) or Google's error body,
/// fed in chunks as they arrive; each record is handed on as soon as its item closes.
///
/// ```swift
/// var decoder = PageDecoder(endpoint: .search) { record in archive.append(record) }
/// for chunk in body { try decoder.feed(chunk) }
/// let summary = try decoder.finish()      // nextPageToken, pageInfo, error body, counts
/// ```
public struct PageDecoder {
    private var parser = JSONStreamParser()
    private var handler: PageEventHandler

    /// - Parameters:
    ///   - endpoint: what the body is; `.auto` detects it from `kind` or the items' shape.
    ///   - onRecord: called once per video or channel record, in document order.
    public init(endpoint: Endpoint = .auto, onRecord: @escaping (DecodedRecord) throws -> Void) {
        handler = PageEventHandler(endpoint: endpoint, onRecord: onRecord)
    }

    /// Decodes the next chunk of the body.
    ///
    /// - Throws: ``JSONError`` for invalid JSON, or what `onRecord` throws.
    public mutating func feed(_ chunk: UnsafeRawBufferPointer) throws {
        try parser.feed(chunk, to: &handler)
    }

    public mutating func feed(_ chunk: [UInt8]) throws {
        try chunk.withUnsafeBytes { try parser.feed($0, to: &handler) }
    }

    /// Ends the body.
    ///
    /// - Parameter httpStatus: the response status, used for an error body without `code`.
    /// - Returns: the page's token, counts and, for an error body, the parsed error.
    /// - Throws: ``JSONError`` when the body ended inside a value.
    public mutating func finish(httpStatus: Int? = nil) throws -> PageSummary {
        try parser.finish(to: &handler)
        var summary = handler.summary
        summary.error = handler.errorBody(httpStatus: httpStatus)
        return summary
    }

    /// Decodes a whole body at once.
    public static func decode(
        _ body: [UInt8], endpoint: Endpoint = .auto, httpStatus: Int? = nil
    ) throws -> (records: [DecodedRecord], summary: PageSummary) {
        let collector = RecordCollector()
        var decoder = PageDecoder(endpoint: endpoint) { collector.records.append($0) }
        try decoder.feed(body)
        let summary = try decoder.finish(httpStatus: httpStatus)
        return (collector.records, summary)
    }
}

/// Gathers records for ``PageDecoder/decode(_:endpoint:httpStatus:)``.
final class RecordCollector {
    var records: [DecodedRecord] = []
}
