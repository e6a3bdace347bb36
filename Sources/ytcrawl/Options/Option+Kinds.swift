import Foundation

/// The kinds of value options take: numbers in a range, text, a choice among names.
extension Option where Value == Int {
    /// A whole number in `range`, `defaultValue` when not given.
    init(
        _ name: String, _ placeholder: String = "N", help: String, default defaultValue: Int,
        shownDefault: String? = nil, range: ClosedRange<Int> = 0...Int.max
    ) {
        self.init(
            name, placeholder, help: help, default: defaultValue,
            shownDefault: shownDefault ?? "default \(defaultValue)"
        ) { name, text in try Self.wholeNumber(name, text, range: range) }
    }
}

extension Option where Value == Int? {
    /// A whole number in `range`, `nil` when not given.
    init(
        _ name: String, _ placeholder: String = "N", help: String, shownDefault: String? = nil,
        range: ClosedRange<Int> = 0...Int.max
    ) {
        self.init(name, placeholder, help: help, default: nil, shownDefault: shownDefault) { name, text in
            try Option<Int>.wholeNumber(name, text, range: range)
        }
    }
}

extension Option {
    /// `text` as a whole number in `range`, or the usage error that says what is needed.
    static func wholeNumber(_ name: String, _ text: String, range: ClosedRange<Int>) throws -> Int {
        guard let number = Int(text), range.contains(number) else {
            let upper = range.upperBound == Int.max ? "up" : String(range.upperBound)
            throw UsageError("\(name) needs a whole number from \(range.lowerBound) to \(upper), got \"\(text)\"")
        }
        return number
    }
}

extension Option where Value == Double {
    /// A number in `range`, `defaultValue` when not given.
    init(
        _ name: String, _ placeholder: String, help: String, default defaultValue: Double,
        shownDefault: String? = nil, range: ClosedRange<Double>
    ) {
        let shown = shownDefault ?? "default \(defaultValue.formatted)"
        self.init(name, placeholder, help: help, default: defaultValue, shownDefault: shown) { name, text in
            guard let number = Double(text), range.contains(number) else {
                throw UsageError(
                    "\(name) needs a number from \(range.lowerBound) to \(range.upperBound), got \"\(text)\"")
            }
            return number
        }
    }
}

extension Double {
    /// `10` for 10.0, `0.5` for 0.5.
    fileprivate var formatted: String { rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}

extension Option where Value == String {
    /// Any text, `defaultValue` when not given.
    init(_ name: String, _ placeholder: String, help: String, default defaultValue: String, shownDefault: String? = nil)
    {
        self.init(
            name, placeholder, help: help, default: defaultValue,
            shownDefault: shownDefault ?? "default \(defaultValue)", convert: Self.nonEmpty)
    }

    /// `text`, unless it is empty (`--out ""`, a variable that was not set): a usage error then,
    /// before anything is created or sent.
    static func nonEmpty(_ name: String, _ text: String) throws -> String {
        guard !text.isEmpty else { throw UsageError("\(name) needs a value, got an empty one") }
        return text
    }
}

extension Option where Value == String? {
    /// Any text but an empty one, `nil` when not given.
    init(_ name: String, _ placeholder: String, help: String, shownDefault: String? = nil) {
        self.init(name, placeholder, help: help, default: nil, shownDefault: shownDefault) { name, text in
            try Option<String>.nonEmpty(name, text)
        }
    }
}

extension Option where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// One of `Value`'s names, `defaultValue` when not given.
    init(_ name: String, _ placeholder: String, help: String, default defaultValue: Value, shownDefault: String? = nil)
    {
        self.init(
            name, placeholder, help: help, default: defaultValue,
            shownDefault: shownDefault ?? "default \(defaultValue.rawValue)", choices: Value.allCases.map(\.rawValue)
        ) { name, text in
            guard let parsed = Value(rawValue: text) else {
                throw UsageError(
                    "\(name) takes one of \(Value.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(text)\"")
            }
            return parsed
        }
    }
}

extension Option {
    /// A comma-separated list of `Element`'s names (`--faults 500,reset`), every one when not given.
    ///
    /// The usage error names the option, the unknown element and the names it takes.
    static func list<Element>(
        _ name: String, _ placeholder: String, help: String, shownDefault: String?,
        allowed: [Element] = Array(Element.allCases)
    ) -> Option<[Element]>
    where
        Element: RawRepresentable & CaseIterable & Sendable & Equatable, Element.RawValue == String,
        Value == [Element]
    {
        Option<[Element]>(
            name, placeholder, help: help, default: allowed, shownDefault: shownDefault
        ) { name, text in
            try text.split(separator: ",").map { piece in
                guard let element = Element(rawValue: String(piece)), allowed.contains(element) else {
                    throw UsageError(
                        "\(name): unknown kind \"\(piece)\"; use \(allowed.map(\.rawValue).joined(separator: ","))"
                    )
                }
                return element
            }
        }
    }
}

extension Option where Value == String {
    /// A comma-separated list of an API method's parts (`--video-parts snippet,status`): each must
    /// be one an API key can read. The usage error names the option, the part and those it takes.
    static func parts(_ name: String, of method: String, names: [String], default value: String) -> Option<String> {
        Option<String>(
            name, "LIST", help: "the parts \(method) asks for (the same unit whatever they are)", default: value,
            shownDefault: "default: \(value)"
        ) { name, text in
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            for part in parts where !names.contains(part) {
                throw UsageError(
                    "\(name): \(part.isEmpty ? "an empty part" : "unknown part \"\(part)\""); "
                        + "the parts of \(method) an API key can read: \(names.joined(separator: ","))")
            }
            return parts.joined(separator: ",")
        }
    }
}
