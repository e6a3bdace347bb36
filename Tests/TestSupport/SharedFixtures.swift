import Foundation

/// The fixtures under ../shared/fixtures beside the checkout, when that folder exists
/// (it does on the project's machines and CI, not on a user's machine).
public enum SharedFixtures {
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/fixtures")

    public static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent("api-responses").path)
    }

    /// Prints a visible note when the fixtures are absent, and returns whether they are there.
    public static func available(for test: String) -> Bool {
        if isAvailable { return true }
        print("SKIPPED \(test): ../shared/fixtures is absent (only on the project's machines); nothing was checked")
        return false
    }

    public static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent(relativePath))
    }

    public static func bytes(_ relativePath: String) throws -> [UInt8] {
        Array(try data(relativePath))
    }

    /// Every JSON file under api-responses/, as paths relative to fixtures/.
    public static func apiResponses() -> [String] {
        let base = root.appendingPathComponent("api-responses")
        guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted()
            .map { "api-responses/" + $0 }
    }
}
