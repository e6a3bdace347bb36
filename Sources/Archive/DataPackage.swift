import Foundation
import StreamingJSON
import YouTubeKit

/// `DIR/datapackage.json`: the output as a Frictionless Data Package (v2), for frictionless-py,
/// R's `frictionless` and data repositories. One resource per kind of record the output holds
/// (its closed shards, gzipped JSON lines) and one per statistics snapshot, each with the Table
/// Schema of ``RecordSchema`` (the codebook: a description for every field), primary and foreign
/// keys; and under `ytcrawl`, the provenance: tool, API, seeds and what happened to each, runs,
/// units. Made from the manifests alone, and rewritten (atomically) whenever one is.
public enum DataPackage {
    public static let fileName = "datapackage.json"
    static let profile = "https://datapackage.org/profiles/2.0/datapackage.json"

    /// A resource of a package: a kind's records in some files.
    public struct Resource: Sendable {
        public var name: String
        public var kind: RecordKind
        public var paths: [String]
        /// The schema version of its records.
        public var version: Int
        /// A snapshot's folder name, for `stats`.
        public var snapshot: String?
    }

    /// Writes the package of the output `directory` (the one a snapshot directory belongs to, for a
    /// snapshot's) from its manifests.
    ///
    /// - Parameter manifest: the output's manifest as just written, when the caller holds it (a
    ///   crawl's writer at each checkpoint), so it is not read back; `nil` reads it.
    /// - Throws: ``ArchiveError`` when a manifest cannot be read or the file written.
    public static func write(for directory: String, manifest: Manifest? = nil) throws {
        let package = try package(directory: directory, manifest: manifest)
        try AtomicFile.write(package.render(pretty: true) + [0x0A], to: directory + "/" + fileName)
    }

    /// The output's manifest and its snapshots' (by folder name, oldest first).
    public static func manifests(directory: String, manifest known: Manifest? = nil) throws -> (
        Manifest?, [(name: String, manifest: Manifest)]
    ) {
        let manifest = try known ?? Manifest.load(directory: directory)
        var snapshots: [(name: String, manifest: Manifest)] = []
        for name in SnapshotDirectory.names(in: directory) {
            // A snapshot whose manifest cannot be read (verify names it) is left out, and the run
            // writing the package goes on.
            guard let snapshot = try? Manifest.load(directory: SnapshotDirectory.root(of: directory) + "/" + name)
            else { continue }
            snapshots.append((name, snapshot))
        }
        return (manifest, snapshots)
    }

    /// The resources of the output in `directory`: each kind with closed shards, each snapshot's stats.
    public static func resources(directory: String) throws -> [Resource] {
        let (manifest, snapshots) = try manifests(directory: directory)
        return resources(manifest: manifest, snapshots: snapshots)
    }

    static func resources(manifest: Manifest?, snapshots: [(name: String, manifest: Manifest)]) -> [Resource] {
        var resources: [Resource] = []
        if let manifest {
            for kind in RecordKind.allCases where kind != .stats {
                let paths = manifest.shards.filter { $0.kind == kind.rawValue }.map(\.name)
                guard !paths.isEmpty else { continue }
                resources.append(
                    Resource(name: kind.rawValue, kind: kind, paths: paths, version: kind.schemaVersion(in: manifest)))
            }
        }
        for (name, snapshot) in snapshots {
            let paths = snapshot.shards.filter { $0.kind == RecordKind.stats.rawValue }.map {
                SnapshotDirectory.folder + "/" + name + "/" + $0.name
            }
            guard !paths.isEmpty else { continue }
            resources.append(
                Resource(
                    name: "stats-" + name.lowercased(), kind: .stats, paths: paths,
                    version: RecordKind.stats.schemaVersion(in: snapshot), snapshot: name))
        }
        return resources
    }

    /// Which column of a kind refers to which other kind's key (added when both are present).
    static let references: [RecordKind: (column: String, to: RecordKind)] = [
        .videos: ("channelId", .channels), .comments: ("videoId", .videos), .links: ("fromChannelId", .channels),
    ]

    /// The package of the output in `directory`.
    public static func package(directory: String, manifest known: Manifest? = nil) throws -> JSONValue {
        let (manifest, snapshots) = try manifests(directory: directory, manifest: known)
        let resources = resources(manifest: manifest, snapshots: snapshots)
        let present = Set(resources.map(\.name))
        return assemble(
            directory: directory, manifest: manifest, snapshots: snapshots,
            resources: resources.map { resource in
                Self.resource(
                    resource,
                    foreignKey: references[resource.kind].flatMap { present.contains($0.to.rawValue) ? $0 : nil })
            },
            description:
                "Records harvested from the YouTube Data API v3 by ytcrawl: gzipped JSON lines, one record per line.")
    }

    /// The package of a CSV export of the output in `directory` (`ytcrawl export --csv-package`):
    /// one file per kind, `stats` with every snapshot (its name in a first `snapshot` column).
    ///
    /// - Parameter cells: how text cells were written, for the resources' descriptions.
    public static func csvPackage(directory: String, files: [(kind: RecordKind, path: String)], cells: String) throws
        -> JSONValue
    {
        let (manifest, snapshots) = try manifests(directory: directory)
        let present = Set(files.map(\.kind))
        let resources = files.map { kind, path -> JSONValue in
            guard case .object(var schema) = kind.schema.tableSchema(.csv, snapshotColumn: kind == .stats) else {
                preconditionFailure("a Table Schema is an object")
            }
            if let reference = references[kind], present.contains(reference.to) {
                schema.append(("foreignKeys", foreignKeys(reference)))
            }
            return .object([
                ("name", .string(kind.rawValue)), ("type", .string("table")), ("path", .string(path)),
                ("format", .string("csv")), ("mediatype", .string("text/csv")), ("encoding", .string("utf-8")),
                (
                    "description",
                    .string(
                        "ytcrawl \(kind.rawValue) records as CSV (RFC 4180, a header, empty for null, nested values as JSON text); \(cells)."
                    )
                ),
                ("schema", .object(schema)),
            ])
        }
        return assemble(
            directory: directory, manifest: manifest, snapshots: snapshots, resources: resources,
            description: "Records harvested from the YouTube Data API v3 by ytcrawl, as one CSV file per kind.")
    }

    private static func assemble(
        directory: String, manifest: Manifest?, snapshots: [(name: String, manifest: Manifest)],
        resources: [JSONValue], description: String
    ) -> JSONValue {
        let name = URL(fileURLWithPath: directory).standardizedFileURL.lastPathComponent
        var members: [(key: String, value: JSONValue)] = [
            ("$schema", .string(profile)),
            ("name", .string(packageName(name))),
            ("title", .string("YouTube Data API v3 metadata harvested by ytcrawl (\(name))")),
            (
                "description",
                .string(
                    description
                        + " The ytcrawl property holds how they were collected: tool, API, seeds and what happened to each, runs, quota units."
                )
            ),
            ("created", .string(manifest?.finishedAt ?? RFC3339.format(Date()))),
        ]
        let provenance = manifest?.provenance ?? snapshots.last?.manifest.provenance
        var source: [(key: String, value: JSONValue)] = [("title", .string("YouTube Data API v3"))]
        if let base = provenance?.apiBase { source.append(("path", .string(base + "/youtube/v3"))) }
        if let revision = provenance?.apiRevision { source.append(("version", .string(revision))) }
        members.append(("sources", .array([.object(source)])))
        members.append(("resources", .array(resources)))
        members.append(("ytcrawl", provenanceProperty(manifest: manifest, snapshots: snapshots)))
        return .object(members)
    }

    /// A name as the Data Package spec wants it: lower case, `-._` and alphanumerics.
    static func packageName(_ text: String) -> String {
        let name = String(
            text.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber || "-._".contains($0)) ? $0 : "-" })
        return name.isEmpty ? "ytcrawl-output" : name
    }

    private static func resource(_ resource: Resource, foreignKey: (column: String, to: RecordKind)?) -> JSONValue {
        let schema = resource.kind.schema.atVersion(resource.version)
        guard case .object(var schemaMembers) = schema.tableSchema(.jsonLines) else { preconditionFailure() }
        if let foreignKey { schemaMembers.append(("foreignKeys", foreignKeys(foreignKey))) }
        var description = "ytcrawl \(resource.kind.rawValue) records, schema version \(resource.version)"
        if let snapshot = resource.snapshot { description += ", of the statistics snapshot \(snapshot)" }
        return .object([
            ("name", .string(resource.name)), ("type", .string("table")),
            ("path", .array(resource.paths.map { .string($0) })),
            ("format", .string("jsonl")), ("mediatype", .string("application/jsonl")),
            ("compression", .string("gz")), ("encoding", .string("utf-8")),
            ("description", .string(description + ".")), ("schema", .object(schemaMembers)),
        ])
    }

    /// `column` refers to the key of `to`.
    private static func foreignKeys(_ reference: (column: String, to: RecordKind)) -> JSONValue {
        .array([
            .object([
                ("fields", .array([.string(reference.column)])),
                (
                    "reference",
                    .object([
                        ("resource", .string(reference.to.rawValue)),
                        ("fields", .array([.string(reference.to.schema.idColumn)])),
                    ])
                ),
            ])
        ])
    }

    /// The `ytcrawl` property: how the data was collected.
    static func provenanceProperty(manifest: Manifest?, snapshots: [(name: String, manifest: Manifest)]) -> JSONValue {
        let main = manifest ?? snapshots.last?.manifest
        let provenance = manifest?.provenance ?? snapshots.last?.manifest.provenance
        var members: [(key: String, value: JSONValue)] = [
            ("tool", .string(main?.tool ?? "ytcrawl")), ("toolVersion", .string(main?.toolVersion ?? "unknown")),
        ]
        func add(_ key: String, _ value: JSONValue?) {
            if let value { members.append((key, value)) }
        }
        add("apiBase", provenance?.apiBase.map { .string($0) })
        add("apiRevision", provenance?.apiRevision.map { .string($0) })
        add("quotaModel", main?.quotaModel.map { .string($0) })
        add("seedsDigest", manifest?.seedsDigest.map { .string($0) })
        add("startedAt", main.map { .string($0.startedAt) })
        add("finishedAt", manifest?.finishedAt.map { .string($0) })
        let runs = runs(manifest: manifest, snapshots: snapshots)
        let firsts = runs.compactMap(\.run.firstRequestAt)
        let lasts = runs.compactMap(\.run.lastRequestAt)
        if let first = firsts.min(), let last = lasts.max() {
            add("requests", .object([("first", .string(first)), ("last", .string(last))]))
        }
        add("unitsByMethod", encoded(unitsByMethod(manifest: manifest, snapshots: snapshots)))
        add("records", manifest.map { encoded($0.records) })
        add("seeds", provenance?.seeds.map { .array($0.map(\.jsonValue)) })
        add(
            "runs",
            .array(
                runs.map { run in
                    guard case .object(var fields) = encoded(run.run) else { return .null }
                    if let snapshot = run.snapshot { fields.append(("snapshot", .string(snapshot))) }
                    return .object(fields)
                }))
        add("inputs", manifest?.inputs.map(encoded))
        add("authorPseudonyms", manifest?.authorPseudonyms.map(encoded))
        add("commentsDisabled", manifest?.commentsDisabled.map { .integer($0.count) })
        return .object(members)
    }

    /// Every run of the output and of its snapshots (with the snapshot's name), oldest first.
    public static func runs(manifest: Manifest?, snapshots: [(name: String, manifest: Manifest)]) -> [(
        run: Manifest.Run, snapshot: String?
    )] {
        var runs: [(run: Manifest.Run, snapshot: String?)] = (manifest?.history ?? []).map { ($0, nil) }
        for (name, snapshot) in snapshots { runs += snapshot.history.map { ($0, name) } }
        return runs.sorted { $0.run.startedAt < $1.run.startedAt }
    }

    /// Units spent on the output and its snapshots, by method.
    public static func unitsByMethod(manifest: Manifest?, snapshots: [(name: String, manifest: Manifest)]) -> [String:
        Int]
    {
        var units: [String: Int] = manifest?.unitsByMethod ?? [:]
        for (_, snapshot) in snapshots { units.merge(snapshot.unitsByMethod) { $0 + $1 } }
        return units
    }

    /// A value as JSON (keys sorted).
    static func encoded(_ value: some Encodable) -> JSONValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(value), let json = try? JSONValue.parse(Array(data)) else { return .null }
        return json
    }
}
