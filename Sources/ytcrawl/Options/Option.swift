/// What the scanner and the help text need to know of one option, whatever its value's type.
struct OptionSpec: Sendable, Hashable {
    /// Its spellings, the main one last (`-v`, `--verbose`): values are kept under the main one.
    let names: [String]
    /// What its value is called in the help (`FILE`, `N`); `nil` for a flag.
    let placeholder: String?
    /// Its line in the help.
    let help: String
    /// Its default as the help shows it (`default 8`), if it has one worth showing.
    let shownDefault: String?
    /// The values it takes, when they are a fixed set of names (shell completions offer them).
    var choices: [String] = []

    var name: String { names[names.count - 1] }
    var takesValue: Bool { placeholder != nil }
}

/// An option that takes a value, declared once: name, placeholder, help line, default, and how
/// its text becomes a `Value`. Commands read it with `try scanner[Declaration.option]`.
struct Option<Value: Sendable>: Sendable {
    let spec: OptionSpec
    let defaultValue: Value
    private let convert: @Sendable (_ name: String, _ text: String) throws -> Value

    var name: String { spec.name }

    /// - Parameters:
    ///   - shownDefault: the default as the help states it; `nil` to state none.
    ///   - choices: the names it takes, when they are a fixed set.
    ///   - convert: the value of a text given (`name` is the option's, for messages), or a
    ///     ``UsageError`` saying what it needs.
    init(
        _ name: String, _ placeholder: String, help: String, default defaultValue: Value, shownDefault: String?,
        choices: [String] = [], convert: @escaping @Sendable (_ name: String, _ text: String) throws -> Value
    ) {
        spec = OptionSpec(
            names: [name], placeholder: placeholder, help: help, shownDefault: shownDefault, choices: choices)
        self.defaultValue = defaultValue
        self.convert = convert
    }

    /// The value of `text` given on the command line.
    func value(of text: String) throws -> Value { try convert(spec.name, text) }
}

/// An option that takes no value: given or not.
struct Flag: Sendable {
    let spec: OptionSpec

    /// `names` with the main spelling last, as `["-v", "--verbose"]`.
    init(_ names: String..., help: String) {
        spec = OptionSpec(names: names, placeholder: nil, help: help, shownDefault: nil)
    }

    var name: String { spec.name }
}

/// Named, typed options the help shows together under `title`, shared by every command that
/// lists the group (as swift-argument-parser's `@OptionGroup`).
struct OptionGroup: Sendable {
    let title: String
    let options: [OptionSpec]

    init(_ title: String, _ options: [OptionSpec]) {
        self.title = title
        self.options = options
    }

    /// `-h, --help`, which every command takes.
    static let help = Flag("-h", "--help", help: "show this help")
}
