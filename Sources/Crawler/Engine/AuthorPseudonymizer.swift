import Archive
import Digest
import Foundation
import YouTubeKit

#if canImport(Glibc)
    import Glibc
#endif

/// `--pseudonymize-authors KEY_FILE`: a comment's `authorChannelId` becomes
/// `hmac-sha256:<hex>` of it under a secret (stable across runs with the same secret, so one
/// author's comments still group together); the display name and profile image are dropped, and
/// `@mentions` of authors in the text are replaced (``MentionScrubber``).
/// The secret is held in memory only; its description never shows it.
public struct AuthorPseudonymizer: Sendable, CustomStringConvertible {
    private let secret: [UInt8]
    /// Warnings about the secret's file (readable by others), for the caller to print.
    public private(set) var warnings: [String] = []

    /// The largest secret file read: a secret is tens of bytes; a device or a huge file is a mistake.
    static let maximumFileBytes = 64 * 1024

    /// Reads the secret from `path`: its bytes, without a final line break.
    ///
    /// - Throws: ``PseudonymizerError`` naming the file, what is wrong and a fix that writes a
    ///   new secret elsewhere than a path that was refused.
    public init(keyFile path: String) throws {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw PseudonymizerError(
                "cannot read the pseudonymization secret \(path) (\(String(cString: strerror(errno)))); give a file holding a secret of at least 16 bytes, e.g. made with \(Self.makeSecret(path))"
            )
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            let what = status.st_mode & S_IFMT == S_IFDIR ? "a directory" : "not a regular file"
            throw PseudonymizerError(
                "the pseudonymization secret \(path) is \(what); give a regular file holding a secret of at least 16 bytes, e.g. made with \(Self.makeSecret(nil))"
            )
        }
        guard status.st_size <= Self.maximumFileBytes else {
            throw PseudonymizerError(
                "the pseudonymization secret \(path) holds \(status.st_size) bytes, more than a secret (at most \(Self.maximumFileBytes)); give a file holding only the secret, e.g. made with \(Self.makeSecret(nil))"
            )
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PseudonymizerError(
                "cannot read the pseudonymization secret \(path) (permission?); make it readable by you (chmod 600 \(path))"
            )
        }
        var bytes = Array(data)
        // An editor may save the file with a byte order mark: the secret is what follows it.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        while let last = bytes.last, last == 0x0A || last == 0x0D { bytes.removeLast() }
        try self.init(secret: bytes, name: path)
        if status.st_mode & 0o044 != 0 {
            warnings.append(
                "the pseudonymization secret \(path) is readable by \(status.st_mode & 0o004 != 0 ? "everyone" : "its group"): whoever reads it can tell whose comments are whose; chmod 600 \(path)"
            )
        }
    }

    public init(secret: [UInt8], name: String = "the secret") throws {
        guard secret.count >= 16 else {
            throw PseudonymizerError(
                "\(name) holds \(secret.count) bytes; a pseudonymization secret needs at least 16: make a new one with \(Self.makeSecret(nil))"
            )
        }
        let bits = Self.estimatedBits(secret)
        guard bits >= Self.minimumBits else {
            throw PseudonymizerError(
                "\(name) looks guessable (about \(Int(bits)) bits of entropy, fewer than \(Int(Self.minimumBits))): "
                    + "whoever guesses it can tell whose comments are whose; make a random one with \(Self.makeSecret(nil))"
            )
        }
        self.secret = secret
    }

    /// The least estimated entropy a secret may have: 128 bits, as a random AES key.
    public static let minimumBits = 128.0

    /// A cautious estimate of the entropy of `secret`, in bits: its bytes' empirical entropy (by
    /// their frequencies) times the count of bytes that do not continue a run of equal steps
    /// (`0123…`, `aaaa…`, `acegi…` add nothing). 32 random bytes in base64 give about 200 bits;
    /// `0123456789abcdef` about 10, a sentence about 120.
    public static func estimatedBits(_ secret: [UInt8]) -> Double {
        guard !secret.isEmpty else { return 0 }
        var counts = [Int](repeating: 0, count: 256)
        for byte in secret { counts[Int(byte)] += 1 }
        let total = Double(secret.count)
        let perByte = counts.reduce(0.0) { sum, count in
            guard count > 0 else { return sum }
            let share = Double(count) / total
            return sum - share * log2(share)
        }
        var fresh = 0
        for index in secret.indices {
            if index >= 2 {
                let step = Int(secret[index]) - Int(secret[index - 1])
                if step == Int(secret[index - 1]) - Int(secret[index - 2]) { continue }
            }
            fresh += 1
        }
        return perByte * Double(fresh)
    }

    /// A command that writes a new secret: into `path` when it does not exist yet, else into a
    /// new file (never into a path that was refused: a directory, a device, a short secret).
    static func makeSecret(_ path: String?) -> String {
        let target = path.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" } ?? "authors-secret.key"
        return "(umask 077; head -c 32 /dev/urandom | base64 > \(target))"
    }

    /// The pseudonym of an author's channel id.
    public func pseudonym(of authorChannelId: String) -> String {
        AuthorPseudonyms.pseudonymPrefix
            + SHA256.hex(HMACSHA256.authenticate(Array(authorChannelId.utf8), key: secret))
    }

    /// A short keyed hash of the secret, recorded in the output (manifest and checkpoint) so that
    /// a later run can tell whether it uses the same secret. It reveals nothing of the secret,
    /// nor any pseudonym.
    public var fingerprint: String {
        String(SHA256.hex(HMACSHA256.authenticate(Array("ytcrawl secret fingerprint".utf8), key: secret)).prefix(16))
    }

    /// What the output records of this pseudonymization.
    public var recorded: AuthorPseudonyms { AuthorPseudonyms(secretFingerprint: fingerprint) }

    public func apply(to comment: inout Comment) {
        // An empty id is no author's: it gets no pseudonym (all such authors would share one).
        comment.authorChannelId = comment.authorChannelId.flatMap { $0.isEmpty ? nil : pseudonym(of: $0) }
        comment.authorDisplayName = nil
        comment.authorProfileImageUrl = nil
        // The author a reply answers: their pseudonym, or nothing for an author without a channel.
        comment.replyToAuthor = comment.replyToAuthorChannelId.flatMap { $0.isEmpty ? nil : pseudonym(of: $0) }
        comment.replyToAuthorChannelId = nil
    }

    /// A chat message's author as a pseudonym, without name (its mentions are the
    /// ``MentionScrubber``'s).
    public func apply(to message: inout ChatMessage) {
        message.authorChannelId = message.authorChannelId.flatMap { $0.isEmpty ? nil : pseudonym(of: $0) }
        message.authorDisplayName = nil
    }

    public var description: String { "AuthorPseudonymizer(secret: \(secret.count) bytes)" }
}

public struct PseudonymizerError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
