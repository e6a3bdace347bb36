/// A parsed HTTP/1.1 request head.
struct HTTPRequestHead: Sendable {
    var method: String
    /// The request target as sent (`/youtube/v3/search?part=snippet`).
    var target: String
    var version: String
    /// Header names in lower case.
    var headers: [(name: String, value: String)]

    func header(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    var path: Substring { target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0] }

    var query: Substring {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count > 1 ? parts[1] : ""
    }

    /// HTTP/1.1 keeps the connection unless told to close; HTTP/1.0 closes unless told to keep it.
    var keepAlive: Bool {
        let connection = header("connection")?.lowercased() ?? ""
        if version == "HTTP/1.0" { return connection.contains("keep-alive") }
        return !connection.contains("close")
    }

    enum ParseError: Error {
        case malformed(String)
    }

    /// Parses the bytes of a head (without the final blank line).
    static func parse(_ bytes: ArraySlice<UInt8>) throws -> HTTPRequestHead {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ParseError.malformed("head is not UTF-8")
        }
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
        guard !lines.isEmpty else { throw ParseError.malformed("empty request") }
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
        guard requestLine.count == 3, !requestLine[0].isEmpty, requestLine[1].hasPrefix("/"),
            requestLine[2] == "HTTP/1.1" || requestLine[2] == "HTTP/1.0"
        else { throw ParseError.malformed("bad request line") }
        var headers: [(String, String)] = []
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw ParseError.malformed("header without ':'") }
            let name = line[..<colon].lowercased()
            guard !name.isEmpty, !name.contains(" ") else { throw ParseError.malformed("bad header name") }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: " \t")
            headers.append((name, value))
        }
        return HTTPRequestHead(
            method: String(requestLine[0]), target: String(requestLine[1]), version: String(requestLine[2]),
            headers: headers)
    }
}

extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var result = self
        while let first = result.first, set.contains(first) { result.removeFirst() }
        while let last = result.last, set.contains(last) { result.removeLast() }
        return String(result)
    }
}
