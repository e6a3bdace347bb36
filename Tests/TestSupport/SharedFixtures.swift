import Foundation
import Testing

/// The fixtures under ../shared/fixtures beside the checkout, when that folder exists
/// (it does on the project's machines and CI, not on a user's machine).
public enum SharedFixtures {
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/fixtures")

    public static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent("api-responses").path)
    }

    /// Why a test that needs them is skipped (`.enabled(if: SharedFixtures.isAvailable, SharedFixtures.absent)`).
    public static let absent: Comment = "../shared/fixtures is absent (only on the project's machines)"

    public static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent(relativePath))
    }

    public static func bytes(_ relativePath: String) throws -> [UInt8] {
        Array(try data(relativePath))
    }

    /// Every JSON file under api-responses/, as paths relative to fixtures/; the comments/ folder
    /// (commentThreads and comments bodies, which the list decoders do not read) only when asked.
    public static func apiResponses(includingComments: Bool = false) -> [String] {
        let base = root.appendingPathComponent("api-responses")
        guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }
            .filter { includingComments || !$0.hasPrefix("comments/") }.sorted()
            .map { "api-responses/" + $0 }
    }
}
