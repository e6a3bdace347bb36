import Foundation

/// Google's JSON error body:
/// `{"error": {"code", "message", "status"?, "errors": [{"domain", "reason", "message", …}], "details"?: […]}}`.
public struct APIErrorBody: Sendable, Hashable, CustomStringConvertible {
    /// One entry of `error.errors`.
    public struct Item: Sendable, Hashable {
        public var domain: String?
        public var reason: String?
        public var message: String?
        public var location: String?
        public var locationType: String?

        public init(
            domain: String? = nil,
            reason: String? = nil,
            message: String? = nil,
            location: String? = nil,
            locationType: String? = nil
        ) {
            self.domain = domain
            self.reason = reason
            self.message = message
            self.location = location
            self.locationType = locationType
        }
    }

    /// One entry of `error.details` (google.rpc.ErrorInfo and friends).
    public struct Detail: Sendable, Hashable {
        public var type: String?
        public var reason: String?
        public var domain: String?

        public init(type: String? = nil, reason: String? = nil, domain: String? = nil) {
            self.type = type
            self.reason = reason
            self.domain = domain
        }
    }

    /// `error.code`, else the HTTP status the body came with.
    public var code: Int?
    public var message: String
    /// `error.status` (`PERMISSION_DENIED`, `INVALID_ARGUMENT`, …) where the API sends it.
    public var status: String?
    public var errors: [Item]
    public var details: [Detail]

    public init(code: Int?, message: String, status: String? = nil, errors: [Item] = [], details: [Detail] = []) {
        self.code = code
        self.message = message
        self.status = status
        self.errors = errors
        self.details = details
    }

    /// The first reason the body gives: `errors[].reason`, else `details[].reason`.
    public var reason: String? {
        errors.lazy.compactMap(\.reason).first ?? details.lazy.compactMap(\.reason).first
    }

    /// Every reason the body gives, errors first, then details.
    public var reasons: [String] {
        errors.compactMap(\.reason) + details.compactMap(\.reason)
    }

    /// Every reason the body gives, parsed: what control flow looks at.
    public var parsedReasons: [APIErrorReason] { reasons.map(APIErrorReason.init) }

    /// A rate limit rather than a failure: by reason, or HTTP 429.
    public var isRateLimit: Bool { code == 429 || parsedReasons.contains(where: \.isRateLimit) }

    /// The key itself was refused as invalid (another key of the pool may work).
    public var isInvalidKey: Bool { parsedReasons.contains(where: \.isInvalidKey) }

    public var disposition: ErrorDisposition {
        ErrorClassifier.disposition(reasons: parsedReasons, status: status, code: code)
    }

    /// The error as one line: code, reason and message, with any long token-like run of the
    /// message withheld (``shownMessage``).
    public var description: String {
        var text = "API error"
        if let code { text += " \(code)" }
        if let reason { text += " \(reason)" }
        if !message.isEmpty { text += ": \(shownMessage)" }
        return text
    }

    /// Runs of token characters this long are withheld from a shown message: a server (or a
    /// proxy in front of it) may echo a key (39 characters) or a token, encoded in ways no
    /// redaction of the exact key finds. The API's own messages hold no such run; an id they may
    /// name (a playlist's, 34 characters) and a URL (`/` and `.` end a run) are shown.
    public static let withheldRun = 36

    /// ``message`` with each run of ``withheldRun`` or more letters, digits, `-_+=%` or `\`
    /// kept to its first four characters and the count of those withheld.
    public var shownMessage: String {
        var shown = ""
        var run = ""
        func flush() {
            if run.count >= Self.withheldRun {
                shown += run.prefix(4) + "…[\(run.count - 4) characters withheld]"
            } else {
                shown += run
            }
            run = ""
        }
        for character in message {
            if character.isASCII, character.isLetter || character.isNumber || "-_+=%\\".contains(character) {
                run.append(character)
            } else {
                flush()
                shown.append(character)
            }
        }
        flush()
        return shown
    }

    /// Parses an error body.
    ///
    /// - Parameters:
    ///   - data: the response body.
    ///   - httpStatus: the response's HTTP status, used when the body carries no `code`.
    /// - Returns: the parsed body, or `nil` when `data` is not a JSON object with an `error` member.
    ///   A bare `{"error": "text"}` is accepted, with `text` as the message.
    public static func parse(_ data: Data, httpStatus: Int? = nil) -> APIErrorBody? {
        guard
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let error = root["error"]
        else { return nil }
        if let text = error as? String {
            return APIErrorBody(code: httpStatus, message: text)
        }
        guard let object = error as? [String: Any] else { return nil }
        let items = (object["errors"] as? [[String: Any]] ?? []).map { entry in
            Item(
                domain: entry["domain"] as? String,
                reason: entry["reason"] as? String,
                message: entry["message"] as? String,
                location: entry["location"] as? String,
                locationType: entry["locationType"] as? String
            )
        }
        let details = (object["details"] as? [[String: Any]] ?? []).map { entry in
            Detail(
                type: entry["@type"] as? String,
                reason: entry["reason"] as? String,
                domain: entry["domain"] as? String
            )
        }
        return APIErrorBody(
            code: (object["code"] as? Int) ?? httpStatus,
            message: object["message"] as? String ?? "",
            status: object["status"] as? String,
            errors: items,
            details: details
        )
    }
}
