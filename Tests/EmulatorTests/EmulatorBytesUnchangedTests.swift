import Emulator
import Testing

/// The channel links (channelSections.list, subscriptions.list) are drawn from generators of their
/// own: the other endpoints' bytes for the default corpus are what they were before them.
@Suite("Emulator bytes unchanged by the channel links")
struct EmulatorBytesUnchangedTests {
    /// Day 0 of these emulators, and their clock: 2026-01-01T00:00:00Z and an hour later.
    static let dayZero: Int64 = 1_767_225_600

    /// A request and the FNV-1a 64 hash of its body. The hashes were taken from `main` at fc38b7a
    /// (before the links existed): this test, run on that commit with the expected values blank,
    /// printed them. Changed on purpose since, all but the playlists' (below): descriptions hold
    /// links, hashtags, handles and chapter blocks, comments hashtags and channel-owner replies, and
    /// a thread's replies come in the order of their numbers (Corpus+TextFeatures.swift,
    /// CommentCorpus.swift).
    static let cases: [(String, String)] = [
        ("/youtube/v3/search?part=snippet&q=music&maxResults=50", "64bb5947247e00ae"),
        (
            "/youtube/v3/channels?part=snippet,contentDetails,statistics,brandingSettings,status,topicDetails&id=\(ids)",
            "9fbacee16f49e79f"
        ),
        (
            "/youtube/v3/playlistItems?part=snippet,contentDetails&maxResults=50&playlistId=UU\(channel3)",
            "824d0810b1b65353"
        ),
        // Changed on purpose since: channel 3 has curated playlists (Corpus+Playlists.swift).
        ("/youtube/v3/playlists?part=snippet,contentDetails&channelId=UC\(channel3)&maxResults=50", "7711715f40c2369b"),
        ("/youtube/v3/videos?part=snippet,contentDetails,statistics,status&id=\(videoIds)", "d8c238923f47ae7b"),
        ("/youtube/v3/commentThreads?part=snippet,replies&videoId=\(videoId)&maxResults=100", "3eb06d322024eece"),
    ]

    static let service = EmulatorService(
        EmulatorConfiguration(
            corpus: CorpusConfiguration(), keys: ["bytes-key"], dailyUnits: 1_000_000, dailySearches: 1_000_000,
            clock: { dayZero + 3600 }))
    static var ids: String { service.channelIds.prefix(20).joined(separator: ",") }
    static var channel3: String { String(service.channelIds[3].dropFirst(2)) }
    static var videoIds: String {
        service.formatListVideoIds(channelId: service.channelIds[5])!.values.flatMap { $0 }.sorted().prefix(30)
            .joined(separator: ",")
    }
    static var videoId: String {
        service.formatListVideoIds(channelId: service.channelIds[7])!.values.flatMap { $0 }.sorted().first!
    }

    static func fnv1a(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let text = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }

    @Test(arguments: cases.indices)
    func responseBytesAreAsOnMain(_ index: Int) {
        let (target, expected) = Self.cases[index]
        let reply = Self.service.respond(target: target, headers: [(name: "X-Goog-Api-Key", value: "bytes-key")])
        #expect(reply.status == 200, "\(target)")
        #expect(Self.fnv1a(reply.body) == expected, "\(target)")
    }
}
