extension RecordSchema.FieldType {
    /// The type as people read it, in the codebook and the records reference alike: `integer`,
    /// `timestamp (RFC 3339, UTC)`, `array of strings`, `one of short, live, long`; `quote`
    /// writes each enumerated value and known key (as code, in Markdown).
    public func readableName(quote: (String) -> String = { $0 }) -> String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .boolean: "boolean"
        case .number: "number"
        case .json: "object, as sent"
        case .timestamp: "timestamp (RFC 3339, UTC)"
        case .enumeration(let values): "one of " + values.map(quote).joined(separator: ", ")
        case .array(let element): "array of " + element.pluralName(quote: quote)
        case .object: "object"
        case .map(let value, let keys):
            "object of " + value.pluralName(quote: quote) + " by name (" + keys.map(quote).joined(separator: ", ")
                + "…)"
        }
    }

    private func pluralName(quote: (String) -> String) -> String {
        switch self {
        case .string: "strings"
        case .integer: "integers"
        case .boolean: "booleans"
        case .number: "numbers"
        case .timestamp: "timestamps (RFC 3339, UTC)"
        case .object: "objects"
        default: readableName(quote: quote)
        }
    }
}
