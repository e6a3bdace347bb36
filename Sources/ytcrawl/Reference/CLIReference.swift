/// docs/reference/cli.md: every command with its usage, its discussion, its options and their
/// help, and its epilogue, from the registry (as the man page and the completions are).
enum CLIReference {
    static var markdown: String {
        let commands = CommandReference.commands
        var sections = [
            "# Command-line reference",
            GeneratedReference.notice(
                "the command registry (Sources/ytcrawl/Commands), the one `--help`, the man page and the completions come from"
            ),
            "`ytcrawl COMMAND --help` prints a command's section of this page, `man ytcrawl` the whole page. "
                + "The API key comes from `YOUTUBE_API_KEY` or `--key-file FILE`, never from a flag, "
                + "and is never printed. Tasks: [the documentation](../README.md).",
            MarkdownText.table(
                ["command", "what it does"],
                commands.map { command in
                    let isDefault = command.name == CommandReference.defaultCommand.name
                    return [
                        "[" + MarkdownText.cell(MarkdownText.code("ytcrawl " + (command.usage ?? command.synopsis)))
                            + "](#" + anchor(command) + ")",
                        MarkdownText.cell(command.summary + (isDefault ? " (the default command)" : "")),
                    ]
                }),
            "## ytcrawl itself",
            optionTable(CommandReference.toolOptions),
        ]
        for command in commands {
            sections.append("## ytcrawl " + command.name)
            sections.append("```\nytcrawl " + (command.usage ?? command.synopsis) + "\n```")
            sections.append(
                MarkdownText.inline(command.summary.prefix(1).uppercased() + command.summary.dropFirst() + "."))
            if !command.discussion.isEmpty { sections.append(MarkdownText.paragraphs(command.discussion)) }
            for group in command.helpGroups where !group.options.isEmpty {
                sections.append("### " + MarkdownText.inline(group.title))
                sections.append(optionTable(group.options))
            }
            if !command.epilogue.isEmpty { sections.append(MarkdownText.paragraphs(command.epilogue)) }
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// The anchor GitHub gives the command's heading (`## ytcrawl crawl` → `ytcrawl-crawl`).
    static func anchor(_ command: CommandConfiguration) -> String { "ytcrawl-" + command.name }

    /// One row per option: its names and placeholder as typed, its help with its default.
    private static func optionTable(_ options: [OptionSpec]) -> String {
        MarkdownText.table(
            ["option", "what it does"],
            options.map { spec in
                let names = spec.names.map { name in
                    MarkdownText.cell(MarkdownText.code(name + (spec.placeholder.map { " " + $0 } ?? "")))
                }
                return [
                    names.joined(separator: ", "),
                    MarkdownText.cell(spec.help + (spec.shownDefault.map { " (\($0))" } ?? "")),
                ]
            })
    }
}
