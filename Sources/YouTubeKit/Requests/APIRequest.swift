/// One list request to the API: the method and its query parameters, in a stable order.
///
/// The API key is never part of a request value: transports send it in the `X-Goog-Api-Key` header.
public struct APIRequest: Sendable, Hashable, CustomStringConvertible {
    /// The default base of the real service.
    public static let defaultBase = "https://www.googleapis.com"

    /// Whether `host` is 127.0.0.0/8, ::1 or localhost: the only place a key may travel over plain
    /// http (the emulator).
    ///
    /// Only the numeric forms (an IPv4 address in 127.0.0.0/8, `::1`) and the literal `localhost`
    /// count: a name like `127.attacker.example` resolves wherever its owner wants.
    public static func isLoopback(host: String) -> Bool {
        let lowered = host.lowercased()
        if lowered == "localhost" || lowered == "::1" || lowered == "[::1]" { return true }
        let octets = lowered.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets[0] == "127" else { return false }
        return octets.allSatisfy { octet in
            octet.count <= 3 && !octet.isEmpty && octet.allSatisfy(\.isASCII) && octet.allSatisfy(\.isNumber)
                && (Int(octet) ?? 256) <= 255
        }
    }

    public var method: APIMethod
    /// Query parameters in the order they are sent.
    public var parameters: [Parameter]

    public struct Parameter: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(method: APIMethod, parameters: [Parameter]) {
        self.method = method
        self.parameters = parameters
    }

    /// The value of parameter `name`, if present.
    public subscript(name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    /// A copy with parameter `name` set to `value` (replacing it, or appended), or removed when `value` is nil.
    public func setting(_ name: String, to value: String?) -> APIRequest {
        var copy = self
        if let index = copy.parameters.firstIndex(where: { $0.name == name }) {
            if let value {
                copy.parameters[index].value = value
            } else {
                copy.parameters.remove(at: index)
            }
        } else if let value {
            copy.parameters.append(Parameter(name, value))
        }
        return copy
    }

    /// The percent-encoded query string, without `?`.
    public var queryString: String {
        parameters.map { PercentEncoding.encode($0.name) + "=" + PercentEncoding.encode($0.value) }
            .joined(separator: "&")
    }

    /// The full URL string against `base` (scheme and authority, optionally a path prefix; a trailing `/` is ignored).
    public func urlString(base: String = APIRequest.defaultBase) -> String {
        var prefix = base
        while prefix.hasSuffix("/") { prefix.removeLast() }
        return prefix + method.path + "?" + queryString
    }

    /// What this request costs under `model`.
    public func charge(under model: QuotaModel) -> QuotaCharge {
        model.charge(for: method)
    }

    public var description: String { method.path + "?" + queryString }
}
