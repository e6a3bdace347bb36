import POSIXSupport
import Testing

@Suite("URL authority")
struct URLAuthorityTests {
    @Test func theAuthorityOfAnAbsoluteURL() throws {
        let authority = try #require(URLAuthority(url: "HTTP://user:secret@127.0.0.1:8080/youtube/v3?key=x#top"))
        #expect(authority.scheme == "http")
        #expect(authority.text == "user:secret@127.0.0.1:8080")
        #expect(authority.host == "127.0.0.1")
        #expect(authority.port == 8080)
    }

    @Test func aBracketedIPv6HostLosesItsBrackets() throws {
        let authority = try #require(URLAuthority(url: "http://[::1]:41234/youtube/v3"))
        #expect(authority.host == "::1")
        #expect(authority.port == 41234)
        #expect(URLAuthority(url: "http://[::1/")?.host == nil)
    }

    @Test func anAuthorityWithoutAPortHasNone() throws {
        #expect(URLAuthority(url: "https://www.googleapis.com")?.port == nil)
        #expect(URLAuthority(url: "https://www.googleapis.com:/x")?.port == nil)
        #expect(URLAuthority(url: "https://www.googleapis.com")?.host == "www.googleapis.com")
    }

    @Test(arguments: ["www.googleapis.com", "http:/x", "http://", "http://:80/", "http://host:port/"])
    func whatIsNotAnAbsoluteURLWithAHostIsNil(url: String) {
        #expect(URLAuthority(url: url) == nil)
    }

    @Test func aHostAndPortAsMetricsListenTakesThem() throws {
        let authority = try #require(URLAuthority(hostPort: "0.0.0.0:9464"))
        #expect(authority.scheme == nil)
        #expect(authority.host == "0.0.0.0")
        #expect(authority.port == 9464)
        #expect(URLAuthority(hostPort: "localhost:0")?.port == 0)
    }

    @Test(arguments: ["127.0.0.1", "127.0.0.1:", "127.0.0.1:65536", ":9464", "127.0.0.1:-1", "host:x"])
    func aHostAndPortNeedsBoth(text: String) {
        #expect(URLAuthority(hostPort: text) == nil)
    }
}
