import Digest
import Foundation
import YouTubeKit

/// `--pseudonymize-authors KEY_FILE`: a comment's `authorChannelId` becomes
/// `hmac-sha256:<hex>` of it under a secret (stable across runs with the same secret, so one
/// author's comments still group together); the display name and profile image are dropped.
/// The secret is held in memory only; its description never shows it.
public struct AuthorPseudonymizer: Sendable, CustomStringConvertible {
    private let secret: [UInt8]

    /// Reads the secret from `path`: its bytes, without a final line break.
    ///
    /// - Throws: ``PseudonymizerError`` naming the file when it cannot be read or is shorter than
    ///   16 bytes.
    public init(keyFile path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PseudonymizerError(
                "cannot read the pseudonymization secret \(path); give a file holding a secret of at least 16 bytes (e.g. `head -c 32 /dev/urandom | base64 > \(path)`)"
            )
        }
        var bytes = Array(data)
        while let last = bytes.last, last == 0x0A || last == 0x0D { bytes.removeLast() }
        try self.init(secret: bytes, name: path)
    }

    public init(secret: [UInt8], name: String = "the secret") throws {
        guard secret.count >= 16 else {
            throw PseudonymizerError(
                "\(name) holds \(secret.count) bytes; a pseudonymization secret needs at least 16 (e.g. `head -c 32 /dev/urandom | base64 > FILE`)"
            )
        }
        self.secret = secret
    }

    /// The pseudonym of an author's channel id.
    public func pseudonym(of authorChannelId: String) -> String {
        "hmac-sha256:" + SHA256.hex(HMACSHA256.authenticate(Array(authorChannelId.utf8), key: secret))
    }

    public func apply(to comment: inout Comment) {
        comment.authorChannelId = comment.authorChannelId.map(pseudonym)
        comment.authorDisplayName = nil
        comment.authorProfileImageUrl = nil
    }

    public var description: String { "AuthorPseudonymizer(secret: \(secret.count) bytes)" }
}

public struct PseudonymizerError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
