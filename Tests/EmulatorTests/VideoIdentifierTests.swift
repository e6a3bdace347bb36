import Testing

@testable import Emulator

@Suite("Emulator video ids")
struct VideoIdentifierTests {
    static let lastCharacters = Set("AEIMQUYcgkosw048")
    static let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    @Test func haveTheRealShapeAndAreUnique() {
        let corpus = Corpus(CorpusConfiguration(seed: 9, channels: 60, videosPerChannel: 40))
        #expect(corpus.videoCount > 1_000)
        var seen: Set<String> = []
        for index in 0..<corpus.videoCount {
            let id = corpus.videoId(index)
            #expect(id.count == 11 && id.utf8.count == 11, "\(id)")
            #expect(id.allSatisfy { Self.alphabet.contains($0) }, "\(id)")
            #expect(Self.lastCharacters.contains(id.last!), "\(id) ends in one of the 16 a 64-bit id allows")
            #expect(seen.insert(id).inserted, "\(id) is unique")
            #expect(corpus.videoIndex(id: id[...]) == index)
        }
        #expect(corpus.videoId(0) == Landmarks.videoId)
        // The placeholders of private and deleted playlist entries have the same shape.
        for playlist in corpus.playlists {
            for entry in playlist.entries {
                switch entry {
                case .privateVideo(let id), .deletedVideo(let id):
                    #expect(id.count == 11 && Self.lastCharacters.contains(id.last!), "\(id)")
                    #expect(!seen.contains(id), "a placeholder is no video of the corpus")
                    #expect(corpus.videoIndex(id: id[...]) == nil)
                case .video: break
                }
            }
        }
    }

    /// New uploads have indices of their own (channel and slot): ids of the same shape that decode
    /// back to them, distinct from the day-0 videos' and the placeholders'; an empty slot names none.
    @Test func newUploadsRoundTripInTheirOwnIndexSpace() {
        let corpus = Corpus(CorpusConfiguration(seed: 9, channels: 60, videosPerChannel: 40))
        let dayZero = Set((0..<corpus.videoCount).map(corpus.videoId))
        var seen: Set<String> = []
        var empty = 0
        for channel in corpus.channels.indices {
            for slot in 0..<40 {
                let index = Corpus.uploadIndex(channel: channel, slot: slot)
                #expect(Corpus.uploadSlot(ofIndex: index)! == (channel, slot))
                let id = corpus.videoId(index)
                #expect(id.count == 11 && id.allSatisfy { Self.alphabet.contains($0) }, "\(id)")
                #expect(Self.lastCharacters.contains(id.last!), "\(id)")
                #expect(!dayZero.contains(id) && seen.insert(id).inserted, "\(id) is unique")
                if corpus.uploadMoment(channel: channel, slot: slot) != nil {
                    #expect(corpus.videoIndex(id: id[...]) == index)
                    #expect(corpus.video(index).id == id && corpus.video(index).channel == channel)
                } else {
                    #expect(corpus.videoIndex(id: id[...]) == nil)
                    empty += 1
                }
            }
        }
        #expect(empty > 0 && empty < seen.count)
        #expect(Corpus.uploadSlot(ofIndex: corpus.videoCount - 1) == nil)
    }

    @Test func followFromTheSeed() {
        let a = Corpus(CorpusConfiguration(seed: 9, channels: 10, videosPerChannel: 10))
        let b = Corpus(CorpusConfiguration(seed: 9, channels: 10, videosPerChannel: 10))
        let c = Corpus(CorpusConfiguration(seed: 10, channels: 10, videosPerChannel: 10))
        let ids = (1..<a.videoCount).map { a.videoId($0) }
        #expect(ids == (1..<b.videoCount).map { b.videoId($0) })
        #expect(Set(ids).isDisjoint(with: (1..<c.videoCount).map { c.videoId($0) }))
    }

    @Test func idsThatAreNotOursAreRejected() {
        let corpus = Corpus(CorpusConfiguration(seed: 9, channels: 10, videosPerChannel: 10))
        let id = corpus.videoId(5)
        let lastIndex = "AEIMQUYcgkosw048".firstIndex(of: id.last!)!
        let otherLast = "AEIMQUYcgkosw048"["AEIMQUYcgkosw048".index(after: lastIndex)...].first ?? "A"
        for probe in [
            String(id.dropLast()), id + "A", String(id.dropLast()) + String(otherLast),
            String(id.dropLast()) + "B", String(id.dropFirst()) + "+",
        ] {
            #expect(corpus.videoIndex(id: probe[...]) == nil, "\(probe)")
        }
    }

    /// Video 0 is the landmark; the index the landmark id decodes to takes video 0's own id.
    @Test func theLandmarkTradesIdsWithItsTwin() throws {
        let ids = VideoIdentifiers(seed: 9)
        #expect(ids.id(0) == Landmarks.videoId)
        #expect(ids.index(Landmarks.videoId[...]) == 0)
        let twin = try #require(ids.index(ids.codec.encode(0)[...]))
        #expect(twin != 0)
        if twin < UInt64(Int.max) {
            #expect(ids.id(Int(twin)) == ids.codec.encode(0))
        }
        for index in [1, 2, 1_000, 123_456] {
            #expect(ids.id(index) == ids.codec.encode(index))
            #expect(ids.index(ids.id(index)[...]) == UInt64(index))
        }
    }
}
