import CCurl

/// libcurl's process-wide initialisation, done once, lazily, before the first handle.
enum CurlGlobal {
    private static let initialised: Bool = {
        curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK
    }()

    static func ensureInitialised() throws {
        guard initialised else { throw TransportError.setup("curl_global_init failed") }
    }

    /// libcurl's version string, e.g. `7.88.1`.
    static var version: String { String(cString: ytc_curl_version()) }
}
