import YouTubeKit

/// ``RecordSchema`` as a Frictionless Table Schema (v2), the schema of a data package's resource:
/// every field with its type, format, constraints and description.
extension RecordSchema {
    /// How the records are written: gzipped JSON lines as crawled, or the CSV of `ytcrawl export`
    /// (lists of text joined with ` | `, nested values as JSON text, empty for null).
    public enum TableDialect: Sendable {
        case jsonLines, csv
    }

    /// The Table Schema of this kind's records; with `snapshotColumn`, a first column names the
    /// statistics snapshot of each line (a CSV of every snapshot).
    /// - Parameter note: a sentence to end a column's description with (how a CSV writes it).
    public func tableSchema(
        _ dialect: TableDialect, snapshotColumn: Bool = false, note: (Field) -> String? = { _ in nil }
    ) -> JSONValue {
        var leading: [Field] = []
        if snapshotColumn {
            var snapshot = Field("snapshot", .string, nullable: false)
            snapshot.description =
                "The statistics snapshot of the line: its folder under snapshots/, named by the UTC time it began (20261130T090000Z)."
            leading.append(snapshot)
        }
        var members: [(key: String, value: JSONValue)] = [
            ("fields", .array((leading + fields).map { Self.tableField($0, dialect, note: note($0)) })),
            ("primaryKey", .array((leading.map(\.name) + keyColumns).map { .string($0) })),
        ]
        if dialect == .csv { members.append(("missingValues", .array([.string("")]))) }
        return .object(members)
    }

    private static func tableField(_ field: Field, _ dialect: TableDialect, note: String?) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("name", .string(field.name))]
        var constraints: [(key: String, value: JSONValue)] = []
        if !field.nullable && !field.optional { constraints.append(("required", .bool(true))) }
        switch field.type {
        case .string: members.append(("type", .string("string")))
        case .integer: members.append(("type", .string("integer")))
        case .boolean: members.append(("type", .string("boolean")))
        case .number: members.append(("type", .string("number")))
        case .timestamp:
            members.append(("type", .string("datetime")))
            members.append(("format", .string("default")))
        case .enumeration(let values):
            members.append(("type", .string("string")))
            constraints.append(("enum", .array(values.map { .string($0) })))
        case .array:
            members.append(("type", .string(dialect == .csv ? "string" : "array")))
        case .json, .object, .map: members.append(("type", .string("object")))
        }
        var description = field.fullDescription
        if dialect == .csv, case .array = field.type {
            description += " In this CSV, the list's items joined with \" | \"."
        }
        if let note { description += " " + note }
        members.append(("description", .string(description)))
        if !constraints.isEmpty { members.append(("constraints", .object(constraints))) }
        return .object(members)
    }
}

extension RecordSchema.Field {
    /// The description, followed by those of an object's members (a map's value's), for formats
    /// that have no nested fields (Table Schema, CSV).
    public var fullDescription: String {
        let members: [RecordSchema.Field]
        switch type {
        case .object(let fields): members = fields
        case .map(.object(let fields), _): members = fields
        default: return description
        }
        return description + " Members: "
            + members.map { "\($0.name): \($0.fullDescription)" }.joined(separator: " ")
    }

    /// Every field of this one, itself first, by path (`source.kind`; a map's values `thumbnails.*.url`).
    public var flattened: [(path: String, field: RecordSchema.Field)] {
        var all = [(path: name, field: self)]
        func nested(_ type: RecordSchema.FieldType, prefix: String) {
            switch type {
            case .object(let fields):
                for field in fields { all += field.flattened.map { (prefix + "." + $0.path, $0.field) } }
            case .map(let value, _): nested(value, prefix: prefix + ".*")
            case .array(let element): nested(element, prefix: prefix)
            default: break
            }
        }
        nested(type, prefix: name)
        return all
    }
}
