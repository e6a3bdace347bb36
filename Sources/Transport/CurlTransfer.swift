import CCurl

/// One request in flight on the curl loop: its handle, its consumers and how it ended.
///
/// After ``CurlMultiLoop/submit(_:)`` every mutable field is touched only on the loop's thread.
final class CurlTransfer: @unchecked Sendable {
    let request: HTTPRequest
    let onHead: @Sendable (HTTPResponseHead) throws -> Void
    let onChunk: @Sendable (UnsafeRawBufferPointer) throws -> Void
    var continuation: CheckedContinuation<Void, any Error>?
    var handle: CurlEasyHandle?
    var status = 0
    var headers: [String: String] = [:]
    var headDelivered = false
    var bodyBytes = 0
    /// Why the transfer was aborted from a callback (limit exceeded, consumer error).
    var abortError: (any Error)?
    var finished = false

    init(
        request: HTTPRequest, onHead: @escaping @Sendable (HTTPResponseHead) throws -> Void,
        onChunk: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void
    ) {
        self.request = request
        self.onHead = onHead
        self.onChunk = onChunk
    }

    /// Resumes the waiting task once.
    func finish(_ result: Result<Void, any Error>) {
        guard !finished else { return }
        finished = true
        continuation?.resume(with: result)
        continuation = nil
    }

    /// One header line from curl (status line, header, or the blank line ending the head),
    /// without its line end; read from the bytes, so a line costs at most two small Strings.
    func headerLine(_ line: UnsafeRawBufferPointer) {
        if line.starts(with: "HTTP/".utf8) {
            // A new head (after 100 Continue, or the first): `HTTP/1.1 200 OK`.
            status = 0
            if let space = line.firstIndex(of: UInt8(ascii: " ")) {
                var index = space + 1
                while index < line.count, line[index] &- UInt8(ascii: "0") < 10 {
                    status = status * 10 + Int(line[index] &- UInt8(ascii: "0"))
                    index += 1
                }
            }
            headers = [:]
            return
        }
        if line.isEmpty {
            if status >= 200 { deliverHead() }
            return
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return }
        var valueStart = colon + 1
        while valueStart < line.count, line[valueStart] == 0x20 || line[valueStart] == 0x09 { valueStart += 1 }
        let name = String(
            decoding: line[..<colon].lazy.map { $0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
        headers[name] = String(decoding: UnsafeRawBufferPointer(rebasing: line[valueStart...]), as: UTF8.self)
    }

    func deliverHead() {
        guard !headDelivered, abortError == nil else { return }
        headDelivered = true
        do {
            try onHead(HTTPResponseHead(status: status, headers: headers))
        } catch {
            abortError = error
        }
    }

    /// A body chunk; false aborts the transfer.
    func body(_ chunk: UnsafeRawBufferPointer) -> Bool {
        if !headDelivered { deliverHead() }
        guard abortError == nil else { return false }
        bodyBytes += chunk.count
        if bodyBytes > request.maximumBodyBytes {
            abortError = TransportError(
                .bodyTooLarge, host: request.hostDescription,
                detail:
                    "more than \(request.maximumBodyBytes) bytes; an API page is under a megabyte, so the server is not answering as the API does"
            )
            return false
        }
        do {
            try onChunk(chunk)
            return true
        } catch {
            abortError = error
            return false
        }
    }
}

/// curl's write callback: body bytes as they arrive.
let curlWriteCallback: ytc_curl_data_callback = { data, size, count, userdata in
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata!).takeUnretainedValue()
    let length = size * count
    return transfer.body(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

/// curl's header callback: one line at a time, with its CRLF.
let curlHeaderCallback: ytc_curl_data_callback = { data, size, count, userdata in
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata!).takeUnretainedValue()
    let length = size * count
    var end = length
    while end > 0, data[end - 1] == 0x0A || data[end - 1] == 0x0D { end -= 1 }
    transfer.headerLine(UnsafeRawBufferPointer(start: data, count: end))
    return length
}
