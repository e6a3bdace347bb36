import Testing

@testable import Crawler

@Suite("VideoIdSet")
struct VideoIdSetTests {
    @Test func realAndEmulatorIdsPackIntoSixtyFourBits() {
        // YouTube ids: the last character carries 4 bits.
        #expect(VideoIdSet.pack("dQw4w9WgXcQ") != nil)
        #expect(VideoIdSet.pack("9bZkp7q19f0") != nil)
        guard case .lowBitsFree = VideoIdSet.pack("dQw4w9WgXcQ") else {
            Issue.record("a YouTube id has its two low bits free")
            return
        }
        // The emulator's: the first character carries 4 bits.
        guard case .highBitsFree = VideoIdSet.pack("HgiGN65ALrf") else {
            Issue.record("an emulator id has its two high bits free")
            return
        }
        #expect(VideoIdSet.pack("_________-_") == nil, "neither form: kept as a string")
        #expect(VideoIdSet.pack("short") == nil)
        #expect(VideoIdSet.pack("twelve-chars") == nil)
        #expect(VideoIdSet.pack("bad!char#id") == nil)
    }

    @Test func membershipIsExactForEveryForm() {
        var set = VideoIdSet()
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var generator = SystemRandomNumberGenerator()
        var ids: Set<String> = []
        while ids.count < 20_000 {
            ids.insert(String((0..<11).map { _ in alphabet.randomElement(using: &generator)! }))
        }
        ids.formUnion(["short", "dQw4w9WgXcQ", "_________-_", "a longer id than usual"])
        for id in ids {
            let inserted = set.insert(id)
            #expect(inserted)
        }
        #expect(set.count == ids.count)
        for id in ids {
            #expect(set.contains(id))
            let again = set.insert(id)
            #expect(!again, "a second insert finds it")
        }
        // Ids that differ in one character are different members.
        var other = VideoIdSet()
        other.insert("dQw4w9WgXcQ")
        #expect(!other.contains("dQw4w9WgXcA"))
        #expect(!other.contains("eQw4w9WgXcQ"))
        #expect(other.contains("dQw4w9WgXcQ"))
    }
}
