import Foundation
import Testing

@testable import ytcrawl

/// The registry drives help, dispatch and suggestions: every command's help lists exactly the
/// options it accepts, and the binary accepts each of them.
@Suite("command registry")
struct CommandRegistryTests {
    static let names = CommandRegistry.commands.map { $0.configuration.name }

    /// The options a help text lists: entry lines start with two spaces and a dash, as
    /// `  -v, --verbose   …` or `  --seeds FILE   …`.
    static func listedOptions(_ help: String) -> [String] {
        help.split(separator: "\n").filter { $0.hasPrefix("  -") }.flatMap { line in
            line.split(separator: " ").prefix { $0.hasPrefix("-") }.map {
                String($0.hasSuffix(",") ? $0.dropLast() : $0)
            }
        }
    }

    @Test(arguments: names)
    func helpListsExactlyTheOptionsTheCommandDeclares(name: String) throws {
        let configuration = try #require(CommandRegistry.command(named: name)).configuration
        let listed = Self.listedOptions(configuration.help)
        #expect(listed.count == Set(listed).count, "\(name) lists an option twice")
        #expect(Set(listed) == Set(configuration.options.flatMap(\.names)))
        #expect(listed.contains("--help"))
    }

    @Test(arguments: names)
    func theBinaryAcceptsEveryOptionItsHelpLists(name: String) async throws {
        let help = try await CLIRunner.run([name, "--help"])
        #expect(help.status == 0, "\(help.stderr)")
        let configuration = try #require(CommandRegistry.command(named: name)).configuration
        #expect(help.stdout == configuration.help + "\n")
        let takesValue = Dictionary(
            configuration.options.flatMap { spec in spec.names.map { ($0, spec.takesValue) } },
            uniquingKeysWith: { first, _ in first })
        for option in Self.listedOptions(help.stdout) {
            // Options are checked by name before any value is; --help then prints the help.
            let arguments = [name, option] + (takesValue[option] == true ? ["1"] : []) + ["--help"]
            let result = try await CLIRunner.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout == help.stdout, "\(arguments)")
        }
        let unknown = try await CLIRunner.run([name, "--no-such-option", "--help"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown option --no-such-option for ytcrawl \(name)"))
    }

    @Test func theTopLevelHelpListsEveryCommandOfTheRegistry() async throws {
        let result = try await CLIRunner.run(["--help"])
        #expect(result.status == 0)
        let listed = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).drop { $0 != "Commands:" }
            .dropFirst().prefix { !$0.isEmpty }
            .map { $0.split(separator: " ")[0].trimmingCharacters(in: CharacterSet(charactersIn: "[]")) }
        #expect(listed == Self.names)
    }

    @Test(arguments: [("merg", "merge"), ("refersh", "refresh"), ("scheam", "schema"), ("emulte", "emulate")])
    func aMistypedCommandSuggestsTheNearestOne(typed: String, meant: String) async throws {
        let result = try await CLIRunner.run([typed])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown command \"\(typed)\" (did you mean \(meant)?)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func anOptionFirstMeansACrawl() async throws {
        let result = try await CLIRunner.run(["--budget", "10"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--seeds FILE is required"))
    }
}
