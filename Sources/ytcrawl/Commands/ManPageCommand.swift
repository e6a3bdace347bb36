/// `ytcrawl manpage`: the man page ytcrawl(1), generated from the registry.
struct ManPageCommand: Command {
    static let configuration = CommandConfiguration(
        name: "manpage", synopsis: "manpage", summary: "the man page ytcrawl(1) in troff on stdout",
        discussion: """
            Print the man page: every command with its usage, options, their help and defaults,
            from the same registry as --help. make dist ships it as ytcrawl.1.
            """,
        epilogue: """
            Examples:
              ytcrawl manpage > ytcrawl.1 && man -l ytcrawl.1
            """, arguments: .none)

    init(_ scanner: ArgumentScanner) throws {
        guard scanner.positional.isEmpty else { throw UsageError("ytcrawl manpage takes no arguments") }
    }

    func run() async throws -> Int32 {
        print(ManPage.text)
        return 0
    }
}
