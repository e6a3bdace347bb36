import POSIXSupport
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("listening socket")
struct ListeningSocketTests {
    @Test func portZeroPicksAFreePortThatAcceptsAndCarriesBytes() throws {
        let listener = try ListeningSocket(port: 0, backlog: 4)
        defer { listener.close() }
        #expect(listener.port != 0)
        #expect(listener.isLoopback)
        let client = LoopbackHTTPClient(port: listener.port, receiveTimeoutSeconds: 5)
        defer { client.close() }
        try client.connectIdle()
        #expect(listener.waitForConnection(milliseconds: 5000))
        let server = try listener.accept()
        defer { close(server) }
        try WriteAll.write(server, Array("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello".utf8), to: .socket)
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "hello")
    }

    @Test func aPortInUseIsASystemErrorNamingTheAddress() throws {
        let first = try ListeningSocket(port: 0, backlog: 1)
        defer { first.close() }
        #expect {
            _ = try ListeningSocket(port: first.port, backlog: 1)
        } throws: { error in
            guard case ListeningSocket.Failure.system(let system) = error else { return false }
            return system.operation == "bind 127.0.0.1:\(first.port)" && system.code == EADDRINUSE
        }
    }

    @Test func aHostThatIsNotIPv4IsRefusedBeforeAnySocket() {
        #expect {
            _ = try ListeningSocket(host: "example.com", port: 0, backlog: 1)
        } throws: { error in
            guard case ListeningSocket.Failure.notIPv4("example.com") = error else { return false }
            return true
        }
    }

    @Test func everyAddressButLoopbackIsSaidSo() throws {
        let any = try ListeningSocket(host: "0.0.0.0", port: 0, backlog: 1)
        defer { any.close() }
        #expect(!any.isLoopback)
        let local = try ListeningSocket(host: "localhost", port: 0, backlog: 1)
        defer { local.close() }
        #expect(local.host == "127.0.0.1")
        #expect(local.isLoopback)
    }

    @Test func shutdownWakesABlockedAccept() async throws {
        let listener = try ListeningSocket(port: 0, backlog: 1)
        // The blocked accept waits on a thread of its own, off the cooperative pool.
        let accepted = Task { try await offThePool { (try? listener.accept()) != nil } }
        try await Task.sleep(for: .milliseconds(100))
        listener.shutdown()
        #expect(try await accepted.value == false)
        listener.close()
    }
}
