import YouTubeKit

extension JSONValue {
    /// The string of a string value (`nil` for null, absent or another type).
    var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The integer of a number value.
    var integer: Int64? {
        if case .number(let text) = self { return Int64(text) }
        return nil
    }

    var boolean: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The strings of an array value.
    var texts: [String] {
        guard case .array(let values) = self else { return [] }
        return values.compactMap(\.text)
    }
}
