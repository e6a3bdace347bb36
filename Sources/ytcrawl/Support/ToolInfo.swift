/// The tool's name and version, as `--version` and the manifest state them.
enum ToolInfo {
    static let name = "ytcrawl"
    static let version = "0.1.0"
}
