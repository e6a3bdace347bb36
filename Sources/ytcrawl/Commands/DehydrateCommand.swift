import Archive
import Digest
import Foundation
import StreamingJSON
import YouTubeKit

/// `ytcrawl dehydrate DIR --kind videos --out FILE`: the ids of an output's records, one a line,
/// and beside them a small `datapackage.json` saying what they are and how to rebuild them
/// (`ytcrawl hydrate`): how a dataset is shared when its terms frown on sharing the data.
struct DehydrateCommand: Command {
    enum Kind: String, CaseIterable, Sendable {
        case videos, channels, comments, playlists

        var recordKind: RecordKind {
            switch self {
            case .videos: .videos
            case .channels: .channels
            case .comments: .comments
            case .playlists: .playlists
            }
        }

        var missingKind: MissingItem.Kind {
            switch self {
            case .videos: .video
            case .channels: .channel
            case .comments: .comment
            case .playlists: .playlist
            }
        }
    }

    static let kind = Option<Kind>(
        "--kind", "K", help: "whose ids: videos, channels, comments or playlists", default: .videos)
    static let out = Option<String?>("--out", "FILE", help: "the file of ids to write (its datapackage.json beside it)")
    static let excludeMissing = Flag(
        "--exclude-missing",
        help: "leave out the ids the output asked for and did not get (its missing lines); by default they are listed")

    static let configuration = CommandConfiguration(
        name: "dehydrate", synopsis: "dehydrate DIR --out FILE",
        summary: "the ids of an output's records, to share instead of the data",
        usage: "dehydrate DIR [--kind videos|channels|comments|playlists] [--exclude-missing] --out FILE",
        discussion: """
            Write the ids of DIR's records of one kind to FILE, one a line, each once, in the order the
            output holds them; the ids DIR asked for and did not get (its missing lines) follow unless
            --exclude-missing. Beside FILE, datapackage.json says what the ids are, from which seeds
            and runs, how many, with which ytcrawl, and the command that rebuilds the records
            (ytcrawl hydrate). Sharing ids rather than records is the conservative norm under
            YouTube's terms (docs/data-retention.md says why and what a rebuild will miss).
            """,
        groups: [OptionGroup("Options", [kind.spec, out.spec, excludeMissing.spec])],
        epilogue: """
            Examples:
              ytcrawl dehydrate ytcrawl-out --out share/video-ids.txt
              ytcrawl hydrate share/video-ids.txt --out rebuilt --budget 10000
            """)

    var directory: String
    var kind: Kind
    var file: String
    var excludeMissing: Bool

    init(_ scanner: ArgumentScanner) throws {
        directory = try scanner.outputDirectory()
        kind = try scanner[Self.kind]
        excludeMissing = scanner[Self.excludeMissing]
        guard let file = try scanner[Self.out] else {
            throw UsageError("ytcrawl dehydrate needs --out FILE, as ytcrawl dehydrate \(directory) --out ids.txt")
        }
        self.file = file
        let package = Self.packagePath(of: file)
        if FileManager.default.fileExists(atPath: package) {
            guard let described = Self.describedFile(package) else {
                throw UsageError(
                    "\(package) exists and was not written by ytcrawl dehydrate; write the ids into another directory")
            }
            let name = URL(fileURLWithPath: file).lastPathComponent
            guard described == name else {
                throw UsageError(
                    "\(package) describes \(described), the ids of another dehydrate; write \(name) into a directory of its own"
                )
            }
        }
    }

    static func packagePath(of file: String) -> String {
        (URL(fileURLWithPath: file).deletingLastPathComponent().path) + "/datapackage.json"
    }

    /// The ids file a data package that dehydrate wrote describes; `nil` for any other file.
    static func describedFile(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            (object["ytcrawl"] as? [String: Any])?["dehydrated"] != nil,
            let resources = object["resources"] as? [[String: Any]]
        else { return nil }
        return resources.first?["path"] as? String
    }

    func run() async throws -> Int32 {
        guard let manifest = try Manifest.load(directory: directory) else {
            throw RuntimeFailure("\(directory) has no manifest.json: not an output of ytcrawl")
        }
        // The missing ids first (a few): left out of the records' pass where a record has one.
        var missing: [String] = []
        var missingSeen: Set<String> = []
        if !excludeMissing {
            try ArchiveReader.forEachRecord(directory: directory, kind: .missing) { record, _ in
                guard case .string(let kindName)? = record["kind"], kindName == kind.missingKind.rawValue,
                    case .string(let id)? = record["id"], missingSeen.insert(id).inserted
                else { return }
                missing.append(id)
            }
        }
        let parent = URL(fileURLWithPath: file).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw RuntimeFailure("cannot create \(parent) for \(file): \(error.localizedDescription)")
        }
        var records = 0
        var digest = SHA256()
        var bytes = 0
        try AtomicFile.write(to: file) { append in
            func write(_ id: some StringProtocol) throws {
                let text = Array((id + "\n").utf8)
                digest.update(text)
                bytes += text.count
                try text.withUnsafeBytes(append)
            }
            try ArchiveReader.forEachCompleteLine(directory: directory, kind: kind.recordKind) { line in
                guard let id = kind.recordKind.id(inLine: line) else { return }
                records += 1
                missingSeen.remove(id)
                try write(id)
            }
            for id in missing where missingSeen.contains(id) { try write(id) }
        }
        let missingWritten = missing.filter { missingSeen.contains($0) }.count
        let package = packageJSON(
            manifest: manifest, records: records, missing: missingWritten, bytes: bytes, sha256: digest.hexDigest())
        try AtomicFile.write(
            Array(try JSONSerialization.data(withJSONObject: package, options: [.prettyPrinted, .sortedKeys])),
            to: Self.packagePath(of: file))
        print(
            "\(records + missingWritten) \(kind.rawValue) ids in \(file) (\(records) records, \(missingWritten) missing); \(Self.packagePath(of: file)) says how to rebuild them"
        )
        return 0
    }

    func packageJSON(manifest: Manifest, records: Int, missing: Int, bytes: Int, sha256: String) -> [String: Any] {
        let name = URL(fileURLWithPath: file).lastPathComponent
        let fieldName = kind.recordKind.idColumn
        let seeds = manifest.provenance?.seeds?.map(\.text) ?? []
        let runs: [[String: Any]] = manifest.history.map { run in
            var entry: [String: Any] = ["kind": run.kind, "startedAt": run.startedAt]
            if let id = run.id { entry["id"] = id }
            if let finished = run.finishedAt { entry["finishedAt"] = finished }
            return entry
        }
        // Comments may take two calls a batch of 50: their threads, then the replies among them.
        let calls = (records + missing + 49) / 50 * (kind == .comments ? 2 : 1)
        let rebuild = "ytcrawl hydrate \(name) --kind \(kind.rawValue) --out DIR --budget \(calls + 100)"
        return [
            "profile": "data-package",
            "name": "ytcrawl-\(kind.rawValue)-ids",
            "title": "The ids of \(kind.rawValue) collected by ytcrawl, to be rebuilt with ytcrawl hydrate",
            "created": RFC3339.format(seconds: Int64(Date().timeIntervalSince1970)),
            "resources": [
                [
                    "name": "ids", "path": name, "format": "csv", "mediatype": "text/csv", "encoding": "utf-8",
                    "bytes": bytes, "hash": "sha256:\(sha256)",
                    "dialect": ["header": false],
                    "schema": [
                        "fields": [
                            [
                                "name": fieldName, "type": "string",
                                "description": "A YouTube \(kind.missingKind.rawValue) id, one a line, each once",
                            ]
                        ],
                        "primaryKey": [fieldName],
                    ],
                ]
            ],
            "ytcrawl": [
                "dehydrated": kind.rawValue, "version": ToolInfo.version, "records": records,
                "missing": missing, "missingIncluded": !excludeMissing, "seeds": seeds, "runs": runs,
                "source": URL(fileURLWithPath: directory).lastPathComponent, "rebuild": rebuild,
            ] as [String: Any],
        ]
    }
}
