@testable import Crawler

/// Short spellings of work items for tests.
extension WorkItem {
    static func search(seed: Int, pageToken: String? = nil, page: Int = 0, rank: Int = 0) -> WorkItem {
        .search(SearchPage(seed: seed, pageToken: pageToken, page: page, rank: rank))
    }

    static func channel(seed: Int, id: String?, handle: String? = nil) -> WorkItem {
        .channel(ChannelLookup(seed: seed, id: id, handle: handle))
    }

    static func channels(seeds: [Int], ids: [String]) -> WorkItem { .channels(ChannelBatch(seeds: seeds, ids: ids)) }

    static func playlist(
        seed: Int, playlistId: String, pageToken: String? = nil, page: Int = 0, rank: Int = 0, uploads: Bool = false
    ) -> WorkItem {
        .playlist(
            PlaylistPage(
                seed: seed, playlistId: playlistId, pageToken: pageToken, page: page, rank: rank, uploads: uploads))
    }

    static func hydrate(ids: [String]) -> WorkItem { .hydrate(HydrationBatch(ids: ids)) }
}
