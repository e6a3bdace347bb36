/// A response the emulator sends, or the misbehaviour it performs instead (fault injection).
struct HTTPResponse: Sendable {
    enum Delivery: Sendable {
        case normal
        /// Close the connection with a TCP reset before sending anything.
        case reset
        /// Send the head announcing the full length, then half the body, then close.
        case truncate
    }

    var status: Int
    var headers: [(String, String)] = [("Content-Type", "application/json; charset=UTF-8")]
    var body: [UInt8]
    var delivery: Delivery = .normal
    /// Wait this long before answering (latency, slow faults).
    var delayMilliseconds = 0

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 429: return "Too Many Requests"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        default: return "Status"
        }
    }

    /// The status line and headers, with Content-Length and Connection.
    func head(keepAlive: Bool) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "Content-Length: \(body.count)\r\n"
        text += keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"
        return Array(text.utf8)
    }
}
