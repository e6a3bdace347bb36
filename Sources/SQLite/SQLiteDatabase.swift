import CSQLite

/// An SQLite failure: what was being done and SQLite's own message.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
}

/// A connection to one SQLite database file, through libsqlite3 (closed when released). Not for
/// use from two threads at once: one export writes one file.
public final class SQLiteDatabase {
    let handle: OpaquePointer
    public let path: String

    /// Opens (creating it when absent) the database at `path`.
    public init(path: String) throws {
        var connection: OpaquePointer?
        let status = sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
        guard status == SQLITE_OK, let connection else {
            let message =
                connection.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            if let connection { sqlite3_close_v2(connection) }
            throw SQLiteError("cannot open \(path) as an SQLite database: \(message)")
        }
        handle = connection
        self.path = path
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs one or more statements without results (`CREATE TABLE …; PRAGMA …`).
    public func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard status == SQLITE_OK else {
            throw SQLiteError("\(message.map { String(cString: $0) } ?? lastError) (in: \(sql.prefix(200)))")
        }
    }

    /// A statement to run many times with other values (``SQLiteStatement``).
    public func prepare(_ sql: String) throws -> SQLiteStatement {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw SQLiteError("\(lastError) (in: \(sql.prefix(200)))")
        }
        return SQLiteStatement(statement, database: self)
    }

    var lastError: String { String(cString: sqlite3_errmsg(handle)) }
}

/// A prepared statement: values bound by position (from 1), then run or stepped through rows.
public final class SQLiteStatement {
    private let handle: OpaquePointer
    private let database: SQLiteDatabase

    init(_ handle: OpaquePointer, database: SQLiteDatabase) {
        self.handle = handle
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    public func bind(_ index: Int32, text: String) {
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else {
                // An empty buffer may have no address: SQLite would bind NULL, so bind "".
                _ = "".withCString { ytc_sqlite3_bind_text(handle, index, $0, 0) }
                return
            }
            base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { characters in
                _ = ytc_sqlite3_bind_text(handle, index, characters, Int32(bytes.count))
            }
        }
    }

    public func bind(_ index: Int32, integer: Int64) { sqlite3_bind_int64(handle, index, integer) }

    public func bind(_ index: Int32, double: Double) { sqlite3_bind_double(handle, index, double) }

    public func bindNull(_ index: Int32) { sqlite3_bind_null(handle, index) }

    /// Runs the statement to its end (an insert), then makes it ready for the next values.
    public func run() throws {
        let status = sqlite3_step(handle)
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        guard status == SQLITE_DONE || status == SQLITE_ROW else { throw SQLiteError(database.lastError) }
    }

    /// The next row of a query: `false` at the end.
    public func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError(database.lastError)
        }
    }

    public func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    public func text(_ column: Int32) -> String? {
        guard let text = sqlite3_column_text(handle, column) else { return nil }
        return String(cString: text)
    }
}
