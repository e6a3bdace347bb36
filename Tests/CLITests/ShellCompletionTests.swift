import Foundation
import TestSupport
import Testing

@testable import ytcrawl

/// `ytcrawl completions bash|zsh|fish`, generated from the registry: they complete commands and
/// options, and each shell reads its file.
@Suite("shell completions")
struct ShellCompletionTests {
    /// The completion script of `shell`, written to a temporary file.
    static func script(_ shell: String) async throws -> String {
        let result = try await CLIRunner.run(["completions", shell])
        #expect(result.status == 0, "\(result.stderr)")
        let path = CrawlCommandTests.temporary("completion-\(shell)")
        try result.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// What bash's completion function offers for the command line `words` (the last one being
    /// completed), after sourcing the script.
    static func bashCompletes(_ script: String, _ words: [String]) async throws -> [String] {
        let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
        let program = """
            source "$1"
            COMP_WORDS=(\(quoted)); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
            complete -p ytcrawl >/dev/null || exit 3
            _ytcrawl ytcrawl "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try await ExternalTools.run("bash", ["--norc", "-c", program, "bash", script])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test(.enabled(if: ExternalTools.present("bash"), "bash is not installed"))
    func bashCompletesCommandsOptionsAndValues() async throws {
        let script = try await Self.script("bash")
        defer { try? FileManager.default.removeItem(atPath: script) }
        #expect(try await Self.bashCompletes(script, ["ytcrawl", "mer"]) == ["merge"])
        #expect(
            try await Self.bashCompletes(script, ["ytcrawl", "crawl", "--shard-"]) == [
                "--shard-records", "--shard-bytes",
            ])
        // An option first is the default command's (crawl), and the tool's own options.
        #expect(try await Self.bashCompletes(script, ["ytcrawl", "--shard-r"]) == ["--shard-records"])
        #expect(try await Self.bashCompletes(script, ["ytcrawl", "--vers"]) == ["--version"])
        #expect(try await Self.bashCompletes(script, ["ytcrawl", "crawl", "--progress", "a"]) == ["auto", "always"])
        #expect(try await Self.bashCompletes(script, ["ytcrawl", "schema", "ch"]) == ["channels", "chat"])
        #expect(try await Self.bashCompletes(script, ["ytcrawl", "completions", "z"]) == ["zsh"])
    }

    @Test(.enabled(if: ExternalTools.present("zsh"), "zsh is not installed (apt install zsh)"))
    func zshParsesItsScript() async throws {
        let script = try await Self.script("zsh")
        defer { try? FileManager.default.removeItem(atPath: script) }
        let result = try await ExternalTools.run("zsh", ["-n", script])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test(.enabled(if: ExternalTools.present("fish"), "fish is not installed (apt install fish)"))
    func fishParsesItsScriptAndCompletes() async throws {
        let script = try await Self.script("fish")
        defer { try? FileManager.default.removeItem(atPath: script) }
        let result = try await ExternalTools.run("fish", ["-n", script])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let completes = try await ExternalTools.run(
            "fish",
            [
                "--no-config", "-c",
                "source $argv[1]; complete -C 'ytcrawl mer'; echo then; complete -C 'ytcrawl crawl --shard-'", script,
            ])
        let words = completes.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        #expect(words == ["merge", "then", "--shard-bytes", "--shard-records"], "\(completes.stdout)")
    }

    /// Every command and every option of the registry is in every shell's script, with the help
    /// in the scripts that show it: nothing to keep in step by hand.
    @Test func everyScriptNamesEveryCommandAndOption() {
        for (shell, script) in [
            ("bash", BashCompletion.script), ("zsh", ZshCompletion.script), ("fish", FishCompletion.script),
        ] {
            for command in CommandReference.commands {
                #expect(script.contains(command.name), "\(shell): \(command.name)")
                for spec in command.options {
                    let name = shell == "fish" ? "-l " + spec.name.dropFirst(2) : spec.name
                    #expect(script.contains(name), "\(shell): \(command.name) \(spec.name)")
                }
            }
        }
        #expect(ZshCompletion.script.contains("[records per shard at most (default 100000)]"))
        #expect(FishCompletion.script.contains("-l shard-bytes -x -d 'compressed bytes per shard at most"))
    }

    @Test func anUnknownShellIsAUsageError() async throws {
        let result = try await CLIRunner.run(["completions", "tcsh"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown SHELL \"tcsh\": use one of bash, zsh, fish"))
    }
}
