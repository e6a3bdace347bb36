import CCurl
import Testing

@testable import Transport

@Suite("libcurl easy handle")
struct CurlEasyHandleTests {
    @Test func createConfigureAndCleanUp() throws {
        let handle = try CurlEasyHandle()
        try handle.set(CURLOPT_URL, "http://127.0.0.1:9/youtube/v3/search?part=snippet")
        try handle.set(CURLOPT_CONNECTTIMEOUT_MS, 2000)
        try handle.set(CURLOPT_ACCEPT_ENCODING, "")
        try handle.setHeaders(["X-Goog-Api-Key: made-up-test-key", "Accept: application/json"])
        try handle.setHeaders([])
        #expect(try handle.info(CURLINFO_RESPONSE_CODE) == 0)
        #expect(!CurlGlobal.version.isEmpty)
        // The handle is released (curl_easy_cleanup) at the end of scope; a leak or double free
        // would show up under the sanitizers.
    }

    @Test func aRejectedOptionNamesIt() throws {
        let handle = try CurlEasyHandle()
        // CURLOPT_HTTP_VERSION accepts only CURL_HTTP_VERSION_* values.
        #expect {
            try handle.set(CURLOPT_HTTP_VERSION, 1000)
        } throws: { error in
            "\(error)".contains("CURLOPT_HTTP_VERSION") || "\(error)".contains("curl_easy_setopt")
        }
    }
}
