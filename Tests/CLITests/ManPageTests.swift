import Foundation
import TestSupport
import Testing

@testable import ytcrawl

/// `ytcrawl manpage`, generated from the registry: groff reads it without a warning, man renders
/// it, and it documents every command and option.
@Suite("man page")
struct ManPageTests {
    static func page() async throws -> String {
        let result = try await CLIRunner.run(["manpage"])
        #expect(result.status == 0, "\(result.stderr)")
        let path = CrawlCommandTests.temporary("ytcrawl") + ".1"
        try result.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(.enabled(if: ExternalTools.present("groff"), "groff is not installed (apt install groff)"))
    func groffReadsItWithoutAWarning() async throws {
        let page = try await Self.page()
        defer { try? FileManager.default.removeItem(atPath: page) }
        let result = try await ExternalTools.run("groff", ["-ww", "-z", "-man", page])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test(.enabled(if: ExternalTools.present("man"), "man is not installed (apt install man-db)"))
    func manRendersEveryCommand() async throws {
        let page = try await Self.page()
        defer { try? FileManager.default.removeItem(atPath: page) }
        let result = try await ExternalTools.run(
            "man", ["-l", page], environment: ["MANPAGER": "cat", "MANWIDTH": "100"])
        #expect(result.status == 0, "\(result.stderr)")
        for heading in ["NAME", "SYNOPSIS", "COMMANDS", "ENVIRONMENT"] { #expect(result.stdout.contains(heading)) }
        for command in CommandReference.commands { #expect(result.stdout.contains("ytcrawl \(command.name)")) }
        #expect(result.stdout.contains("--shard-bytes SIZE"))
        #expect(result.stdout.contains("compressed bytes per shard at most, as 64M or 1G (default 128M)"))
    }

    /// Every option of every command, with its placeholder, as troff writes it.
    @Test func itListsEveryOptionOfEveryCommand() {
        let text = ManPage.text
        for command in CommandReference.commands {
            #expect(text.contains(".SS \"ytcrawl " + TroffText.escaped(command.usage ?? command.synopsis)))
            for spec in command.options {
                #expect(text.contains("\\fB" + TroffText.escaped(spec.name) + "\\fR"), "\(command.name) \(spec.name)")
            }
        }
    }

    @Test func troffEscapesWhatItWouldReadAsMarkup() {
        #expect(TroffText.escaped(".hidden") == "\\&.hidden")
        #expect(TroffText.escaped("a\\b --x") == "a\\eb \\-\\-x")
        #expect(TroffText.escaped("1–9 …") == "1\\[u2013]9 \\[u2026]")
        #expect(TroffText.escaped("a,b, c") == "a,\\:b, c")
        #expect(
            TroffText.paragraphs("Text.\n  ytcrawl a\n  ytcrawl b")
                == ".PP\nText.\n.RS 2\n.nf\nytcrawl a\nytcrawl b\n.fi\n.RE")
    }
}
