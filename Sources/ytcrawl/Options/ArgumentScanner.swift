import YouTubeKit

/// Reads `--name value` options and flags for one command, with errors that name the option,
/// what it needs and the nearest valid spelling. It knows the command's declared options only:
/// reading one it was not given is a programming error.
struct ArgumentScanner {
    let command: String
    private let accepted: [String: OptionSpec]
    /// Values by the option's main name.
    private var values: [String: String] = [:]
    private var setFlags: Set<String> = []
    private(set) var positional: [String] = []

    /// Scans `arguments` against `options` (and `-h`/`--help`, always accepted).
    ///
    /// - Throws: ``UsageError`` for an option not in `options` (with the nearest spelling) or one
    ///   given without its value. Values are checked when they are read.
    init(command: String, options: [OptionSpec], arguments: [String]) throws {
        self.command = command
        var accepted: [String: OptionSpec] = [:]
        for spec in options + [OptionGroup.help.spec] {
            for name in spec.names { accepted[name] = spec }
        }
        self.accepted = accepted
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            guard argument.hasPrefix("-"), argument != "-" else {
                positional.append(argument)
                continue
            }
            var name = argument
            var inline: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            switch accepted[name] {
            case let spec? where spec.takesValue:
                guard let value = inline ?? iterator.next() else {
                    throw UsageError("\(name) needs a value; see ytcrawl \(command) --help")
                }
                // `--out --emulator` would otherwise make a directory named after a flag and run
                // without it; a value spelled like one of this command's options is a mistake.
                // `--out=--emulator` says it on purpose and is kept.
                if inline == nil, value.hasPrefix("-"), accepted[Self.optionName(of: value)] != nil {
                    throw UsageError(
                        "\(name) needs a value, but it is followed by the option \(value); give \(name)'s value "
                            + "right after it, or write \(name)=\(value) if that is the value meant; "
                            + "see ytcrawl \(command) --help")
                }
                values[spec.name] = value
            case let spec? where inline == nil:
                setFlags.insert(spec.name)
            default:
                let hint = Spelling.nearest(to: name, in: Array(accepted.keys)).map { " (did you mean \($0)?)" } ?? ""
                throw UsageError("unknown option \(name) for ytcrawl \(command)\(hint); see ytcrawl \(command) --help")
            }
        }
    }

    /// The option part of an argument: `--out` of `--out=DIR`, the argument itself otherwise.
    private static func optionName(of argument: String) -> String {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return argument }
        return String(argument[..<equals])
    }

    var wantsHelp: Bool { setFlags.contains(OptionGroup.help.name) }

    /// Whether `flag` was given.
    subscript(flag: Flag) -> Bool {
        check(flag.spec)
        return setFlags.contains(flag.name)
    }

    /// `option`'s value: the one given, else its default.
    ///
    /// - Throws: ``UsageError`` when the text given is not a value of the option.
    subscript<Value>(option: Option<Value>) -> Value {
        get throws {
            check(option.spec)
            guard let text = values[option.name] else { return option.defaultValue }
            return try option.value(of: text)
        }
    }

    /// Whether `option` was given a value (rather than left at its default).
    func isGiven<Value>(_ option: Option<Value>) -> Bool {
        check(option.spec)
        return values[option.name] != nil
    }

    /// The one DIR a command that reads an output takes, or the usage error that asks for it
    /// (or says it is not a directory), or the failure that names an interrupted prune in it
    /// (unless `pruneMayBePending`: verify reports it, prune finishes it).
    func outputDirectory(pruneMayBePending: Bool = false) throws -> String {
        guard positional.count == 1, let directory = positional.first else {
            throw UsageError(
                "ytcrawl \(command) needs one DIR (the --out directory of a crawl); see ytcrawl \(command) --help")
        }
        try OutputDirectory.require(directory)
        if !pruneMayBePending { try OutputDirectory.requireNoInterruptedPrune(directory) }
        return directory
    }

    private func check(_ spec: OptionSpec) {
        precondition(accepted[spec.name] == spec, "ytcrawl \(command) reads \(spec.name) without declaring it")
    }
}
