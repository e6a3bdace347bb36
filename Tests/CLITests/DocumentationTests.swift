import Crawler
import Foundation
import StreamingJSON
import Testing

@testable import ytcrawl

/// The documentation: the reference pages generated from the code are the committed ones, every
/// relative link of README.md and docs/ leads somewhere, and the README keeps its two commands.
@Suite("documentation")
struct DocumentationTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func committed(_ path: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    }

    /// The first line where two texts differ, for a message that shows it.
    static func firstDifference(_ committed: String, _ generated: String) -> String {
        let old = committed.split(separator: "\n", omittingEmptySubsequences: false)
        let new = generated.split(separator: "\n", omittingEmptySubsequences: false)
        let line =
            zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        func at(_ lines: [Substring]) -> String { line < lines.count ? String(lines[line]) : "(end of file)" }
        return "line \(line + 1): committed \"\(at(old))\", generated \"\(at(new))\""
    }

    @Test(arguments: GeneratedReference.pages.map(\.name))
    func theCommittedReferencePageIsTheGeneratedOne(name: String) throws {
        let path = GeneratedReference.directory + "/" + name
        let generated = try #require(GeneratedReference.pages.first { $0.name == name }).text
        let committed = try? Self.committed(path)
        let upToDate = committed == generated
        #expect(
            upToDate,
            """
            \(path) is stale (\(committed.map { Self.firstDifference($0, generated) } ?? "missing")): \
            regenerate it with `\(GeneratedReference.command)` (ytcrawl docs reference --out \
            \(GeneratedReference.directory)) and commit it
            """)
    }

    @Test func everyRelativeLinkLeadsToAFileAndAnAnchor() throws {
        let checker = MarkdownLinks(root: Self.repository)
        let files = checker.documentationFiles()
        #expect(files.count > 10, "README.md and the pages under docs/: \(files)")
        var broken: [MarkdownLinks.Broken] = []
        for file in files { broken += try checker.broken(in: file) }
        #expect(broken.isEmpty, "\(broken.map(\.description).joined(separator: "\n"))")
    }

    /// Every page under docs/ is reachable: the README or the docs index links to it.
    @Test func everyPageIsLinkedFromTheReadmeOrTheIndex() throws {
        let checker = MarkdownLinks(root: Self.repository)
        var linked: Set<String> = []
        for (file, folder) in [("README.md", ""), ("docs/README.md", "docs/")] {
            for link in MarkdownLinks.links(in: try Self.committed(file)) {
                let path = String(link.target.split(separator: "#", omittingEmptySubsequences: false)[0])
                linked.insert(URL(fileURLWithPath: "/" + folder + path).standardized.path.dropFirst().description)
            }
        }
        let unlinked = checker.documentationFiles().filter { $0 != "README.md" && $0 != "docs/README.md" }
            .filter { !linked.contains($0) }
        #expect(unlinked.isEmpty, "not linked from README.md or docs/README.md: \(unlinked)")
    }

    /// The front page's first commands are the two a fresh Debian machine needs, and the pictures
    /// it shows are small.
    @Test func theReadmeStartsWithItsTwoCommandsAndSmallPictures() throws {
        let readme = try Self.committed("README.md")
        let block = readme.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first
        let commands = (block ?? "").split(separator: "\n").map {
            $0.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
        }
        .filter { !$0.isEmpty }
        #expect(commands == ["make run", "make test"])
        let makefile = try Self.committed("Makefile")
        #expect(makefile.contains("\nrun:") && makefile.contains("\ntest:"))
        let pictures = MarkdownLinks.links(in: readme).map(\.target).filter { $0.hasSuffix(".png") }
        #expect(pictures.contains("docs/report.png") && pictures.contains("docs/gallery.png"), "\(pictures)")
        for picture in pictures {
            let size =
                try FileManager.default.attributesOfItem(
                    atPath: Self.repository.appendingPathComponent(picture).path)[.size] as? Int
            #expect((size ?? .max) < 300_000, "\(picture) is \(size ?? -1) bytes")
        }
    }

    /// Every `seeds` block of the documentation is a seeds file the parser takes.
    @Test func everySeedsExampleParses() throws {
        var blocks = 0
        for file in MarkdownLinks(root: Self.repository).documentationFiles() {
            for block in try Self.committed(file).components(separatedBy: "```seeds\n").dropFirst() {
                blocks += 1
                do {
                    _ = try SeedsParser.parse(block.components(separatedBy: "\n```")[0], file: file)
                } catch {
                    Issue.record("a seeds example of \(file) does not parse: \(error)")
                }
            }
        }
        #expect(
            blocks >= 5, "the seeds examples of README.md, docs/crawling.md, docs/comments.md, docs/reference/seeds.md")
    }

    /// The tour's seeds are the ones its commands and `make screenshots` crawl.
    @Test func theReadmeShowsTheTourSeeds() throws {
        let readme = try Self.committed("README.md")
        let block = try #require(readme.components(separatedBy: "```seeds\n").dropFirst().first)
        let sample = try Self.committed("Samples/tour-seeds.txt").split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(block.components(separatedBy: "\n```")[0].split(separator: "\n") == sample)
    }

    @Test func theLinkCheckerFindsWhatIsBroken() throws {
        let root = URL(fileURLWithPath: CrawlCommandTests.temporary("links"))
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try "# Page\n\n## The `output` directory\n\n## Twice\n\n## Twice\n".write(
            to: root.appendingPathComponent("docs/page.md"), atomically: true, encoding: .utf8)
        try """
        [ok](docs/page.md#the-output-directory) [ok](docs/page.md#twice-1) ![ok](docs/page.md) [ok](https://x.y/z)
        [no file](docs/gone.md) [no anchor](docs/page.md#the-output) [out](../elsewhere.md)
        `[in code](docs/gone.md)` <!-- [in a comment](docs/gone.md) -->
        ```
        [in a block](docs/gone.md)
        ```
        [own anchor](#readme)
        """.write(to: root.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        let broken = try MarkdownLinks(root: root).broken(in: "README.md")
        #expect(
            broken.map(\.target) == ["docs/gone.md", "docs/page.md#the-output", "../elsewhere.md", "#readme"],
            "\(broken)")
        #expect(broken.map(\.line) == [2, 2, 2, 7])
        #expect(
            MarkdownLinks.slug("Past the caps: `split=time` and [more](x.md) — ×2")
                == "past-the-caps-splittime-and-more--2")
    }

    @Test func theRecordsPageListsEveryFieldWithItsType() {
        let page = RecordsReference.markdown
        for schema in RecordSchema.all {
            #expect(page.contains("\n## \(schema.kind)\n"))
            for row in RecordsReference.rows(schema.fields) {
                #expect(page.contains("| `\(row.path)` |"), "\(schema.kind) \(row.path)")
            }
        }
        #expect(page.contains("| `videoId` | string | never null | 1 |"))
        #expect(page.contains("| `viewCount` | integer | null | 1 |"))
        #expect(page.contains("| `tags` | array of strings | null | 1 |"))
        #expect(
            page.contains(
                "| `source.kind` | one of `search`, `channel`, `playlist`, `video`, `chart` | never null | 1 |"))
        #expect(page.contains("| `thumbnails.<key>.width` | integer | null, may be absent | 1 |"))
        #expect(page.contains("| `format` | one of `short`, `live`, `long` | null | 2 |"))
        #expect(page.contains("| `contentRating` | object, as sent | null | 2 |"))
        #expect(
            page.contains("| `regionRestriction.allowed` | array of strings | null | 2 |"),
            "a member's version is its column's")
    }

    /// A column added to the reference (a field's description) is in every kind's table.
    @Test func everyRowOfTheRecordsPageHasEveryColumn() {
        let rows = RecordsReference.markdown.split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(!rows.isEmpty)
        for row in rows {
            // Cells split at pipes that are not escaped.
            let cells = row.replacingOccurrences(of: "\\|", with: "").split(
                separator: "|", omittingEmptySubsequences: false)
            #expect(cells.count == RecordsReference.columns.count + 2, "\(row)")
        }
    }

    @Test func theCLIPageListsEveryCommandAndOptionButNotTheMaintainersOnes() {
        let page = CLIReference.markdown
        for command in CommandReference.commands {
            #expect(page.contains("\n## ytcrawl \(command.name)\n"), "\(command.name)")
            #expect(page.contains("](#\(CLIReference.anchor(command)))"), "\(command.name)")
            for spec in command.options {
                #expect(page.contains("`" + spec.name), "\(command.name) \(spec.name)")
            }
        }
        for command in CommandRegistry.maintenanceCommands {
            #expect(!page.contains("## ytcrawl \(command.configuration.name)"))
            #expect(!page.contains("(#ytcrawl-\(command.configuration.name))"))
            #expect(!ManPage.text.contains("ytcrawl \(command.configuration.name)"))
            #expect(!BashCompletion.script.contains(" \(command.configuration.name) "))
        }
        #expect(
            page.contains("| `--shard-bytes SIZE` | compressed bytes per shard at most, as 64M or 1G (default 128M) |"))
    }

    @Test func markdownKeepsCodeSpansAndEscapesMarkup() {
        #expect(
            MarkdownText.inline("read out/videos-*.jsonl.gz as `videos-*.jsonl.gz`")
                == "read out/videos-\\*.jsonl.gz as `videos-*.jsonl.gz`")
        #expect(MarkdownText.inline("a <b> [c] d_e") == "a \\<b\\> \\[c\\] d\\_e")
        #expect(MarkdownText.inline("one ` tick") == "one \\` tick")
        #expect(MarkdownText.cell("a|b `c|d`\nnext") == "a\\|b `c\\|d` next")
        #expect(MarkdownText.code("a`b") == "``a`b``")
        #expect(
            MarkdownText.paragraphs("Plain text\nwrapped *here*.\n\nExamples:\n    ytcrawl a\n      --b")
                == "Plain text wrapped \\*here\\*.\n\nExamples:\n\n```\nytcrawl a\n  --b\n```")
    }

    @Test func theDocsCommandWritesChecksAndIsNotListed() async throws {
        let folder = CrawlCommandTests.temporary("reference")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let written = try await CLIRunner.run(["docs", "reference", "--out", folder])
        #expect(written.status == 0, "\(written.stderr)")
        for page in GeneratedReference.pages {
            #expect(try String(contentsOfFile: folder + "/" + page.name, encoding: .utf8) == page.text)
        }
        let fresh = try await CLIRunner.run(["docs", "reference", "--out", folder, "--check"])
        #expect(fresh.status == 0, "\(fresh.stderr)")
        try "edited\n".write(toFile: folder + "/records.md", atomically: true, encoding: .utf8)
        let stale = try await CLIRunner.run(["docs", "reference", "--out", folder, "--check"])
        #expect(stale.status == 1)
        #expect(stale.stderr.contains("stale: \(folder)/records.md; regenerate with make docs"), "\(stale.stderr)")
        #expect(!stale.stderr.contains("cli.md"))
        let help = try await CLIRunner.run(["--help"])
        #expect(!help.stdout.contains("docs"))
        let wrong = try await CLIRunner.run(["docs"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("ytcrawl docs needs the word reference"))
    }
}
