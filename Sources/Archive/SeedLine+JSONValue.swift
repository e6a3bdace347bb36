import YouTubeKit

extension SeedLine {
    /// The seed as its `Codable` form with sorted keys, made directly: `datapackage.json` is
    /// rewritten at every checkpoint, and a crawl of thousands of seeds spent a tenth of its time
    /// encoding them with `JSONEncoder` and parsing the bytes back.
    var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let file { members.append(("file", .string(file))) }
        if let line { members.append(("line", .number(String(line)))) }
        if let outcome { members.append(("outcome", outcome.jsonValue)) }
        members.append(("text", .string(text)))
        return .object(members)
    }
}

extension SeedOutcome {
    /// The outcome as its `Codable` form with sorted keys (see ``SeedLine/jsonValue``).
    var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let cappedBy { members.append(("cappedBy", .string(cappedBy))) }
        members += [
            ("errors", .number(String(errors))), ("itemsLeft", .number(String(itemsLeft))),
            ("pages", .number(String(pages))), ("status", .string(status.rawValue)),
        ]
        if let stoppedBy { members.append(("stoppedBy", .string(stoppedBy))) }
        return .object(members)
    }
}
