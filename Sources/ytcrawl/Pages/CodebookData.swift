import Archive
import Foundation
import StreamingJSON

/// What `ytcrawl codebook` tells: per kind of record the output holds, every field (nested ones
/// by path) with its type and description from ``RecordSchema``, and measured on the data its
/// share of nulls and an example value; and the output's provenance (``DataPackage``).
struct CodebookData {
    struct Row {
        var path: String
        var type: String
        var required: Bool
        var description: String
        /// Records with a null (or absent) value, of ``measured``; `nil` for paths not measured
        /// (a map's values).
        var nulls: Int?
        var measured: Int
        /// The first non-null value, as compact JSON, shortened.
        var example: String?
    }

    struct Section {
        var kind: RecordKind
        var version: Int
        var records: Int
        /// The files (or, for stats, the snapshots) it covers.
        var files: [String]
        var rows: [Row]
    }

    var sections: [Section]
    /// How the data was collected, as label and value (tool, API, quota model, times, units).
    var facts: [(label: String, value: String)]
    var seeds: [SeedLine]
    var runs: [(run: Manifest.Run, snapshot: String?)]

    static let exampleLength = 80

    /// How `ytcrawl export --csv` writes a top-level column (nested ones are JSON text, never
    /// changed): free text neutralized for spreadsheets, ids and codes as crawled.
    static func csvNote(path: String, field: RecordSchema.Field) -> String {
        guard path == field.name, field.isFreeText else { return "" }
        return " In ytcrawl export --csv: free text, neutralized for spreadsheets (a leading ' before = + - @)."
    }

    /// Reads every record of `directory` once.
    static func read(directory: String) throws -> CodebookData {
        let manifest = try Manifest.load(directory: directory)
        let resources = try DataPackage.resources(directory: directory)
        var byKind: [(kind: RecordKind, resources: [DataPackage.Resource])] = []
        for resource in resources {
            if let index = byKind.firstIndex(where: { $0.kind == resource.kind }) {
                byKind[index].resources.append(resource)
            } else {
                byKind.append((resource.kind, [resource]))
            }
        }
        var sections: [Section] = []
        for (kind, resources) in byKind {
            let version = resources.map(\.version).min() ?? kind.schema.version
            let fields = kind.schema.atVersion(version).fields.flatMap(\.flattened)
            var nulls = [Int](repeating: 0, count: fields.count)
            var examples = [String?](repeating: nil, count: fields.count)
            let paths = fields.map { $0.path.split(separator: ".").map(String.init) }
            var records = 0
            for resource in resources {
                let folder = resource.snapshot.map { SnapshotDirectory.root(of: directory) + "/" + $0 } ?? directory
                try ArchiveReader.forEachRecord(directory: folder, kind: kind) { record, _ in
                    records += 1
                    for index in fields.indices where !paths[index].contains("*") {
                        let value = Self.value(record, at: paths[index])
                        guard let value, value != .null else {
                            nulls[index] += 1
                            continue
                        }
                        if examples[index] == nil { examples[index] = Self.example(value) }
                    }
                }
            }
            let rows = fields.indices.map { index in
                let (path, field) = fields[index]
                let measured = !paths[index].contains("*")
                return Row(
                    path: path, type: field.type.readableName(), required: !field.nullable && !field.optional,
                    description: field.description + Self.csvNote(path: path, field: field),
                    nulls: measured ? nulls[index] : nil, measured: records,
                    example: examples[index])
            }
            sections.append(
                Section(
                    kind: kind, version: version, records: records,
                    files: resources.flatMap { $0.snapshot.map { [SnapshotDirectory.folder + "/" + $0] } ?? $0.paths },
                    rows: rows))
        }
        let (_, snapshots) = try DataPackage.manifests(directory: directory)
        let main = manifest ?? snapshots.last?.manifest
        let provenance = manifest?.provenance ?? snapshots.last?.manifest.provenance
        let runs = DataPackage.runs(manifest: manifest, snapshots: snapshots)
        var facts: [(label: String, value: String)] = [
            ("Tool", "\(main?.tool ?? "ytcrawl") \(main?.toolVersion ?? "(version unknown)")"),
            ("API", "YouTube Data API v3" + (provenance?.apiBase.map { " at \($0)" } ?? "")),
            ("API revision", provenance?.apiRevision.map { "discovery revision \($0)" } ?? "not recorded"),
            ("Quota model", main?.quotaModel ?? "not recorded"),
        ]
        let firsts = runs.compactMap(\.run.firstRequestAt)
        let lasts = runs.compactMap(\.run.lastRequestAt)
        if let first = firsts.min(), let last = lasts.max() {
            facts.append(("Requests", "first \(first), last \(last)"))
        }
        let units = DataPackage.unitsByMethod(manifest: manifest, snapshots: snapshots)
        facts.append(
            (
                "Units by method",
                units.isEmpty
                    ? "none recorded"
                    : units.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            ))
        if let inputs = manifest?.inputs { facts.append(("Merged from", inputs.joined(separator: ", "))) }
        if let authors = manifest?.authorPseudonyms { facts.append(("Comment authors", "\(authors)")) }
        return CodebookData(sections: sections, facts: facts, seeds: provenance?.seeds ?? [], runs: runs)
    }

    /// The value at `path` in a record (`nil` when a member on the way is absent or null).
    static func value(_ record: JSONValue, at path: [String]) -> JSONValue? {
        var value = record
        for name in path {
            guard case .object(let members) = value, let member = members.first(where: { $0.key == name }) else {
                return nil
            }
            value = member.value
        }
        return value
    }

    static func example(_ value: JSONValue) -> String {
        let text: String
        if case .string(let string) = value {
            text = string
        } else {
            text = String(decoding: value.render(pretty: false), as: UTF8.self)
        }
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        return flat.count > exampleLength ? String(flat.prefix(exampleLength - 1)) + "…" : flat
    }

    /// `12.5%` of nulls, `—` when not measured or nothing was.
    static func share(_ count: Int?, of total: Int) -> String {
        guard let count, total > 0 else { return "—" }
        let percent = Double(count) * 100 / Double(total)
        return count == 0 ? "0%" : count == total ? "100%" : String(format: "%.1f%%", percent)
    }
}
