import Archive
import Foundation
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The random secret that keys' fingerprints are made with: `STATE_DIR/ledger-secret`, 32 bytes,
/// mode 0600, made once per state directory.
enum LedgerSecret {
    static let size = 32

    /// Reads the secret at `path`, making it when there is none.
    ///
    /// Called under the ledger's lock, so crawls started together on a fresh state directory make
    /// exactly one and all read it. The file appears whole or not at all: it is written beside and
    /// linked into place, which fails when it exists (made meanwhile by a version that took no
    /// lock), and that secret is then read instead.
    ///
    /// - Throws: ``LedgerError`` when the file is not a secret or cannot be written.
    static func loadOrCreate(at path: String) throws -> [UInt8] {
        if let existing = try read(path) { return existing }
        var generator = SystemRandomNumberGenerator()
        let fresh = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let temporary = path + ".new-\(getpid())"
        unlink(temporary)
        defer { unlink(temporary) }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw cannotWrite(path) }
        // Every byte, whatever a short write or a signal does (the one write-all helper).
        let written = (try? WriteAll.write(fd, fresh)) != nil
        let synced = fsync(fd)
        close(fd)
        guard written, synced == 0 else { throw cannotWrite(path) }
        if link(temporary, path) != 0 {
            guard errno == EEXIST else { throw cannotWrite(path) }
            if let winner = try read(path) { return winner }
            // An empty file: its maker died before writing. Replace it.
            guard rename(temporary, path) == 0 else { throw cannotWrite(path) }
        }
        try? AtomicFile.syncDirectory((path as NSString).deletingLastPathComponent)
        return fresh
    }

    /// The secret at `path`, or `nil` when there is none yet (no file, or an empty one).
    private static func read(_ path: String) throws -> [UInt8]? {
        guard let existing = FileManager.default.contents(atPath: path), !existing.isEmpty else { return nil }
        // A secret of another size was edited or cut: a new one would silently forget every count.
        guard existing.count == size else {
            throw LedgerError(
                "\(path) is not a ledger secret (\(existing.count) bytes, expected \(size)): it was edited or cut; move it and quota-ledger.json away to start a new ledger (today's counts are then forgotten)"
            )
        }
        return Array(existing)
    }

    private static func cannotWrite(_ path: String) -> LedgerError {
        LedgerError(
            "cannot write \(path): \(String(cString: strerror(errno))); check that its directory is writable and its disk has space"
        )
    }
}
