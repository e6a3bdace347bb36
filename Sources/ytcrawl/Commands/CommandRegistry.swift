import YouTubeKit

/// The one list of commands: it drives the top-level help, the dispatch and the suggestion for a
/// mistyped command (as swift-argument-parser's `CommandConfiguration(subcommands:)`).
enum CommandRegistry {
    static var commands: [any Command.Type] {
        [
            CrawlCommand.self, URLCommand.self, DecodeCommand.self, EmulateCommand.self, RefreshCommand.self,
            StatsCommand.self, VerifyCommand.self, GalleryCommand.self, ReportCommand.self, SchemaCommand.self,
            ExportCommand.self, MergeCommand.self, UpdateCommand.self, NetworkCommand.self, CompletionsCommand.self,
            ManPageCommand.self, PruneCommand.self, CodebookCommand.self, CompareCommand.self, HydrateCommand.self,
            DehydrateCommand.self, UpgradeCommand.self,
        ]
    }

    /// Commands for the project's maintainers: dispatched like the others, but not listed (the
    /// help, the man page, the completions and the generated reference leave them out) and never
    /// suggested for a mistyped name.
    static var maintenanceCommands: [any Command.Type] { [DocsCommand.self] }

    /// What runs when the first argument is an option: `ytcrawl --seeds …` is a crawl.
    static var defaultCommand: any Command.Type { CrawlCommand.self }

    static func command(named name: String) -> (any Command.Type)? {
        (commands + maintenanceCommands).first { $0.configuration.name == name }
    }

    /// What the first argument asks for.
    enum Selection {
        /// The tool's own `--help`, `--version` or `--cite`: printed already.
        case answered
        /// A command, with the arguments that follow its name.
        case command(any Command.Type, arguments: [String])
    }

    /// The command `arguments` select; the tool's own `--help` and `--version` are printed here.
    ///
    /// - Throws: ``UsageError`` for an unknown command, with the nearest name.
    static func select(_ arguments: [String]) throws -> Selection {
        guard let first = arguments.first, !["-h", "--help", "help"].contains(first) else {
            print(topHelp)
            return .answered
        }
        if first == "--version" {
            print(ToolInfo.versionText)
            return .answered
        }
        if first == "--cite" {
            print(Citation.text)
            return .answered
        }
        if first.hasPrefix("--") { return .command(defaultCommand, arguments: arguments) }
        if let named = command(named: first) { return .command(named, arguments: Array(arguments.dropFirst())) }
        let names = commands.map { $0.configuration.name } + ["--help", "--version", "--cite"]
        let hint = Spelling.nearest(to: first, in: names).map { " (did you mean \($0)?)" } ?? ""
        throw UsageError("unknown command \"\(first)\"\(hint); run ytcrawl --help for the list")
    }

    /// Parses and runs `command`: its help when asked, else its exit code. On the main thread, as
    /// the tool began: `emulate` blocks the stop signals there before any other thread starts.
    @MainActor
    static func run(_ command: any Command.Type, _ arguments: [String]) async throws -> Int32 {
        let configuration = command.configuration
        let scanner = try ArgumentScanner(
            command: configuration.name, options: configuration.options, arguments: arguments)
        if scanner.wantsHelp {
            print(configuration.help)
            return 0
        }
        return try await command.init(scanner).run()
    }

    static var topHelp: String {
        let list = commands.map { command -> (String, String) in
            let configuration = command.configuration
            guard ObjectIdentifier(command) == ObjectIdentifier(defaultCommand) else {
                return (configuration.synopsis, configuration.summary)
            }
            return (
                "[\(configuration.name)]" + configuration.synopsis.dropFirst(configuration.name.count),
                configuration.summary + " (the default command)"
            )
        }
        return """
            ytcrawl \(ToolInfo.version): harvest YouTube Data API v3 metadata at scale.

            Usage: ytcrawl COMMAND [options]

            Commands:
            \(HelpText.table(list, indent: 2, column: 30, wraps: false))

            Options:
              -h, --help      show this help (ytcrawl COMMAND --help for a command's options)
              --version       print the version, commit, build date and API revision
              --cite          how to cite ytcrawl (BibTeX and plain text, with the version)

            Examples:
              ytcrawl --seeds Samples/seeds.txt --budget 2000 --emulator
              ytcrawl url search q=programming type=video regionCode=US relevanceLanguage=en maxResults=20
            """
    }
}
