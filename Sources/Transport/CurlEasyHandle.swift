import CCurl

/// An owned libcurl easy handle: one transfer's configuration. Cleaned up when released.
///
/// Not thread-safe: a handle belongs to one thread at a time (the transport's I/O thread).
public final class CurlEasyHandle {
    let handle: UnsafeMutableRawPointer
    private var headers: UnsafeMutablePointer<curl_slist>?
    /// The lines of `headers`, so a request with the same header lines reuses the list.
    private var headerLines: [String] = []

    /// - Throws: ``TransportError`` when libcurl cannot initialise or allocate a handle.
    public init() throws {
        try CurlGlobal.ensureInitialised()
        guard let handle = curl_easy_init() else { throw TransportError.setup("curl_easy_init returned NULL") }
        self.handle = handle
        // TLS verification stays on; no signals (we run on our own thread).
        try set(CURLOPT_NOSIGNAL, 1)
        try set(CURLOPT_SSL_VERIFYPEER, 1)
        try set(CURLOPT_SSL_VERIFYHOST, 2)
    }

    deinit {
        curl_easy_cleanup(handle)
        curl_slist_free_all(headers)
    }

    /// Sets a numeric option.
    public func set(_ option: CURLoption, _ value: Int) throws {
        try check(ytc_curl_easy_setopt_long(handle, option, value), option)
    }

    /// Sets a string option (libcurl copies it).
    public func set(_ option: CURLoption, _ value: String) throws {
        try check(ytc_curl_easy_setopt_string(handle, option, value), option)
    }

    /// With `direct`, no proxy at all (an empty CURLOPT_PROXY overrides the environment's);
    /// otherwise the environment's proxy variables apply, as by default.
    func setDirect(_ direct: Bool) throws {
        let proxy: String? = direct ? "" : nil
        try check(ytc_curl_easy_setopt_string(handle, CURLOPT_PROXY, proxy), CURLOPT_PROXY)
    }

    /// Sets a pointer option (CURLOPT_PRIVATE, CURLOPT_WRITEDATA, CURLOPT_HEADERDATA).
    func set(_ option: CURLoption, pointer: UnsafeMutableRawPointer?) throws {
        try check(ytc_curl_easy_setopt_pointer(handle, option, pointer), option)
    }

    /// Sets CURLOPT_WRITEFUNCTION or CURLOPT_HEADERFUNCTION.
    func set(_ option: CURLoption, callback: ytc_curl_data_callback?) throws {
        try check(ytc_curl_easy_setopt_data_callback(handle, option, callback), option)
    }

    /// Replaces the request's extra header lines (`Name: value`); the same lines as the last
    /// request's keep their list.
    public func setHeaders(_ lines: [String]) throws {
        if lines == headerLines, headers != nil || lines.isEmpty { return }
        var list: UnsafeMutablePointer<curl_slist>?
        for line in lines {
            guard let appended = curl_slist_append(list, line) else {
                curl_slist_free_all(list)
                throw TransportError.setup("curl_slist_append failed")
            }
            list = appended
        }
        do {
            try check(ytc_curl_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, list), CURLOPT_HTTPHEADER)
        } catch {
            curl_slist_free_all(list)
            throw error
        }
        curl_slist_free_all(headers)
        headers = list
        headerLines = lines
    }

    /// Reads a numeric transfer value (response code, counts).
    public func info(_ info: CURLINFO) throws -> Int {
        var value = 0
        let code = ytc_curl_easy_getinfo_long(handle, info, &value)
        guard code == CURLE_OK else { throw TransportError.setup("curl_easy_getinfo: \(Self.describe(code))") }
        return value
    }

    /// The option was accepted, or a ``TransportError`` naming it. The name is only worked out
    /// on failure: describing a CURLoption goes through reflection, too slow for every request.
    private func check(_ code: CURLcode, _ option: CURLoption) throws {
        guard code == CURLE_OK else {
            throw TransportError.setup("curl_easy_setopt(\(option)): \(Self.describe(code))")
        }
    }

    static func describe(_ code: CURLcode) -> String { String(cString: curl_easy_strerror(code)) }
}
