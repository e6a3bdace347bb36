import StreamingJSON

extension RecordKind {
    /// How each record of the kind begins: its id member, first.
    var idPrefix: String { "{\"\(idColumn)\":\"" }

    /// The id of a record line of the kind (the encoder writes it first); `nil` for a line that
    /// does not begin with it.
    public func id(inLine line: some Collection<UInt8>) -> String? {
        let prefix = idPrefix.utf8
        guard line.count > prefix.count + 1, line.starts(with: prefix) else { return nil }
        let value = line.dropFirst(prefix.count)
        guard let end = value.firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: value[..<end], as: UTF8.self)
    }

    /// The schema version of the kind's records in an output whose manifest says `manifest`
    /// (1 for manifests older than per-kind versions).
    public func schemaVersion(in manifest: Manifest) -> Int {
        manifest.schemaVersions?[rawValue] ?? 1
    }

    /// A record line of schema `version` brought to the current one: each column added since is
    /// appended as `null` (the encoder writes added columns last, so the result is what this
    /// version writes for a record without them). A line already current is returned as is.
    public func upgraded(line: [UInt8], fromVersion version: Int) -> [UInt8] {
        guard version < schema.version, line.last == UInt8(ascii: "}") else { return line }
        var upgraded = line
        upgraded.removeLast()
        for field in schema.fields where field.since > version {
            upgraded.append(contentsOf: ",\"\(field.name)\":null".utf8)
        }
        upgraded.append(UInt8(ascii: "}"))
        return upgraded
    }

    /// The columns every record of the kind has, in order.
    public var columns: [String] { schema.columns }

    /// The column that identifies a record of the kind (the encoder writes it first).
    public var idColumn: String { schema.idColumn }
}
