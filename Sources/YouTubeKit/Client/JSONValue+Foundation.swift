import Foundation

extension JSONValue {
    /// A value parsed by `JSONSerialization`, with every object's keys sorted: Foundation's
    /// dictionaries forget the order keys came in, so records keep such objects sorted by key on
    /// both decoding paths (``sortedKeys``).
    package init(foundation value: Any) {
        switch value {
        case let object as [String: Any]:
            self = .object(object.keys.sorted().map { ($0, JSONValue(foundation: object[$0]!)) })
        case let array as [Any]:
            self = .array(array.map { JSONValue(foundation: $0) })
        case let text as String:
            self = .string(text)
        case let number as NSNumber:
            if number.isBoolean {
                self = .bool(number.boolValue)
            } else if let whole = Int(exactly: number.doubleValue), !"\(number)".contains(".") {
                self = .number(String(whole))
            } else {
                self = .number("\(number.doubleValue)")
            }
        default:
            self = .null
        }
    }

    /// The value with every object's keys in sorted order (values otherwise as sent): how a
    /// record keeps an object the API defines loosely, whichever decoder read it.
    package var sortedKeys: JSONValue {
        if isSortedByKey { return self }
        switch self {
        case .object(let members):
            return .object(members.map { ($0.key, $0.value.sortedKeys) }.sorted { $0.key < $1.key })
        case .array(let values): return .array(values.map(\.sortedKeys))
        default: return self
        }
    }

    /// Whether every object in the value has its keys in sorted order already (the common case:
    /// an empty or one-rating object).
    private var isSortedByKey: Bool {
        switch self {
        case .object(let members):
            for index in members.indices {
                if index > 0, members[index - 1].key > members[index].key { return false }
                if !members[index].value.isSortedByKey { return false }
            }
            return true
        case .array(let values): return values.allSatisfy(\.isSortedByKey)
        default: return true
        }
    }

    /// `{}`, made once: the content rating most videos carry costs no allocation.
    package static let emptyObject = JSONValue.object([])
}

extension NSNumber {
    /// Whether `JSONSerialization` made this number of a JSON `true`/`false` (`objCType` "c"
    /// on every platform; `is Bool` is true of 0 and 1 as well).
    package var isBoolean: Bool { String(cString: objCType) == "c" }
}
