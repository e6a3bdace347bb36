import Emulator
import Foundation
import StreamingJSON
import TestSupport
import Testing

@Suite("Emulator HTTP behaviour")
struct EmulatorHTTPTests {
    @Test func keepAliveServesManyRequestsOnOneConnection() throws {
        let emulator = try EmulatorHarness()
        for _ in 0..<50 {
            let response = try emulator.get("/youtube/v3/videos?part=id&id=abc")
            #expect(response.status == 200)
            #expect(response.headers["connection"] == "keep-alive")
        }
        let closing = try emulator.get("/youtube/v3/videos?part=id&id=abc", headers: ["Connection": "close"])
        #expect(closing.headers["connection"] == "close")
    }

    @Test func malformedRequestLineIs400AndClose() throws {
        let emulator = try EmulatorHarness()
        let client = LoopbackHTTPClient(port: emulator.server.port)
        try client.sendRaw(Array("NONSENSE\r\n\r\n".utf8))
        let response = try client.readResponse()
        #expect(response.status == 400)
        #expect(response.headers["connection"] == "close")
        // The server is still fine.
        #expect(try emulator.get("/youtube/v3/videos?part=id&id=abc").status == 200)
    }

    @Test func headerNamesAnyCaseAndValuesTrimmed() throws {
        let emulator = try EmulatorHarness()
        let client = LoopbackHTTPClient(port: emulator.server.port)
        let request =
            "GET /youtube/v3/videos?part=id&id=abc HTTP/1.1\r\nHost: x\r\n"
            + "x-GOOG-api-KEY: \t\(EmulatorHarness.key) \t\r\nCONNECTION:close\r\n\r\n"
        try client.sendRaw(Array(request.utf8))
        let response = try client.readResponse()
        #expect(response.status == 200, "the key header was found and its value trimmed")
        #expect(response.headers["connection"] == "close")
        let bad = LoopbackHTTPClient(port: emulator.server.port)
        try bad.sendRaw(Array("GET /youtube/v3/videos HTTP/1.1\r\nNo colon here\r\n\r\n".utf8))
        #expect(try bad.readResponse().status == 400)
        let badVersion = LoopbackHTTPClient(port: emulator.server.port)
        try badVersion.sendRaw(Array("GET /youtube/v3/videos HTTP/3.0\r\n\r\n".utf8))
        #expect(try badVersion.readResponse().status == 400)
    }

    @Test func oversizedHeadIs431() throws {
        let emulator = try EmulatorHarness()
        let client = LoopbackHTTPClient(port: emulator.server.port)
        let huge = "GET / HTTP/1.1\r\nX-Filler: " + String(repeating: "a", count: 70 * 1024) + "\r\n\r\n"
        try client.sendRaw(Array(huge.utf8))
        #expect(try client.readResponse().status == 431)
    }

    @Test func stalledClientGets408() throws {
        let emulator = try EmulatorHarness(idleTimeoutSeconds: 1)
        let client = LoopbackHTTPClient(port: emulator.server.port)
        try client.sendRaw(Array("GET /youtube/v3/videos?part=id HTTP/1.1\r\nHost: x\r\n".utf8))
        #expect(try client.readResponse().status == 408)
    }

    @Test func sixtyFourConcurrentConnections() async throws {
        let emulator = try EmulatorHarness()
        let port = emulator.server.port
        let statuses = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<64 {
                group.addTask {
                    let client = LoopbackHTTPClient(port: port)
                    var ok = 0
                    for _ in 0..<10 {
                        if (try? client.get(
                            "/youtube/v3/videos?part=id&id=abc", headers: ["X-Goog-Api-Key": EmulatorHarness.key]))?
                            .status == 200
                        {
                            ok += 1
                        }
                    }
                    return ok
                }
            }
            return await group.reduce(0, +)
        }
        #expect(statuses == 640)
    }

    /// A head that trickles in a byte at a time (each byte renewing the read timeout) is cut off
    /// with 408 once its deadline has passed, while it still trickles.
    @Test func aHeadTricklingInIsCutOffAtTheDeadline() async throws {
        let emulator = try EmulatorHarness(idleTimeoutSeconds: 1)
        let port = emulator.server.port
        let head = Array(
            ("GET /youtube/v3/videos?part=id&id=abc HTTP/1.1\r\nX-Filler: " + String(repeating: "a", count: 60)).utf8)
        let (sent, status) = try await offThePool {
            let client = LoopbackHTTPClient(port: port, receiveTimeoutSeconds: 10)
            var sent = 0
            while sent < head.count, !client.hasBytesToRead() {
                try client.sendRaw([head[sent]])
                sent += 1
                usleep(200_000)
            }
            return (sent, try client.readResponse().status)
        }
        #expect(sent < head.count, "answered while the head still trickled in")
        #expect(status == 408)
    }

    /// Connections that send nothing fill the server up to its cap. Beyond it a request gets
    /// Google's 503 error body and `Connection: close`, never an empty reply; the idle ones are
    /// closed after the deadline, and requests are served again.
    @Test func beyondTheConnectionCapA503AndIdleConnectionsClosedAfterTheDeadline() async throws {
        let emulator = try EmulatorHarness(idleTimeoutSeconds: 2, maximumConnections: 8)
        let port = emulator.server.port
        let target = "/youtube/v3/videos?part=id&id=abc"
        let key = ["X-Goog-Api-Key": EmulatorHarness.key]
        let (refused, closedIdle, servedAgain) = try await offThePool {
            let idle = (0..<8).map { _ in LoopbackHTTPClient(port: port, receiveTimeoutSeconds: 15) }
            for client in idle { try client.connectIdle() }
            let refused = try LoopbackHTTPClient(port: port, receiveTimeoutSeconds: 15).get(target, headers: key)
            let closedIdle = idle.filter { $0.waitUntilClosedByServer() }.count
            var servedAgain = 0
            for _ in 0..<100 where servedAgain != 200 {
                servedAgain = (try? LoopbackHTTPClient(port: port).get(target, headers: key))?.status ?? 0
                if servedAgain != 200 { usleep(100_000) }
            }
            return (refused, closedIdle, servedAgain)
        }
        #expect(refused.status == 503)
        #expect(refused.headers["connection"] == "close")
        let body = try JSONValue.parse(refused.body)
        #expect(body[path: "error", "code"]?.int == 503)
        #expect(body.errorReason == "backendError", "\(refused.text)")
        #expect(closedIdle == 8, "every idle connection is closed after the deadline")
        #expect(servedAgain == 200)
    }

    @Test func stopClosesConnectionsAndFreesThePort() throws {
        var emulator: EmulatorHarness? = try EmulatorHarness()
        let port = emulator!.server.port
        #expect(try emulator!.get("/youtube/v3/videos?part=id&id=abc").status == 200)
        emulator = nil
        let client = LoopbackHTTPClient(port: port)
        #expect(throws: LoopbackHTTPClient.Failure.self) { try client.get("/youtube/v3/videos?part=id&id=abc") }
    }
}
