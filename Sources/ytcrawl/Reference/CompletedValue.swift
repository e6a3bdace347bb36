/// What a shell completes after an option, read off its declaration: the names of a fixed set,
/// a directory or a file for the placeholders that name one, else nothing it could guess.
enum CompletedValue: Equatable {
    /// A flag: no value follows.
    case none
    case words([String])
    case directories
    case files
    /// A number, a URL, a list: typed by hand.
    case text

    init(_ spec: OptionSpec) {
        guard let placeholder = spec.placeholder else {
            self = .none
            return
        }
        if !spec.choices.isEmpty {
            self = .words(spec.choices)
        } else if placeholder == "DIR" {
            self = .directories
        } else if placeholder == "FILE" || placeholder.hasSuffix("_FILE") || placeholder == "PATH" {
            self = .files
        } else {
            self = .text
        }
    }
}

/// The commands and options the completions and the man page are generated from: the registry's,
/// with the tool's own `--help` and `--version`.
enum CommandReference {
    static var commands: [CommandConfiguration] { CommandRegistry.commands.map { $0.configuration } }

    /// The command whose options apply when the first argument is an option (`ytcrawl --seeds …`).
    static var defaultCommand: CommandConfiguration { CommandRegistry.defaultCommand.configuration }

    /// The options the tool itself takes before any command.
    static let toolOptions = [
        OptionGroup.help.spec,
        OptionSpec(
            names: ["--version"], placeholder: nil,
            help: "print the version, commit, build date and API revision", shownDefault: nil),
        OptionSpec(
            names: ["--cite"], placeholder: nil,
            help: "how to cite ytcrawl (BibTeX and plain text, with the version)", shownDefault: nil),
    ]
}
