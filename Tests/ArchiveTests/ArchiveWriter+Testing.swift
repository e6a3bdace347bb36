import StreamingJSON

@testable import Archive

extension ArchiveWriter {
    /// Makes every record so far durable and writes the checkpoint with `frontier` as its text.
    func checkpoint(frontier: String, unitsByMethod: [String: Int], finished: Bool = false) throws {
        try checkpoint(frontierJSON: JSONPieces(json: frontier), unitsByMethod: unitsByMethod, finished: finished)
    }
}

extension Checkpoint {
    /// The raw frontier member of a checkpoint's bytes (see ``frontierMember(in:)``).
    static func rawFrontier(in bytes: [UInt8]) -> [UInt8]? {
        frontierMember(in: bytes).map { Array(bytes[$0.value]) }
    }
}
