import Foundation
import StreamingJSON
import YouTubeKit

/// Playlists: a channel's list (`playlists=yes|walk`), each playlist's record, and the entries of
/// every playlist walked (`memberships`).
extension Discovery {
    /// The playlists of a channel a seed with `playlists=` resolved: listed once per run.
    mutating func listPlaylists(of channelId: String, seed: Int, _ out: inout EventOutput) {
        guard let option = seeds[seed].playlists, playlists.list(channelId) else { return }
        out.enqueue(.playlists(PlaylistsPage(seed: seed, channelId: channelId, walk: option == .walk)))
    }

    /// A playlist listed or looked up: written once per output; with `walk`, walked once per run.
    mutating func found(_ found: Playlist, seed: Int, rank: Int, walk: Bool, _ out: inout EventOutput) {
        if playlists.insertPlaylist(found.playlistId) {
            var playlist = found
            playlist.fetchedAt = out.wallClock
            playlist.source = CommentSource(seed: seeds[seed].text, endpoint: APIMethod.playlists.quotaName, rank: rank)
            out.write(.playlist(playlist))
        }
        if walk { walkPlaylist(found.playlistId, seed: seed, &out) }
    }

    /// An entry of a walked playlist: written once per run, playlist, position and video.
    mutating func member(_ found: PlaylistMembership, of playlistId: String, _ out: inout EventOutput) {
        var membership = found
        membership.run = results.run
        membership.runKey = results.runKey
        if membership.playlistId.isEmpty { membership.playlistId = playlistId }
        guard playlists.insertMember(membership.membershipId) else { return }
        membership.fetchedAt = out.wallClock
        out.write(.membership(membership))
    }

    /// The next records `playlist` seeds want (up to 50; none when none is waiting).
    mutating func nextPlaylistLookups() -> [PlaylistLedger.Lookup] { playlists.nextLookups() }

    mutating func putBackPlaylistLookups(_ lookups: [PlaylistLedger.Lookup]) { playlists.putBack(lookups) }

    /// The records the `playlist` seeds want and the output lacks (a fresh crawl, a resume, an
    /// update with seeds added): an uploads list (`UU…`) has none worth a unit.
    mutating func wantPlaylistRecords() {
        for (index, seed) in seeds.enumerated() {
            if case .playlist(let id) = seed.target, !id.hasPrefix("UU") { playlists.want(id, seed: index) }
        }
    }

    /// Playlists a lookup asked for that did not come back: private, deleted or never there.
    mutating func playlistsNotFound(_ ids: [String], seed: Int, _ out: inout EventOutput) {
        for id in ids {
            out.warn("\(seeds[seed].text): playlist \(id) is private, deleted or never was (playlists.list)")
            wasMissing(.playlist, id, seed: seed, &out)
        }
    }
}
