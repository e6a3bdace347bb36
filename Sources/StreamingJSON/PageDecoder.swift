import YouTubeKit

/// Decodes a list response body (search, videos, playlistItems, channels, commentThreads,
/// comments) or Google's error body, fed in chunks as they arrive; each record is handed on as
/// soon as its item closes.
///
/// ```swift
/// var decoder = PageDecoder(endpoint: .search) { record in archive.append(record) }
/// for chunk in body { try decoder.feed(chunk) }
/// let summary = try decoder.finish()      // nextPageToken, pageInfo, error body, counts
/// ```
///
/// Comment pages have a reader of their own. Which reader a body gets is decided by its first
/// bytes when that is not known from the endpoint alone: with `.auto`, by the page's `kind`
/// (or, without one, by comment-only keys); with a comment endpoint, an error body (its first key
/// is `error`) goes to the reader of error bodies. The bytes seen meanwhile (at most a few KB)
/// are then fed to the chosen reader, so offsets in errors are the body's own.
public struct PageDecoder {
    private var parser = JSONStreamParser()
    private var handler: PageEventHandler
    private var comments: CommentEventHandler?
    private let endpoint: Endpoint
    /// The body's first bytes, while the reader is not chosen yet.
    private var held: [UInt8]?

    /// - Parameters:
    ///   - endpoint: what the body is; `.auto` detects it from `kind` or the items' shape.
    ///   - onRecord: called once per record, in document order.
    public init(endpoint: Endpoint = .auto, onRecord: @escaping (DecodedRecord) throws -> Void) {
        self.endpoint = endpoint
        handler = PageEventHandler(endpoint: endpoint, onRecord: onRecord)
        if endpoint == .auto || endpoint.isComments {
            held = []
            comments = CommentEventHandler(endpoint: endpoint, onRecord: onRecord)
        }
    }

    /// Decodes the next chunk of the body.
    ///
    /// - Throws: ``JSONError`` for invalid JSON, ``PageShapeError`` for items that are not
    ///   objects, ``PageValueError`` for a count or duration that is not one, or what `onRecord`
    ///   throws.
    public mutating func feed(_ chunk: UnsafeRawBufferPointer) throws {
        if let start = held {
            if start.isEmpty {
                // Usually the first chunk decides: then nothing is copied.
                guard let choice = BodySniffer.choose(chunk, endpoint: endpoint, complete: false) else {
                    held = Array(chunk)
                    return
                }
                held = nil
                if !choice { comments = nil }
                try feed(chunk)
                return
            }
            held!.append(contentsOf: chunk.assumingMemoryBound(to: UInt8.self))
            guard let choice = held!.withUnsafeBytes({ BodySniffer.choose($0, endpoint: endpoint, complete: false) })
            else { return }
            try choose(choice)
            return
        }
        if comments != nil {
            try parser.feed(chunk, to: &comments!)
        } else {
            try parser.feed(chunk, to: &handler)
        }
    }

    /// Bytes the parser copied to carry tokens across chunks (see
    /// ``JSONStreamParser/carriedBytesCopied``).
    var carriedBytesCopied: Int { parser.carriedBytesCopied }

    public mutating func feed(_ chunk: [UInt8]) throws {
        try chunk.withUnsafeBytes { try feed($0) }
    }

    /// Picks the reader and feeds it what was held.
    private mutating func choose(_ commentsReader: Bool) throws {
        let bytes = held ?? []
        held = nil
        if !commentsReader { comments = nil }
        try bytes.withUnsafeBytes { try feed($0) }
    }

    /// Ends the body.
    ///
    /// - Parameter httpStatus: the response status, used for an error body without `code`.
    /// - Returns: the page's token, counts and, for an error body, the parsed error.
    /// - Throws: ``JSONError`` when the body ended inside a value.
    public mutating func finish(httpStatus: Int? = nil) throws -> PageSummary {
        if let bytes = held {
            try choose(bytes.withUnsafeBytes { BodySniffer.choose($0, endpoint: endpoint, complete: true) } ?? false)
        }
        if comments != nil {
            try parser.finish(to: &comments!)
            return comments!.summary
        }
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
