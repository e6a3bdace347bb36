/// One `ytcrawl` command: its configuration (name, help, option groups), a parse from the
/// scanner into typed fields, and a run that returns the exit code.
protocol Command: Sendable {
    static var configuration: CommandConfiguration { get }

    /// The command as the scanner read it: every option's value checked.
    ///
    /// - Throws: ``UsageError`` for anything the command line got wrong.
    init(_ scanner: ArgumentScanner) throws

    /// Runs the command; returns its exit code (see DESIGN.md: 0 done, 1 runtime failure, …).
    ///
    /// - Throws: ``UsageError`` (exit 2) or any other error (exit 1).
    func run() async throws -> Int32
}

/// What a command is called, how its help reads, and which options it takes (as
/// swift-argument-parser's `CommandConfiguration`).
struct CommandConfiguration: Sendable {
    /// The word that selects it: `crawl`.
    var name: String
    /// What follows `ytcrawl ` in the command list and the usage line: `decode FILE`.
    var synopsis: String
    /// Its line in the command list.
    var summary: String
    /// The usage line's arguments, when longer than the synopsis.
    var usage: String?
    /// Paragraphs between the usage line and the options.
    var discussion: String
    /// Its options, in the order the help shows them; `-h, --help` is added to the last group.
    var groups: [OptionGroup]
    /// Paragraphs after the options: exit codes, examples.
    var epilogue: String
    /// What its arguments are, for shell completions.
    var arguments: CommandArguments

    init(
        name: String, synopsis: String, summary: String, usage: String? = nil, discussion: String,
        groups: [OptionGroup] = [], epilogue: String, arguments: CommandArguments = .paths
    ) {
        self.name = name
        self.synopsis = synopsis
        self.summary = summary
        self.usage = usage
        self.discussion = discussion
        self.groups = groups
        self.epilogue = epilogue
        self.arguments = arguments
    }

    /// Every option the command accepts (`-h, --help` too).
    var options: [OptionSpec] { groups.flatMap(\.options) + [OptionGroup.help.spec] }

    /// The option groups as its help shows them: `-h, --help` at the end of the last one.
    var helpGroups: [OptionGroup] {
        var groups = groups
        if groups.isEmpty { groups = [OptionGroup("Options", [])] }
        groups[groups.count - 1] = OptionGroup(
            groups[groups.count - 1].title, groups[groups.count - 1].options + [OptionGroup.help.spec])
        return groups
    }

    /// The command's `--help` text, generated from its declared options.
    var help: String {
        var sections = ["Usage: ytcrawl " + (usage ?? synopsis), discussion]
        sections.append(helpGroups.map { HelpText.group($0) }.joined(separator: "\n"))
        sections.append(epilogue)
        return sections.filter { !$0.isEmpty }.joined(separator: "\n\n")
    }
}

/// What a command takes besides its options, as shell completions offer it.
enum CommandArguments: Sendable, Equatable {
    /// Nothing (`crawl`, `emulate`, `manpage`).
    case none
    /// Files or directories (`verify DIR`, `decode FILE`): the default.
    case paths
    /// One of these words (`schema KIND`, `completions SHELL`, `url METHOD`).
    case words([String])
}
