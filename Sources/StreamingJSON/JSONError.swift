/// Why a JSON document was rejected, and where: the byte offset from the start of the input
/// and what the parser expected there.
public struct JSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure, so callers can tell a nesting overflow or truncation from bad syntax.
    public enum Kind: Sendable, Hashable {
        case syntax
        case invalidString
        case invalidUTF8
        case nestingTooDeep
        case truncated
        case trailingData
    }

    public let kind: Kind
    /// Offset of the offending byte from the start of the whole input (0-based).
    public let offset: Int
    /// What was expected, phrased for a person (`expected ':' after an object key`).
    public let expected: String

    public init(_ kind: Kind, offset: Int, expected: String) {
        self.kind = kind
        self.offset = offset
        self.expected = expected
    }

    public var description: String { "invalid JSON at byte \(offset): expected \(expected)" }
}
