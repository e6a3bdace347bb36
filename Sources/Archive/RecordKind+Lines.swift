import StreamingJSON
import YouTubeKit

extension RecordKind {
    /// The id of a record line of the kind: its key column (or columns, joined by a space), which
    /// the encoder writes first, in order; `nil` for a line that does not begin with them.
    public func id(inLine line: some Collection<UInt8>) -> String? {
        var rest = line[...]
        var parts: [String] = []
        for (index, column) in keyColumns.enumerated() {
            let prefix = ((index == 0 ? "{" : ",") + "\"\(column)\":\"").utf8
            guard rest.count > prefix.count + 1, rest.starts(with: prefix) else { return nil }
            let value = rest.dropFirst(prefix.count)
            guard let end = value.firstIndex(of: UInt8(ascii: "\"")) else { return nil }
            parts.append(String(decoding: value[..<end], as: UTF8.self))
            rest = value[value.index(after: end)...]
        }
        return parts.count == 1 ? parts[0] : parts.joined(separator: " ")
    }

    /// The id of a parsed record (``id(inLine:)`` of its line); `nil` when a key column is not a
    /// string.
    public func id(of record: JSONValue) -> String? {
        var parts: [String] = []
        for column in keyColumns {
            guard case .string(let value)? = record[column] else { return nil }
            parts.append(value)
        }
        return parts.joined(separator: " ")
    }

    /// The schema version of the kind's records in an output whose manifest says `manifest`
    /// (1 for manifests older than per-kind versions).
    public func schemaVersion(in manifest: Manifest) -> Int {
        manifest.schemaVersions?[rawValue] ?? 1
    }

    /// A record line of schema `version` brought to the current one: each column added since is
    /// appended (the encoder writes added columns last, so the result is what this version writes
    /// for the record): `null` for what the API sent and the line lacks, and the derived columns
    /// of version 3 computed from the line's text (a reply's answer from `answer`, when its thread
    /// was read). A line already current is returned as is.
    public func upgraded(
        line: [UInt8], fromVersion version: Int, answer: ReplyInference.Answer? = nil
    ) throws -> [UInt8] {
        guard version < schema.version, line.last == UInt8(ascii: "}") else { return line }
        var upgraded = line
        upgraded.removeLast()
        for field in schema.fields where field.since > version && field.since < 3 {
            upgraded.append(contentsOf: ",\"\(field.name)\":null".utf8)
        }
        if version < 3, schema.version >= 3 {
            let record = try JSONValue.parse(line)
            upgraded.append(contentsOf: RecordEncoder.version3Columns(of: self, record: record, answer: answer))
        }
        upgraded.append(UInt8(ascii: "}"))
        return upgraded
    }

    /// The columns every record of the kind has, in order.
    public var columns: [String] { schema.columns }

    /// The column that identifies a record of the kind (the encoder writes it first).
    public var idColumn: String { schema.idColumn }

    /// The columns that together identify a record of the kind (the encoder writes them first).
    public var keyColumns: [String] { schema.keyColumns }
}

extension RecordKind {
    /// A kind only some crawls write (comments, links): the manifest lists it once it has records,
    /// so outputs without any read as they did before the kind existed.
    var listedOnlyWhenWritten: Bool {
        [.comments, .links, .results, .categories, .playlists, .memberships, .missing, .chat].contains(self)
    }
}
