import YouTubeKit

/// Reads `--name value` options and flags for one command, with errors that name the option,
/// what it needs and the nearest valid spelling.
struct ArgumentScanner {
    let command: String
    /// Options that take a value.
    let valued: Set<String>
    /// Options that take none.
    let flags: Set<String>
    private(set) var values: [String: String] = [:]
    private(set) var setFlags: Set<String> = []
    private(set) var positional: [String] = []

    init(command: String, valued: Set<String>, flags: Set<String>, arguments: [String]) throws {
        self.command = command
        self.valued = valued
        self.flags = flags.union(["-h", "--help"])
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if argument.hasPrefix("-"), argument != "-" {
                var name = argument
                var inline: String?
                if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                    name = String(argument[..<equals])
                    inline = String(argument[argument.index(after: equals)...])
                }
                if valued.contains(name) {
                    guard let value = inline ?? iterator.next() else {
                        throw UsageError("\(name) needs a value; see ytcrawl \(command) --help")
                    }
                    values[name] = value
                } else if self.flags.contains(name), inline == nil {
                    setFlags.insert(name)
                } else {
                    let hint =
                        Spelling.nearest(to: name, in: Array(valued.union(self.flags))).map { " (did you mean \($0)?)" }
                        ?? ""
                    throw UsageError(
                        "unknown option \(name) for ytcrawl \(command)\(hint); see ytcrawl \(command) --help")
                }
            } else {
                positional.append(argument)
            }
        }
    }

    var wantsHelp: Bool { setFlags.contains("-h") || setFlags.contains("--help") }

    func flag(_ name: String) -> Bool { setFlags.contains(name) }

    func string(_ name: String) -> String? { values[name] }

    func integer(_ name: String, default value: Int, range: ClosedRange<Int> = 0...Int.max) throws -> Int {
        guard let text = values[name] else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(
                "\(name) needs a whole number from \(range.lowerBound) to \(range.upperBound == Int.max ? "up" : String(range.upperBound)), got \"\(text)\""
            )
        }
        return number
    }

    func double(_ name: String, default value: Double, range: ClosedRange<Double>) throws -> Double {
        guard let text = values[name] else { return value }
        guard let number = Double(text), range.contains(number) else {
            throw UsageError("\(name) needs a number from \(range.lowerBound) to \(range.upperBound), got \"\(text)\"")
        }
        return number
    }

    func choice<T: RawRepresentable & CaseIterable>(_ name: String, default value: T) throws -> T
    where T.RawValue == String {
        guard let text = values[name] else { return value }
        guard let parsed = T(rawValue: text) else {
            throw UsageError(
                "\(name) takes one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(text)\"")
        }
        return parsed
    }
}
