import Testing

@testable import Crawler

@Suite("CompactStringSet")
struct CompactStringSetTests {
    @Test func agreesWithASetOfStrings() {
        var compact = CompactStringSet()
        var reference: Set<String> = []
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var members: [String] = (0..<30_000).map { _ in
            "UC" + String((0..<22).map { _ in alphabet.randomElement(using: &generator)! })
        }
        // Empty, one byte, non-ASCII, and lengths around the one-byte length limit.
        members += ["", "a", "kanał-ü-😀", String(repeating: "x", count: 254), String(repeating: "x", count: 255)]
        members += [String(repeating: "y", count: 70_000)]
        members += members.prefix(3_000)  // repeats
        for member in members {
            #expect(compact.insert(member) == reference.insert(member).inserted)
        }
        #expect(compact.count == reference.count)
        for member in reference { #expect(compact.contains(member)) }
        #expect(!compact.contains("UC" + String(repeating: "A", count: 21)))
        #expect(!compact.contains(String(repeating: "x", count: 256)))
        #expect(!compact.contains("kanał-ü-😀 "))
        #expect(Set(compact.members) == reference)
    }

    @Test func emptySetFindsNothing() {
        let set = CompactStringSet()
        #expect(!set.contains(""))
        #expect(set.isEmpty && set.members.isEmpty)
    }
}
