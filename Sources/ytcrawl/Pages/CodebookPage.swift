import Archive

/// `ytcrawl codebook` as Markdown or as one HTML page in the look of `ytcrawl report` (no script,
/// nothing from elsewhere): per kind, a table of fields, then how the data was collected.
enum CodebookPage {
    static let intro =
        "Each kind of record is one line of JSON per record in gzipped files (datapackage.json lists them). Nulls and examples are measured on the closed shards; a path with * (a map's values) is described, not measured."

    // MARK: Markdown

    static func markdown(title: String, directory: String, data: CodebookData) -> String {
        var lines = ["# \(title)", "", "\(directory): \(summary(data))", "", intro, ""]
        for section in data.sections {
            lines += [
                "## \(section.kind.rawValue)", "",
                "\(section.records) records, schema version \(section.version); files: \(section.files.joined(separator: ", "))",
                "", "| field | type | nulls | example | description |", "|---|---|---|---|---|",
            ]
            for row in section.rows {
                let cells = [
                    "`\(row.path)`" + (row.required ? " (required)" : ""), row.type,
                    CodebookData.share(row.nulls, of: row.measured), row.example.map { "`\(code($0))`" } ?? "",
                    row.description.replacing("<", with: "&lt;"),
                ]
                lines.append("| " + cells.map(cell).joined(separator: " | ") + " |")
            }
            lines.append("")
        }
        lines += ["## Provenance", ""]
        for fact in data.facts { lines.append("- **\(fact.label)**: \(fact.value)") }
        lines.append("")
        if !data.seeds.isEmpty {
            lines += ["### Seeds", "", "| file:line | seed | outcome |", "|---|---|---|"]
            for seed in data.seeds {
                lines.append(
                    "| "
                        + [place(seed), "`\(code(seed.text))`", seed.outcome.map { "\($0)" } ?? "not started"].map(
                            cell
                        ).joined(separator: " | ") + " |")
            }
            lines.append("")
        }
        if !data.runs.isEmpty {
            lines += ["### Runs", "", "| run | started | finished | units | records added |", "|---|---|---|---|---|"]
            for entry in data.runs {
                lines.append("| " + runCells(entry).map(cell).joined(separator: " | ") + " |")
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// A Markdown table cell: pipes escaped, on one line.
    private static func cell(_ text: String) -> String {
        text.replacing("|", with: "\\|").replacing("\n", with: " ")
    }

    /// Text inside backticks: a backtick would end it.
    private static func code(_ text: String) -> String { text.replacing("`", with: "'") }

    // MARK: HTML

    static func html(title: String, directory: String, data: CodebookData) -> String {
        func escape(_ text: String) -> String { SVGChart.escape(text) }
        var body: [String] = []
        for section in data.sections {
            var rows = ""
            for row in section.rows {
                rows +=
                    "<tr><td><code>\(escape(row.path))</code>\(row.required ? " <span class=\"req\">required</span>" : "")</td>"
                    + "<td>\(escape(row.type))</td><td class=\"num\">\(CodebookData.share(row.nulls, of: row.measured))</td>"
                    + "<td><code>\(escape(row.example ?? ""))</code></td><td>\(escape(row.description))</td></tr>\n"
            }
            body.append(
                """
                <section id="kind-\(escape(section.kind.rawValue))"><h2>\(escape(section.kind.rawValue))</h2>
                <p class="note">\(section.records) records, schema version \(section.version); files: \(escape(section.files.joined(separator: ", ")))</p>
                <table><thead><tr><th>field</th><th>type</th><th>nulls</th><th>example</th><th>description</th></tr></thead>
                <tbody>
                \(rows)</tbody></table></section>
                """)
        }
        var provenance = "<section id=\"provenance\"><h2>Provenance</h2>\n<dl>"
        for fact in data.facts { provenance += "<dt>\(escape(fact.label))</dt><dd>\(escape(fact.value))</dd>" }
        provenance += "</dl>\n"
        if !data.seeds.isEmpty {
            provenance +=
                "<h3>Seeds</h3>\n<table id=\"seeds\"><thead><tr><th>file:line</th><th>seed</th><th>outcome</th></tr></thead><tbody>\n"
            for seed in data.seeds {
                provenance +=
                    "<tr><td>\(escape(place(seed)))</td><td><code>\(escape(seed.text))</code></td>"
                    + "<td>\(escape(seed.outcome.map { "\($0)" } ?? "not started"))</td></tr>\n"
            }
            provenance += "</tbody></table>\n"
        }
        if !data.runs.isEmpty {
            provenance +=
                "<h3>Runs</h3>\n<table id=\"runs\"><thead><tr><th>run</th><th>started</th><th>finished</th><th>units</th><th>records added</th></tr></thead><tbody>\n"
            for entry in data.runs {
                provenance += "<tr>" + runCells(entry).map { "<td>\(escape($0))</td>" }.joined() + "</tr>\n"
            }
            provenance += "</tbody></table>\n"
        }
        body.append(provenance + "</section>")
        return ReportStyle.page(
            title: title, directory: directory, summary: escape(summary(data)), maxWidth: 1100,
            css: """
                  h3 { font-size: 1rem; margin: 1.5rem 0 .5rem; }
                  table { border-collapse: collapse; width: 100%; font-size: .85rem; }
                  th, td { text-align: left; vertical-align: top; padding: .3rem .5rem; border-bottom: 1px solid #e5e7eb; }
                  th { color: #374151; background: #f9fafb; }
                  td.num { text-align: right; white-space: nowrap; }
                  code { font-size: .8rem; word-break: break-all; }
                  .req { color: #6b7280; font-size: .75rem; }
                  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; font-size: .9rem; }
                  dt { color: #6b7280; }
                  dd { margin: 0; }
                """,
            body: "<p class=\"note\">\(escape(intro))</p>\n" + body.joined(separator: "\n"))
    }

    // MARK: Shared

    private static func summary(_ data: CodebookData) -> String {
        data.sections.map { "\($0.records) \($0.kind.rawValue)" }.joined(separator: ", ")
            + "; \(data.seeds.count) seeds, \(data.runs.count) runs"
    }

    private static func place(_ seed: SeedLine) -> String {
        guard let file = seed.file else { return "(saved seeds)" }
        return seed.line.map { "\(file):\($0)" } ?? file
    }

    private static func runCells(_ entry: (run: Manifest.Run, snapshot: String?)) -> [String] {
        let run = entry.run
        return [
            run.kind + (entry.snapshot.map { " (snapshot \($0))" } ?? ""), run.startedAt,
            run.finishedAt ?? "not finished",
            "\(run.units)",
            run.recordsAdded.filter { $0.value != 0 }.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
                .joined(separator: ", "),
        ]
    }
}
