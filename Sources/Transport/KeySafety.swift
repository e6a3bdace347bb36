import POSIXSupport
import TransportCore
import YouTubeKit

/// A key may travel over plain http only to a loopback address (127.0.0.0/8, ::1 and localhost:
/// where the emulator lives).
func checkKeySafety(_ request: HTTPRequest) throws {
    guard let parts = URLAuthority(url: request.url), let scheme = parts.scheme else {
        throw TransportError(.invalidURL, host: "", detail: "not an absolute http(s) URL")
    }
    guard scheme == "http" || scheme == "https" else {
        throw TransportError(.invalidURL, host: parts.text, detail: "scheme \(scheme) is not http or https")
    }
    let carriesKey =
        request.headers.contains { $0.name.lowercased() == "x-goog-api-key" } || request.url.contains("key=")
    if carriesKey, scheme == "http", !APIRequest.isLoopback(host: parts.host) {
        throw TransportError(.insecureKey, host: parts.text, detail: "")
    }
}
