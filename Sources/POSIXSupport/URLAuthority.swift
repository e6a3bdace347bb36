/// The authority of an address: `host[:port]` of `http://user@host:port/path`, or of a bare
/// `HOST:PORT` (`--metrics-listen 127.0.0.1:9464`). The one parser of hosts and ports.
public struct URLAuthority: Sendable, Hashable {
    /// The scheme in lower case (`http`), `nil` for a bare `HOST:PORT`.
    public var scheme: String?
    /// The authority as written: `user@host:port`, `[::1]:8080`.
    public var text: String
    /// The host without brackets (`::1` for `[::1]`); never empty.
    public var host: String
    /// The port, when the authority names one.
    public var port: Int?

    /// The authority of an absolute URL (`scheme://authority/path?query#fragment`); `nil` when
    /// `url` is not one or names no host.
    public init?(url: String) {
        let pieces = url.split(separator: ":", maxSplits: 1)
        guard pieces.count == 2, pieces[1].hasPrefix("//") else { return nil }
        let authority = pieces[1].dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        self.init(scheme: pieces[0].lowercased(), authority: authority)
    }

    /// A bare `HOST:PORT` with a port from 0 to 65535; `nil` for anything else.
    public init?(hostPort: String) {
        self.init(scheme: nil, authority: Substring(hostPort))
        guard let port, (0...65_535).contains(port) else { return nil }
    }

    private init?(scheme: String?, authority: Substring) {
        self.scheme = scheme
        text = String(authority)
        let hostPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority
        let rest: Substring
        if hostPort.hasPrefix("[") {
            guard let close = hostPort.firstIndex(of: "]") else { return nil }
            host = String(hostPort[hostPort.index(after: hostPort.startIndex)..<close])
            rest = hostPort[hostPort.index(after: close)...]
        } else {
            let colon = hostPort.lastIndex(of: ":") ?? hostPort.endIndex
            host = String(hostPort[..<colon])
            rest = hostPort[colon...]
        }
        guard !host.isEmpty else { return nil }
        if rest.hasPrefix(":") {
            // `host:` names no port, as curl reads it.
            if rest.count > 1 {
                guard let number = Int(rest.dropFirst()), number >= 0 else { return nil }
                port = number
            }
        } else if !rest.isEmpty {
            return nil
        }
    }
}
