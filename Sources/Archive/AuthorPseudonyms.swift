import Foundation
import StreamingJSON

/// How an output's comment authors are written: recorded in `manifest.json` and
/// `checkpoint.json` when they are pseudonymized (`--pseudonymize-authors`), absent when they
/// are in clear. Holds a fingerprint of the secret, never the secret: enough to tell whether a
/// later run uses the same one.
public struct AuthorPseudonyms: Codable, Sendable, Hashable, CustomStringConvertible {
    /// How an author's channel id becomes its pseudonym: `hmac-sha256`.
    public var scheme: String
    /// A short keyed hash of the secret (see `AuthorPseudonymizer.fingerprint`); `nil` when the
    /// output was written by a version that did not record it.
    public var secretFingerprint: String?

    public init(scheme: String = "hmac-sha256", secretFingerprint: String?) {
        self.scheme = scheme
        self.secretFingerprint = secretFingerprint
    }

    /// The prefix of a pseudonymized `authorChannelId`.
    public static let pseudonymPrefix = "hmac-sha256:"

    public var description: String {
        "pseudonymized (\(scheme), secret fingerprint \(secretFingerprint ?? "not recorded"))"
    }
}

/// A run would mix pseudonymized and clear authors (or two pseudonym spaces) in one output.
/// Nothing was written; the description names the output, the flag and the fix.
public struct AuthorPseudonymsMismatch: Error, Sendable, CustomStringConvertible {
    public let description: String
}

extension AuthorPseudonyms {
    /// What `directory` records of its authors, before a run writes into it: the mode its manifest
    /// or checkpoint records; else, for comment shards written by an earlier version, what their
    /// first comment with an author shows (pseudonymized with an unknown secret, or clear).
    ///
    /// - Returns: `nil` for clear authors; `.some` for pseudonymized ones.
    static func recorded(in directory: String, manifest: Manifest?, checkpoint: Checkpoint?) -> AuthorPseudonyms? {
        if let mode = manifest?.authorPseudonyms ?? checkpoint?.authorPseudonyms { return mode }
        struct Decided: Error { var pseudonymized: Bool }
        do {
            try ArchiveReader.forEachCompleteLine(directory: directory, kind: .comments) { line in
                guard case .string(let author)? = (try? JSONValue.parse(line))?["authorChannelId"] else { return }
                throw Decided(pseudonymized: author.hasPrefix(pseudonymPrefix))
            }
        } catch let decided as Decided {
            return decided.pseudonymized ? AuthorPseudonyms(secretFingerprint: nil) : nil
        } catch {
            // An unreadable shard: the resume names it.
        }
        return nil
    }

    /// Refuses a run whose authors (`wanted`: `nil` for clear) would not match those the
    /// output's comments already have.
    ///
    /// - Throws: ``AuthorPseudonymsMismatch`` naming the output, the flag and the fix.
    static func check(
        directory: String, wanted: AuthorPseudonyms?, manifest: Manifest?, checkpoint: Checkpoint?
    ) throws {
        guard !ArchiveReader.shardNames(directory: directory, kind: .comments, includeOpen: true).isEmpty else {
            return
        }
        let recorded = recorded(in: directory, manifest: manifest, checkpoint: checkpoint)
        let other = "or give another --out for a separate output"
        switch (recorded, wanted) {
        case (nil, nil): return
        case (let recorded?, nil):
            throw AuthorPseudonymsMismatch(
                description:
                    "\(directory) holds comments whose authors are \(recorded); this run would write authors in clear beside them: rerun with --pseudonymize-authors and the same secret file, \(other)"
            )
        case (nil, let wanted?):
            throw AuthorPseudonymsMismatch(
                description:
                    "\(directory) holds comments whose authors are in clear; this run would write pseudonymized authors (secret fingerprint \(wanted.secretFingerprint ?? "?")) beside them: drop --pseudonymize-authors, \(other)"
            )
        case (let recorded?, let wanted?):
            guard let old = recorded.secretFingerprint else {
                // Pseudonyms whose secret is not recorded (an earlier version, or manifest and
                // checkpoint removed): nothing tells whether this secret is theirs.
                throw AuthorPseudonymsMismatch(
                    description:
                        "\(directory) holds comments with pseudonymized authors but no record of the secret they were made with (written by an earlier version, or its manifest.json and checkpoint.json were removed); this run's secret (fingerprint \(wanted.secretFingerprint ?? "?")) cannot be checked against them and a second secret would split each author in two: give another --out for a separate output"
                )
            }
            guard let new = wanted.secretFingerprint, old != new else { return }
            throw AuthorPseudonymsMismatch(
                description:
                    "\(directory) holds comments pseudonymized with another secret (fingerprint \(old); this one is \(new)); one author would get two pseudonyms: give --pseudonymize-authors the file of that secret, \(other)"
            )
        }
    }
}

/// `ytcrawl verify`'s look at comment authors: an output recorded as pseudonymized holds no
/// author in clear, and no output holds both kinds.
struct AuthorPseudonymsAudit {
    let recorded: AuthorPseudonyms?
    private var firstClear: String?
    private var firstPseudonym: String?

    init(recorded: AuthorPseudonyms?) { self.recorded = recorded }

    /// Looks at one comment line (`place`: its shard and line, for the message).
    mutating func check(_ comment: JSONValue, place: String) throws {
        let named: Bool
        if case .string = comment["authorDisplayName"] { named = true } else { named = false }
        var pseudonymized = false
        var clear = named
        if case .string(let id)? = comment["authorChannelId"] {
            if id.hasPrefix(AuthorPseudonyms.pseudonymPrefix) { pseudonymized = true } else { clear = true }
        }
        if clear {
            if recorded != nil {
                throw ArchiveError(
                    "\(place): an author in clear (\(named ? "authorDisplayName" : "authorChannelId") is written) in an output whose authors are \(recorded?.description ?? ""); the output mixes them: crawl again into a new --out with --pseudonymize-authors"
                )
            }
            firstClear = firstClear ?? place
        }
        if pseudonymized { firstPseudonym = firstPseudonym ?? place }
        if let clearAt = firstClear, let pseudonymAt = firstPseudonym {
            throw ArchiveError(
                "the comments mix authors in clear (first: \(clearAt)) and pseudonymized ones (first: \(pseudonymAt)); crawl again into a new --out, with or without --pseudonymize-authors"
            )
        }
    }
}

extension AuthorPseudonyms {
    /// How the comment authors of every input holding comments are written, for a merge: one
    /// mode (and one secret) for all, or a refusal naming the two inputs that differ.
    ///
    /// - Throws: ``AuthorPseudonymsMismatch``.
    static func common(of inputs: [String], manifests: [Manifest]) throws -> AuthorPseudonyms? {
        var first: (input: String, mode: AuthorPseudonyms?)?
        for (input, manifest) in zip(inputs, manifests)
        where !ArchiveReader.shardNames(directory: input, kind: .comments, includeOpen: true).isEmpty {
            let mode = recorded(in: input, manifest: manifest, checkpoint: try Checkpoint.load(directory: input))
            guard let (firstInput, firstMode) = first else {
                first = (input, mode)
                continue
            }
            let same: Bool
            switch (firstMode, mode) {
            case (nil, nil): same = true
            // A secret not recorded cannot be told the same as another.
            case (let a?, let b?): same = a.secretFingerprint != nil && a == b
            default: same = false
            }
            guard same else {
                func describe(_ mode: AuthorPseudonyms?) -> String { mode.map { "\($0)" } ?? "in clear" }
                throw AuthorPseudonymsMismatch(
                    description:
                        "\(firstInput) has comment authors \(describe(firstMode)) and \(input) \(describe(mode)); a merge would mix them: merge outputs crawled alike (the same --pseudonymize-authors secret, or none)"
                )
            }
        }
        return first?.mode ?? nil
    }
}
