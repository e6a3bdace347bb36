import Foundation

/// `ytcrawl docs reference [--out DIR] [--check]`: a maintainer's command, not listed in the help,
/// the man page or the completions. It writes the reference pages generated from the code
/// (docs/reference/cli.md from the registry, records.md from the record schema), or checks them.
struct DocsCommand: Command {
    static let out = Option<String>(
        "--out", "DIR", help: "the folder the pages go to", default: GeneratedReference.directory,
        shownDefault: "default: \(GeneratedReference.directory)")
    static let check = Flag("--check", help: "write nothing: exit 1 naming each page that differs from the code")

    static let configuration = CommandConfiguration(
        name: "docs", synopsis: "docs reference [--out DIR] [--check]",
        summary: "write the generated reference pages (for maintainers)",
        discussion: """
            Write the reference pages generated from the code into DIR: cli.md (every command and
            option, from the registry --help comes from) and records.md (every record kind and field,
            from the record schema). Run it from the repository (make docs) after changing a command,
            an option or the schema; a test fails while a committed page is stale.
            """,
        groups: [OptionGroup("Options", [out.spec, check.spec])],
        epilogue: """
            Example:
              swift build -c release && .build/release/ytcrawl docs reference --out docs/reference
            """, arguments: .words(["reference"]))

    var out: String
    var check: Bool

    init(_ scanner: ArgumentScanner) throws {
        guard scanner.positional == ["reference"] else {
            throw UsageError("ytcrawl docs needs the word reference: ytcrawl docs reference [--out DIR] [--check]")
        }
        out = try scanner[Self.out]
        check = scanner[Self.check]
    }

    func run() async throws -> Int32 {
        var stale: [String] = []
        for page in GeneratedReference.pages {
            let path = (out as NSString).appendingPathComponent(page.name)
            if check {
                if (try? String(contentsOfFile: path, encoding: .utf8)) != page.text { stale.append(path) }
                continue
            }
            do {
                try page.text.write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                throw RuntimeFailure("cannot write \(path): \(error.localizedDescription); check the folder exists")
            }
            print("wrote \(path)")
        }
        guard stale.isEmpty else {
            writeStderr(
                "ytcrawl: stale: \(stale.joined(separator: ", ")); regenerate with \(GeneratedReference.command) "
                    + "(ytcrawl docs reference --out \(out))")
            return 1
        }
        if check { print("up to date: \(GeneratedReference.pages.map(\.name).joined(separator: ", "))") }
        return 0
    }
}
