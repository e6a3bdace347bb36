extension RecordSchema.Field {
    /// Whether the column holds free text a person or the uploader wrote (titles, descriptions,
    /// comments, tags, names, handles, URLs, a seed line), which a CSV export neutralizes for
    /// spreadsheets. Ids, codes, dates, numbers and enumerations are not free text: a CSV writes
    /// them as crawled, so that they still join with the shards and with YouTube (a video id is
    /// base64url: about one in 64 begins with `-`).
    public var isFreeText: Bool {
        switch type {
        case .string, .array(.string): return !Self.isCode(name)
        default: return false
        }
    }

    /// Names of string columns that hold an identifier or a code from a fixed vocabulary: every
    /// `…Id` / `…Ids`, the API's codes (`country`, `definition`, `privacyStatus`…) and the
    /// channel trailer's video id.
    private static func isCode(_ name: String) -> Bool {
        name == "id" || name.hasSuffix("Id") || name.hasSuffix("Ids") || codeColumns.contains(name)
    }

    private static let codeColumns: Set<String> = [
        "country", "defaultLanguage", "defaultAudioLanguage", "definition", "dimension", "duration", "license",
        "liveBroadcastContent", "privacyStatus", "projection", "uploadStatus", "longUploadsStatus", "endpoint",
        "unsubscribedTrailer", "allowed", "blocked",
    ]
}
