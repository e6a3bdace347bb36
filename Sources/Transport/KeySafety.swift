import TransportCore
import YouTubeKit

/// The parts of an absolute http(s) URL the transports check.
struct URLParts {
    var scheme: String
    var host: String
    var authority: String

    init?(_ url: String) {
        let pieces = url.split(separator: ":", maxSplits: 1)
        guard pieces.count == 2, pieces[1].hasPrefix("//") else { return nil }
        scheme = pieces[0].lowercased()
        let rest = pieces[1].dropFirst(2)
        authority = String(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" })
        let withoutUser = authority.split(separator: "@").last.map(String.init) ?? authority
        if withoutUser.hasPrefix("[") {
            host = String(withoutUser.prefix { $0 != "]" }.dropFirst())
        } else {
            host = String(withoutUser.prefix { $0 != ":" })
        }
        guard !host.isEmpty else { return nil }
    }

    /// 127.0.0.0/8, ::1 and localhost: where the emulator lives.
    var isLoopback: Bool { APIRequest.isLoopback(host: host) }
}

/// A key may travel over plain http only to a loopback address.
func checkKeySafety(_ request: HTTPRequest) throws {
    guard let parts = URLParts(request.url) else {
        throw TransportError(.invalidURL, host: "", detail: "not an absolute http(s) URL")
    }
    guard parts.scheme == "http" || parts.scheme == "https" else {
        throw TransportError(.invalidURL, host: parts.authority, detail: "scheme \(parts.scheme) is not http or https")
    }
    let carriesKey =
        request.headers.contains { $0.name.lowercased() == "x-goog-api-key" } || request.url.contains("key=")
    if carriesKey, parts.scheme == "http", !parts.isLoopback {
        throw TransportError(.insecureKey, host: parts.authority, detail: "")
    }
}
