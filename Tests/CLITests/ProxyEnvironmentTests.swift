import Foundation
import TestSupport
import Testing

/// A proxy in the environment (`http_proxy`, set on many company machines) never carries a
/// request to a loopback address: the emulator is reached directly, and a key sent over plain
/// http, which only loopback may receive, never leaves the machine through it.
@Suite("Proxies and loopback")
struct ProxyEnvironmentTests {
    @Test func aProxyFromTheEnvironmentIsNotUsedForLoopback() async throws {
        let out = CrawlCommandTests.temporary("cli-proxy")
        let state = CrawlCommandTests.temporary("cli-proxy-state")
        let seeds = CrawlCommandTests.temporary("seeds") + ".txt"
        defer { for path in [out, state, seeds] { try? FileManager.default.removeItem(atPath: path) } }
        try "search music maxPages=1\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        // The "proxy" answers everything with 502: a crawl that went through it would fail.
        let proxy = try MisbehavingServer(.scripted { _, _ in (502, Array("proxy".utf8)) })
        defer { proxy.stop() }
        let environment = [
            "http_proxy": proxy.baseURL, "HTTP_PROXY": proxy.baseURL, "https_proxy": proxy.baseURL,
            "all_proxy": proxy.baseURL, "ALL_PROXY": proxy.baseURL, "no_proxy": "", "NO_PROXY": "",
        ]
        let result = try await CLIRunner.run(
            ["--seeds", seeds, "--budget", "300", "--emulator", "--out", out, "--state-dir", state],
            environment: environment)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(proxy.requestsReceived == 0, "\(proxy.requestsReceived) requests went through the proxy")
        #expect(result.stdout.contains("videos written:"))
    }
}
