/// The one error type of YouTubeKit: an API error answered by the service, a request rejected
/// before it was sent, or a response that could not be read.
///
/// Its `description` is safe to log: it never contains an API key or a URL carrying one.
public struct YouTubeError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case api(APIErrorBody)
        case invalidParameter(name: String, value: String, allowed: String)
        case malformedResponse(String)
    }

    private let code: Code

    private init(_ code: Code) { self.code = code }

    /// The service answered with Google's error body.
    public static func api(_ body: APIErrorBody) -> YouTubeError { YouTubeError(.api(body)) }

    /// A request parameter was rejected before any request was made.
    ///
    /// - Parameters:
    ///   - name: the API parameter's name, as the API spells it (`maxResults`).
    ///   - value: the rejected value, as given.
    ///   - allowed: what would be accepted, phrased for a person.
    public static func invalidParameter(name: String, value: String, allowed: String) -> YouTubeError {
        YouTubeError(.invalidParameter(name: name, value: value, allowed: allowed))
    }

    /// A response body that is neither a valid page nor a valid error body.
    public static func malformedResponse(_ detail: String) -> YouTubeError {
        YouTubeError(.malformedResponse(detail))
    }

    /// The parsed error body, when the service answered with one.
    public var apiError: APIErrorBody? {
        if case .api(let body) = code { return body }
        return nil
    }

    /// The API's reason (`quotaExceeded`, `keyInvalid`, …), or for a rejected parameter its name.
    public var reason: String? {
        switch code {
        case .api(let body): return body.reason
        case .invalidParameter: return "invalidParameter"
        case .malformedResponse: return nil
        }
    }

    /// The parameter a validation error names.
    public var parameter: String? {
        if case .invalidParameter(let name, _, _) = code { return name }
        return nil
    }

    /// What a client should do about this error.
    public var disposition: ErrorDisposition {
        switch code {
        case .api(let body): return body.disposition
        case .invalidParameter: return .rejectRequest
        case .malformedResponse: return .retryWithBackoff
        }
    }

    /// Whether sending the same request again later may succeed.
    public var isRetryable: Bool { disposition == .retryWithBackoff }

    public var description: String {
        switch code {
        case .api(let body):
            return body.description
        case .invalidParameter(let name, let value, let allowed):
            return "invalid value \"\(value)\" for parameter \(name): \(allowed)"
        case .malformedResponse(let detail):
            return "malformed response from the API: \(detail)"
        }
    }
}
