import Foundation

/// The relative links of Markdown files and where they fail to lead: a file that is not there, or
/// an anchor (`#the-output-directory`) that no heading of the target file gives, as GitHub makes
/// anchors from headings. External links (`https:`, `mailto:`) are not followed.
struct MarkdownLinks {
    /// One link that leads nowhere: the file it is in, its line, the target and why.
    struct Broken: CustomStringConvertible {
        let file: String
        let line: Int
        let target: String
        let reason: String

        var description: String { "\(file):\(line): \(target): \(reason)" }
    }

    /// A link as written: its line (1-based) and its target.
    struct Link: Equatable {
        let line: Int
        let target: String
    }

    /// The repository the files are in: targets are resolved against a file's folder, and may not
    /// leave the repository.
    let root: URL

    /// The links of `text`: inline links and images (`[text](target)`, `![alt](target "title")`)
    /// outside fenced code blocks, code spans and HTML comments.
    static func links(in text: String) -> [Link] {
        var links: [Link] = []
        var inComment = false
        for (index, rawLine) in proseLines(text) {
            var line = ""
            var rest = Substring(rawLine)
            // Leave out HTML comments (which may span lines) and code spans.
            while !rest.isEmpty {
                if inComment {
                    guard let end = rest.range(of: "-->") else { break }
                    rest = rest[end.upperBound...]
                    inComment = false
                } else if rest.hasPrefix("<!--") {
                    inComment = true
                    rest = rest.dropFirst(4)
                } else if rest.hasPrefix("`") {
                    let ticks = rest.prefix { $0 == "`" }
                    let after = rest.dropFirst(ticks.count)
                    if let close = after.range(of: String(ticks)) {
                        rest = after[close.upperBound...]
                        line += " "
                    } else {
                        line += ticks
                        rest = after
                    }
                } else {
                    line.append(rest.removeFirst())
                }
            }
            links += targets(in: line).map { Link(line: index + 1, target: $0) }
        }
        return links
    }

    /// The targets of the `](…)` of one line.
    private static func targets(in line: String) -> [String] {
        var targets: [String] = []
        var rest = Substring(line)
        while let open = rest.range(of: "](") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: ")") else { break }
            var target = after[..<close].trimmingCharacters(in: .whitespaces)
            // `(target "title")` and `(<target>)`.
            if let space = target.firstIndex(of: " ") { target = String(target[..<space]) }
            if target.hasPrefix("<"), target.hasSuffix(">") { target = String(target.dropFirst().dropLast()) }
            targets.append(target)
            rest = after[after.index(after: close)...]
        }
        return targets
    }

    /// The anchors GitHub gives the headings of `text` (outside fenced code), in order: the
    /// heading's text in lower case, without its markup and punctuation, spaces made hyphens; a
    /// repeated one gets `-1`, `-2`…; plus the `id`s and `name`s of HTML anchors.
    static func anchors(in text: String) -> Set<String> {
        var anchors: Set<String> = []
        var seen: [String: Int] = [:]
        for (_, rawLine) in proseLines(text) {
            for marker in [" id=\"", " name=\""] {
                var rest = Substring(rawLine)
                while let start = rest.range(of: marker), let end = rest[start.upperBound...].firstIndex(of: "\"") {
                    anchors.insert(String(rest[start.upperBound..<end]))
                    rest = rest[end...]
                }
            }
            guard rawLine.hasPrefix("#") else { continue }
            let level = rawLine.prefix { $0 == "#" }.count
            guard level <= 6, rawLine.dropFirst(level).hasPrefix(" ") else { continue }
            let slug = slug(String(rawLine.dropFirst(level)))
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    /// The lines of `text` outside fenced code blocks (```` ``` ```` or `~~~`), with their 0-based
    /// index.
    static func proseLines(_ text: String) -> [(index: Int, line: Substring)] {
        var lines: [(index: Int, line: Substring)] = []
        var fence: Substring?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
            } else if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix(3)
            } else {
                lines.append((index, line))
            }
        }
        return lines
    }

    /// GitHub's anchor of a heading's text.
    static func slug(_ heading: String) -> String {
        var text = heading
        // A link's text stays, its target goes.
        while let open = text.range(of: "]("), let close = text[open.upperBound...].firstIndex(of: ")") {
            text.removeSubrange(open.lowerBound...close)
        }
        var slug = ""
        for character in text.trimmingCharacters(in: .whitespaces).lowercased() {
            if character == " " {
                slug.append("-")
            } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
                slug.append(character)
            }
        }
        return slug
    }

    /// The broken links of the Markdown file at `path` (relative to ``root``).
    func broken(in path: String) throws -> [Broken] {
        let file = root.appendingPathComponent(path)
        let text = try String(contentsOf: file, encoding: .utf8)
        var broken: [Broken] = []
        for link in Self.links(in: text) {
            let target = link.target
            func fail(_ reason: String) {
                broken.append(Broken(file: path, line: link.line, target: target, reason: reason))
            }
            if target.isEmpty {
                fail("an empty target")
                continue
            }
            // `https:`, `mailto:`: not followed.
            if let colon = target.firstIndex(of: ":"), target[..<colon].allSatisfy({ $0.isLetter }) { continue }
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let pathPart = String(parts[0])
            let destination =
                pathPart.isEmpty ? file : file.deletingLastPathComponent().appendingPathComponent(pathPart).standardized
            guard destination.path.hasPrefix(root.standardized.path + "/") else {
                fail("leads out of the repository")
                continue
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory) else {
                fail("no such file")
                continue
            }
            guard parts.count == 2 else { continue }
            let fragment = String(parts[1])
            guard !isDirectory.boolValue, destination.pathExtension == "md" else {
                fail("an anchor into a file that is not Markdown")
                continue
            }
            let anchors = Self.anchors(in: try String(contentsOf: destination, encoding: .utf8))
            if !anchors.contains(fragment) { fail("no heading gives the anchor #\(fragment)") }
        }
        return broken
    }

    /// README.md and every Markdown file under docs/, as paths relative to ``root``.
    func documentationFiles() -> [String] {
        let docs = root.appendingPathComponent("docs")
        let enumerator = FileManager.default.enumerator(atPath: docs.path)
        let pages = (enumerator?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".md") }.sorted()
        return ["README.md"] + pages.map { "docs/" + $0 }
    }
}
