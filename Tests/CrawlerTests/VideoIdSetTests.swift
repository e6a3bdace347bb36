import Emulator
import Testing

@testable import Crawler

@Suite("VideoIdSet")
struct VideoIdSetTests {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    /// The id a packed value stands for, written out independently of `pack`.
    static func unpack(_ value: UInt64) -> String {
        var characters = [Character](repeating: "A", count: 11)
        characters[10] = alphabet[Int(value & 15) * 4]
        for position in 0..<10 { characters[position] = alphabet[Int(value >> (58 - 6 * UInt64(position)) & 63)] }
        return String(characters)
    }

    @Test func realShapedIdsPackIntoSixtyFourBitsExactly() throws {
        for id in ["dQw4w9WgXcQ", "9bZkp7q19f0", "AAAAAAAAAAA", "__________8", "-_-_-_-_-_w"] {
            let value = try #require(VideoIdSet.pack(id), "\(id) has the real shape")
            #expect(Self.unpack(value) == id)
        }
        #expect(VideoIdSet.pack("AAAAAAAAAAA") == 0)
        #expect(VideoIdSet.pack("__________8") == .max)
        // Ids that differ in the last character's four bits pack apart.
        let lasts = "AEIMQUYcgkosw048".map { VideoIdSet.pack("dQw4w9WgXc" + String($0)) }
        #expect(Set(lasts.compactMap { $0 }).count == 16)
    }

    @Test func everyOtherStringIsLeftUnpacked() {
        #expect(VideoIdSet.pack("") == nil)
        #expect(VideoIdSet.pack("dQw4w9WgXc") == nil, "10 characters")
        #expect(VideoIdSet.pack("dQw4w9WgXcQA") == nil, "12 characters")
        // The last character must be one of the 16 that carry 4 bits.
        for last in Self.alphabet {
            let packs = VideoIdSet.pack("dQw4w9WgXc" + String(last)) != nil
            #expect(packs == "AEIMQUYcgkosw048".contains(last), "last character \(last)")
        }
        // Characters outside base64url: standard base64's, padding, spaces, non-ASCII.
        for id in ["dQw4w9W+XcQ", "dQw4w9W/XcQ", "dQw4w9WgX=Q", "dQw4 9WgXcQ", "dQw4w9WgXé", "dQw4w9WgXcé"] {
            #expect(VideoIdSet.pack(id) == nil, "\(id)")
        }
    }

    @Test func membershipIsExactForPackedAndUnpackedIds() {
        var set = VideoIdSet()
        var generator = SystemRandomNumberGenerator()
        var ids: Set<String> = []
        // Random 11-character ids: a quarter of them have the real shape, the rest are strings.
        while ids.count < 20_000 {
            ids.insert(String((0..<11).map { _ in Self.alphabet.randomElement(using: &generator)! }))
        }
        ids.formUnion([
            "", "short", "dQw4w9WgXc", "dQw4w9WgXcQ", "dQw4w9WgXcR", "dQw4w9WgXcQA", "dQw4w9W+XcQ", "dQw4w9WgXé",
            "a longer id than usual",
        ])
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
        // Ids that differ in one character are different members, packed or not.
        var other = VideoIdSet()
        other.insert("dQw4w9WgXcQ")
        other.insert("dQw4w9WgXcR")
        #expect(!other.contains("dQw4w9WgXcA"))
        #expect(!other.contains("eQw4w9WgXcQ"))
        #expect(!other.contains("dQw4w9WgXcS"))
        #expect(other.contains("dQw4w9WgXcQ"))
        #expect(other.contains("dQw4w9WgXcR"))
        #expect(other.count == 2)
    }

    @Test func everyEmulatorVideoIdPacks() {
        let service = EmulatorService(
            EmulatorConfiguration(corpus: CorpusConfiguration(seed: 5, channels: 40, videosPerChannel: 40)))
        let ids = service.truthVideos().map(\.videoId)
        #expect(ids.count > 500)
        var packed: Set<UInt64> = []
        for id in ids {
            if let value = VideoIdSet.pack(id) { packed.insert(value) } else { Issue.record("\(id) does not pack") }
        }
        #expect(packed.count == ids.count, "distinct ids pack to distinct values")
    }
}
