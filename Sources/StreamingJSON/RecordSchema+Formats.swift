import YouTubeKit

/// ``RecordSchema`` in the forms engines load: JSON Schema (draft 2020-12), a Spark DDL string
/// (`StructType.fromDDL`), a BigQuery schema file and DuckDB `read_json` columns.
extension RecordSchema {
    public enum Format: String, Sendable, CaseIterable {
        case jsonSchema = "json-schema"
        case spark, bigquery, duckdb
    }

    /// The schema in `format`, as text ending with a newline.
    public func rendered(_ format: Format) -> String {
        switch format {
        case .jsonSchema: String(decoding: jsonSchema.render(pretty: true), as: UTF8.self) + "\n"
        case .spark: fields.map { "\($0.name) \(Self.spark($0.type))" }.joined(separator: ", ") + "\n"
        case .bigquery:
            String(decoding: JSONValue.array(fields.map(Self.bigQuery)).render(pretty: true), as: UTF8.self) + "\n"
        case .duckdb: "{" + fields.map { "'\($0.name)': '\(Self.duckDB($0.type))'" }.joined(separator: ", ") + "}\n"
        }
    }

    // MARK: JSON Schema

    /// Every column required on every line (null where unknown), nothing else allowed.
    public var jsonSchema: JSONValue {
        .object(
            [
                ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
                ("title", .string("ytcrawl \(kind) record, schema version \(version)")),
            ] + Self.objectMembers(fields))
    }

    private static func objectMembers(_ fields: [Field]) -> [(key: String, value: JSONValue)] {
        [
            ("type", .string("object")),
            (
                "properties",
                .object(fields.map { ($0.name, withDescription(jsonSchema($0.type, nullable: $0.nullable), $0)) })
            ),
            ("required", .array(fields.filter { !$0.optional }.map { .string($0.name) })),
            ("additionalProperties", .bool(false)),
        ]
    }

    /// `schema` with the field's description first.
    private static func withDescription(_ schema: JSONValue, _ field: Field) -> JSONValue {
        guard case .object(let members) = schema, !field.description.isEmpty else { return schema }
        return .object([("description", .string(field.description))] + members)
    }

    private static func jsonSchema(_ type: FieldType, nullable: Bool) -> JSONValue {
        func typed(_ name: String, _ extra: [(key: String, value: JSONValue)] = []) -> JSONValue {
            .object([("type", nullable ? .array([.string(name), .string("null")]) : .string(name))] + extra)
        }
        switch type {
        case .string: return typed("string")
        case .integer: return typed("integer")
        case .boolean: return typed("boolean")
        case .number: return typed("number")
        case .json: return typed("object")
        case .timestamp:
            return typed("string", [("pattern", .string("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?Z$"))])
        case .enumeration(let values):
            return .object([("enum", .array(values.map { .string($0) } + (nullable ? [.null] : [])))])
        case .array(let element):
            return typed("array", [("items", jsonSchema(element, nullable: false))])
        case .object(let fields):
            var members = objectMembers(fields)
            if nullable { members[0] = ("type", .array([.string("object"), .string("null")])) }
            return .object(members)
        case .map(let value, _):
            return typed("object", [("additionalProperties", jsonSchema(value, nullable: false))])
        }
    }

    // MARK: Spark

    private static func spark(_ type: FieldType) -> String {
        switch type {
        case .string, .enumeration: "STRING"
        case .integer: "BIGINT"
        case .boolean: "BOOLEAN"
        case .number: "DOUBLE"
        // Spark keeps an object read into a STRING column as its JSON text (`from_json` reads it).
        case .json: "STRING"
        case .timestamp: "TIMESTAMP"
        case .array(let element): "ARRAY<\(spark(element))>"
        case .object(let fields):
            "STRUCT<" + fields.map { "\($0.name): \(spark($0.type))" }.joined(separator: ", ") + ">"
        case .map(let value, _): "MAP<STRING, \(spark(value))>"
        }
    }

    // MARK: BigQuery

    private static func bigQuery(_ field: Field) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("name", .string(field.name))]
        var mode = field.nullable || field.optional ? "NULLABLE" : "REQUIRED"
        var type = field.type
        if case .array(let element) = type {
            mode = "REPEATED"
            type = element
        }
        switch type {
        case .string, .enumeration: members.append(("type", .string("STRING")))
        case .integer: members.append(("type", .string("INT64")))
        case .boolean: members.append(("type", .string("BOOL")))
        case .number: members.append(("type", .string("FLOAT64")))
        case .json: members.append(("type", .string("JSON")))
        case .timestamp: members.append(("type", .string("TIMESTAMP")))
        case .array: members.append(("type", .string("JSON")))
        case .object(let fields):
            members.append(("type", .string("RECORD")))
            members.append(("fields", .array(fields.map(bigQuery))))
        case .map(let value, let keys):
            // No maps in BigQuery: the known keys become fields.
            members.append(("type", .string("RECORD")))
            members.append(("fields", .array(keys.map { bigQuery(Field($0, value)) })))
        }
        members.append(("mode", .string(mode)))
        return .object(members)
    }

    // MARK: DuckDB

    private static func duckDB(_ type: FieldType) -> String {
        switch type {
        case .string, .enumeration: "VARCHAR"
        case .integer: "BIGINT"
        case .boolean: "BOOLEAN"
        case .number: "DOUBLE"
        case .json: "JSON"
        case .timestamp: "TIMESTAMPTZ"
        case .array(let element): "\(duckDB(element))[]"
        case .object(let fields):
            "STRUCT(" + fields.map { "\"\($0.name)\" \(duckDB($0.type))" }.joined(separator: ", ") + ")"
        case .map(let value, _): "MAP(VARCHAR, \(duckDB(value)))"
        }
    }
}
