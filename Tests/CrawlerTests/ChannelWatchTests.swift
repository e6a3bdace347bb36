import Testing

@testable import Crawler

/// The watched channels' entries, kept in 24 bytes each: every value and every absent one comes
/// back as it was set, through a checkpoint's list.
@Suite("Channel watch entries")
struct ChannelWatchTests {
    @Test func valuesAndAbsencesRoundTripThroughTheCheckpointList() {
        var watch = ChannelWatch()
        watch.watch("UCb", seed: 7, videoCount: nil)
        watch.watch("UCa", seed: 0, videoCount: 0)
        watch.watch("UCc", seed: 24_698, videoCount: 1_200_000)
        watch.walked("UCa", at: 1_796_000_000)
        watch.noteUpload(of: "UCa", published: -86_400)
        watch.noteUpload(of: "UCa", published: -90_000)
        watch.note("UCb", videoCount: 3)
        watch.watch("UCc", seed: 1, videoCount: nil)
        let listed = watch.listed
        #expect(
            listed == [
                WatchedChannel(id: "UCa", seed: 0, videoCount: 0, newest: -86_400, walkedAt: 1_796_000_000),
                WatchedChannel(id: "UCb", seed: 7, videoCount: 3, newest: nil, walkedAt: nil),
                WatchedChannel(id: "UCc", seed: 24_698, videoCount: 1_200_000, newest: nil, walkedAt: nil),
            ])
        #expect(ChannelWatch(listed).listed == listed, "read back from a checkpoint")
        #expect(MemoryLayout<ChannelWatch.Entry>.stride == 24)
    }
}
