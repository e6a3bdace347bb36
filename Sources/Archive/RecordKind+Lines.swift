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

    /// The columns every record of the kind has, in order.
    public var columns: [String] { schema.columns }

    /// The column that identifies a record of the kind (the encoder writes it first).
    public var idColumn: String { schema.idColumn }
}
