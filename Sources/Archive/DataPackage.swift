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
        try JSONFile.write(
            try document(directory: directory, manifest: manifest), to: directory + "/" + fileName, pretty: true)
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

    /// The package of the output in `directory`, as ``write(for:manifest:)`` writes it.
    public static func package(directory: String, manifest known: Manifest? = nil) throws -> JSONValue {
        try JSONValue.parse(JSONStreamEncoder().encode(document(directory: directory, manifest: known)))
    }

    /// The package of the output in `directory`: its parts, written as they are encoded (the
    /// seeds are the largest part of a large crawl's package).
    static func document(directory: String, manifest known: Manifest?) throws -> OrderedJSONObject {
        let (manifest, snapshots) = try manifests(directory: directory, manifest: known)
        let resources = resources(manifest: manifest, snapshots: snapshots)
        let present = Set(resources.map(\.name))
        return assemble(
            directory: directory, manifest: manifest, snapshots: snapshots,
            resources: resources.map { resource in
                Self.resource(
                    resource,
                    foreignKey: references[resource.kind].flatMap {
                        present.contains($0.to.rawValue) && holds($0, manifest: manifest) ? $0 : nil
                    })
            },
            description:
                "Records harvested from the YouTube Data API v3 by ytcrawl: gzipped JSON lines, one record per line.")
    }

    /// The package of a CSV export of the output in `directory` (`ytcrawl export --csv-package`):
    /// one file per kind, `stats` with every snapshot (its name in a first `snapshot` column).
    ///
    /// - Parameters:
    ///   - cells: how text cells were written, for the resources' descriptions.
    ///   - columnNote: how a column's cells were written, ending its description (free text
    ///     neutralized, ids as crawled).
    public static func csvPackage(
        directory: String, files: [(kind: RecordKind, path: String)], cells: String,
        columnNote: (RecordSchema.Field) -> String? = { _ in nil }
    ) throws -> JSONValue {
        let (manifest, snapshots) = try manifests(directory: directory)
        let present = Set(files.map(\.kind))
        let resources = files.map { kind, path -> JSONValue in
            guard
                case .object(var schema) = kind.schema.tableSchema(
                    .csv, snapshotColumn: kind == .stats, note: columnNote)
            else {
                preconditionFailure("a Table Schema is an object")
            }
            if let reference = references[kind], present.contains(reference.to), holds(reference, manifest: manifest) {
                schema.append(("foreignKeys", foreignKeys(reference)))
            }
            if kind == .videos, present.contains(.categories),
                let index = schema.firstIndex(where: { $0.key == "fields" }),
                case .array(let fields) = schema[index].value
            {
                // The export's derived column: the title of the video's category.
                schema[index].value = .array(
                    fields + [
                        .object([
                            ("name", .string("categoryTitle")), ("type", .string("string")),
                            (
                                "description",
                                .string(
                                    "The title of the video's category (categoryId) in the output's categories (videoCategories.list of the regions its chart seeds name). Empty when the output has no title for it."
                                )
                            ),
                        ])
                    ])
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
        return try JSONValue.parse(
            JSONStreamEncoder().encode(
                assemble(
                    directory: directory, manifest: manifest, snapshots: snapshots, resources: resources,
                    description: "Records harvested from the YouTube Data API v3 by ytcrawl, as one CSV file per kind.")
            ))
    }

    private static func assemble(
        directory: String, manifest: Manifest?, snapshots: [(name: String, manifest: Manifest)],
        resources: [JSONValue], description: String
    ) -> OrderedJSONObject {
        let name = URL(fileURLWithPath: directory).standardizedFileURL.lastPathComponent
        var package = OrderedJSONObject()
        package.add("$schema", profile)
        package.add("name", packageName(name))
        package.add("title", "YouTube Data API v3 metadata harvested by ytcrawl (\(name))")
        package.add(
            "description",
            description
                + " The ytcrawl property holds how they were collected: tool, API, seeds and what happened to each, runs, quota units."
        )
        // A crawl in progress dates its package from its start, not from whenever it is read:
        // the package a checkpoint writes is the one a reader would make from the same manifest.
        package.add("created", manifest?.finishedAt ?? manifest?.startedAt ?? RFC3339.format(Date()))
        let provenance = manifest?.provenance ?? snapshots.last?.manifest.provenance
        var source = OrderedJSONObject()
        source.add("title", "YouTube Data API v3")
        source.add("path", provenance?.apiBase.map { $0 + "/youtube/v3" })
        source.add("version", provenance?.apiRevision)
        package.add("sources", [source])
        package.add("resources", resources)
        package.add("ytcrawl", provenanceProperty(manifest: manifest, snapshots: snapshots))
        return package
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

    /// Whether a reference holds for every record, as far as the output knows: videos name
    /// channels the output has no record of while `unresolvedChannels` counts any, comments
    /// videos while `unresolvedVideos` does (a key that does not hold would fail the package's own
    /// validation, so it is not declared).
    static func holds(_ reference: (column: String, to: RecordKind), manifest: Manifest?) -> Bool {
        switch (reference.column, reference.to) {
        case ("channelId", .channels): return (manifest?.unresolvedChannels ?? 0) == 0
        case ("videoId", .videos): return (manifest?.unresolvedVideos ?? 0) == 0
        default: return true
        }
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
    static func provenanceProperty(manifest: Manifest?, snapshots: [(name: String, manifest: Manifest)])
        -> OrderedJSONObject
    {
        let main = manifest ?? snapshots.last?.manifest
        let provenance = manifest?.provenance ?? snapshots.last?.manifest.provenance
        var members = OrderedJSONObject()
        members.add("tool", main?.tool ?? "ytcrawl")
        members.add("toolVersion", main?.toolVersion ?? "unknown")
        members.add("apiBase", provenance?.apiBase)
        members.add("apiRevision", provenance?.apiRevision)
        members.add("quotaModel", main?.quotaModel)
        members.add("seedsDigest", manifest?.seedsDigest)
        members.add("startedAt", main?.startedAt)
        members.add("finishedAt", manifest?.finishedAt)
        let runs = runs(manifest: manifest, snapshots: snapshots)
        if let first = runs.compactMap(\.run.firstRequestAt).min(),
            let last = runs.compactMap(\.run.lastRequestAt).max()
        {
            members.add("requests", ["first": first, "last": last])
        }
        members.add("unitsByMethod", unitsByMethod(manifest: manifest, snapshots: snapshots))
        members.add("records", manifest?.records)
        members.add("seeds", provenance?.seeds)
        members.add("runs", runs.map { PackageRun(run: $0.run, snapshot: $0.snapshot) })
        members.add("inputs", manifest?.inputs)
        members.add("authorPseudonyms", manifest?.authorPseudonyms)
        members.add("commentsDisabled", manifest?.commentsDisabled?.count)
        return members
    }

    /// A run in the package: the manifest's, with the snapshot it belongs to.
    private struct PackageRun: Encodable {
        var run: Manifest.Run
        var snapshot: String?

        func encode(to encoder: any Encoder) throws {
            try run.encode(to: encoder)
            guard let snapshot else { return }
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(snapshot, forKey: .snapshot)
        }

        private enum CodingKeys: String, CodingKey { case snapshot }
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

}
