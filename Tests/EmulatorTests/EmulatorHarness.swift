import Emulator
import Foundation
import StreamingJSON
import Synchronization
import TestSupport

/// Starts an emulator for one test and talks to it over a real loopback connection.
final class EmulatorHarness {
    static let key = "test-key-not-a-secret"
    let server: EmulatorServer
    let client: LoopbackHTTPClient

    init(
        _ configure: (inout EmulatorConfiguration) -> Void = { _ in }, idleTimeoutSeconds: Int = 10,
        maximumConnections: Int = EmulatorServer.defaultMaximumConnections
    ) throws {
        var configuration = EmulatorConfiguration(
            corpus: CorpusConfiguration(seed: 7, channels: 12, videosPerChannel: 30), keys: [Self.key])
        configure(&configuration)
        server = try EmulatorServer(
            configuration, idleTimeoutSeconds: idleTimeoutSeconds, maximumConnections: maximumConnections)
        server.start()
        client = LoopbackHTTPClient(port: server.port)
    }

    deinit {
        client.close()
        server.stop()
    }

    func get(_ target: String, key: String? = EmulatorHarness.key, headers: [String: String] = [:]) throws
        -> LoopbackHTTPClient.Response
    {
        var all = headers
        if let key { all["X-Goog-Api-Key"] = key }
        return try client.get(target, headers: all)
    }

    /// GET and parse the JSON body.
    func json(_ target: String, key: String? = EmulatorHarness.key) throws -> (Int, JSONValue) {
        let response = try get(target, key: key)
        return (response.status, try JSONValue.parse(response.body))
    }
}

extension JSONValue {
    var items: [JSONValue] {
        if case .array(let values)? = self["items"] { return values }
        return []
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var int: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }

    subscript(path path: String...) -> JSONValue? {
        var value: JSONValue? = self
        for key in path { value = value?[key] }
        return value
    }

    var errorReason: String? {
        guard case .array(let errors)? = self[path: "error", "errors"] else { return nil }
        return errors.first?["reason"]?.string
    }
}
