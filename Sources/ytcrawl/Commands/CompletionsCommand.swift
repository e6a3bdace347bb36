/// `ytcrawl completions bash|zsh|fish`: the shell's completion script, generated from the registry.
struct CompletionsCommand: Command {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    static let configuration = CommandConfiguration(
        name: "completions", synopsis: "completions bash|zsh|fish",
        summary: "a shell completion script on stdout (commands, options, their values)",
        discussion: """
            Print the completion script of a shell: every command, every option with its help, and
            the values of options that take a fixed set of names, from the same registry as --help.
            """,
        epilogue: """
            Examples:
              source <(ytcrawl completions bash)                      # in ~/.bashrc
              ytcrawl completions zsh > "${fpath[1]}/_ytcrawl"
              ytcrawl completions fish > ~/.config/fish/completions/ytcrawl.fish
            """, arguments: .words(Shell.allCases.map(\.rawValue)))

    var shell: Shell

    init(_ scanner: ArgumentScanner) throws {
        let shells = Shell.allCases.map(\.rawValue).joined(separator: ", ")
        guard scanner.positional.count == 1, let name = scanner.positional.first else {
            throw UsageError("ytcrawl completions needs one SHELL: \(shells)")
        }
        guard let shell = Shell(rawValue: name) else {
            throw UsageError("unknown SHELL \"\(name)\": use one of \(shells)")
        }
        self.shell = shell
    }

    func run() async throws -> Int32 {
        switch shell {
        case .bash: print(BashCompletion.script)
        case .zsh: print(ZshCompletion.script)
        case .fish: print(FishCompletion.script)
        }
        return 0
    }
}
