import CBuildInfo

/// The tool's name and version, as `--version` and the manifest state them, and what `--version`
/// adds: the commit and day of the build and the API revision the tool targets.
enum ToolInfo {
    static let name = "ytcrawl"
    static let version = "0.1.0"

    /// The commit the binary was built from (`-dirty` when the tree had changes), "unknown" for a
    /// plain `swift build`: `make dist` passes it through the build's environment (Package.swift).
    static let commit = String(cString: ytcrawl_build_commit())
    /// The UTC day of the build (YYYY-MM-DD), "unknown" like ``commit``.
    static let buildDate = String(cString: ytcrawl_build_date())

    /// The YouTube Data API v3 revision the requests, parts and decoders follow: the `revision`
    /// field of the discovery document they were written against
    /// (../shared/fixtures/discovery/youtube.v3.json). Update it with the fixture.
    static let apiRevision = "20260601"

    /// What `ytcrawl --version` prints.
    static var versionText: String {
        """
        \(name) \(version)
        commit: \(commit)
        built: \(buildDate)
        API: YouTube Data API v3, discovery revision \(apiRevision)
        """
    }
}
