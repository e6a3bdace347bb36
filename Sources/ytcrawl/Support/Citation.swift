/// How to cite the tool, as `ytcrawl --cite` prints it: the same as CITATION.cff at the
/// repository's root (a test checks that both name this version).
enum Citation {
    static let title = "ytcrawl: harvesting YouTube Data API v3 metadata at scale"
    static let authors = "The ytcrawl authors"
    static let year = "2026"

    /// BibTeX, then plain text, each naming the version.
    static var text: String {
        """
        BibTeX:

        @software{ytcrawl,
          author  = {{\(authors)}},
          title   = {{\(title)}},
          version = {\(ToolInfo.version)},
          year    = {\(year)},
          note    = {YouTube Data API v3, discovery revision \(ToolInfo.apiRevision)}
        }

        Plain text:

        \(authors) (\(year)). \(title) (version \(ToolInfo.version)) [Computer software]. YouTube Data API v3, discovery revision \(ToolInfo.apiRevision).
        """
    }
}
