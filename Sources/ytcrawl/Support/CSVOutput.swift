import Network

/// CSV rows on their way to a user's file: gathered and written a megabyte at a time, the file
/// committed (renamed into place) when the last row is in.
struct CSVOutput {
    private let file: UserFile
    private var buffer: [UInt8]

    init(file: UserFile, header: [String]) {
        self.file = file
        var row = CSVRow()
        for column in header { row.append(column) }
        buffer = row.line
    }

    mutating func append(_ row: CSVRow) throws {
        buffer += row.line
        if buffer.count > 1 << 20 {
            try file.write(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    mutating func finish() throws {
        try file.write(buffer)
        try file.commit()
    }

    /// Runs `body`, which reads the records of `directory`: a failure to read them is named for
    /// the directory (a failure to write is already a ``RuntimeFailure`` naming the file).
    static func reading<Result>(_ directory: String, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let failure as RuntimeFailure {
            throw failure
        } catch {
            throw RuntimeFailure("cannot read \(directory): \(error)")
        }
    }
}
