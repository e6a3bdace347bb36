import Foundation
import StreamingJSON
import YouTubeKit

/// The ground truth of the corpus, for tests that check a crawl found exactly what exists.
extension EmulatorService {
    /// Every channel id, in corpus order (for building seeds).
    public var channelIds: [String] { api.corpus.channels.map(\.id) }

    /// Every ordinary playlist id, in corpus order.
    public var playlistIds: [String] { api.corpus.playlists.map(\.id) }

    /// Units and searches `key` used today (Pacific), as the emulator counted them.
    public func quotaUsed(key: String) -> (units: Int, searches: Int) {
        api.quota.used(key: key, now: configuration.clock())
    }

    /// The ground truth: every video as videos.list shows it, in the record schema.
    public func truthVideos() -> [Video] {
        (0..<api.corpus.videoCount).map { index in
            let video = api.corpus.video(index)
            let channel = api.corpus.channels[video.channel]
            var thumbnails: [(name: String, thumbnail: Thumbnail)] = []
            if case .object(let sizes) = api.renderer.videoThumbnails(video, searchSizes: false) {
                for size in sizes {
                    guard case .object(let fields) = size.value, case .string(let url)? = fields.first?.value else {
                        continue
                    }
                    thumbnails.append(
                        (
                            size.key,
                            Thumbnail(url: url, width: Self.int(fields, "width"), height: Self.int(fields, "height"))
                        ))
                }
            }
            return Video(
                videoId: video.id, title: video.title, description: video.description, channelId: channel.id,
                channelTitle: channel.title, publishedAt: Date(timeIntervalSince1970: TimeInterval(video.publishedAt)),
                thumbnails: Thumbnails(thumbnails), liveBroadcastContent: video.liveBroadcastContent,
                tags: video.tags.isEmpty ? nil : video.tags, categoryId: video.categoryId,
                defaultLanguage: video.defaultLanguage, defaultAudioLanguage: video.defaultAudioLanguage,
                duration: video.duration, durationSeconds: video.durationSeconds, viewCount: video.viewCount,
                likeCount: video.likeCount, commentCount: video.commentCount)
        }
    }

    private static func int(_ fields: [(key: String, value: JSONValue)], _ name: String) -> Int? {
        guard case .number(let text)? = fields.first(where: { $0.key == name })?.value else { return nil }
        return Int(text)
    }

    /// The ground truth: every channel as channels.list shows it.
    public func truthChannels() -> [Channel] {
        api.corpus.channels.map { channel in
            Channel(
                channelId: channel.id, title: channel.title, description: channel.description,
                customUrl: channel.handle.lowercased(),
                publishedAt: Date(timeIntervalSince1970: TimeInterval(channel.publishedAt)), country: channel.country,
                uploadsPlaylistId: channel.uploadsPlaylistId, viewCount: channel.viewCount,
                subscriberCount: channel.subscriberCount, videoCount: channel.videoCount)
        }
    }

    /// The ground truth of comments: every comment of the videos given (all by default), top-level
    /// and replies, as a comments crawl records them (plain text).
    public func truthComments(videoIds: [String]? = nil) -> [Comment] {
        let corpus = api.corpus
        let indices =
            videoIds.map { $0.compactMap { corpus.videoIndex(id: Substring($0)) } } ?? Array(0..<corpus.videoCount)
        var comments: [Comment] = []
        for index in indices {
            let video = corpus.video(index)
            let channelId = corpus.channels[video.channel].id
            for (thread, replies) in corpus.threadReplyCounts(ofVideo: video).enumerated() {
                for reply in [nil] + (0..<replies).map(Optional.some) {
                    let comment = corpus.comment(video: video, thread: thread, reply: reply)
                    comments.append(
                        Comment(
                            commentId: comment.id, threadId: comment.threadId,
                            parentId: reply == nil ? nil : comment.threadId, videoId: video.id, channelId: channelId,
                            authorDisplayName: corpus.authorName(comment.author),
                            authorProfileImageUrl: corpus.authorImage(comment.author),
                            authorChannelId: corpus.authorChannelId(comment.author), text: comment.text,
                            likeCount: comment.likeCount, imageUrl: comment.imageUrl,
                            totalReplyCount: reply == nil ? replies : nil,
                            publishedAt: Date(timeIntervalSince1970: TimeInterval(comment.publishedAt)),
                            updatedAt: Date(timeIntervalSince1970: TimeInterval(comment.updatedAt))))
                }
            }
        }
        return comments
    }

    /// Videos whose comments are disabled.
    public func truthCommentsDisabled() -> Set<String> {
        Set((0..<api.corpus.videoCount).map { api.corpus.video($0) }.filter { $0.commentCount == nil }.map(\.id))
    }

    /// Writes the ground truth as JSON lines: `DIRECTORY/videos.jsonl`, `DIRECTORY/channels.jsonl`
    /// and `DIRECTORY/comments.jsonl`.
    ///
    /// - Throws: when the directory or files cannot be written.
    public func dumpTruth(to directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var writer = JSONWriter(capacity: 1 << 20)
        for video in truthVideos() { RecordEncoder.encode(video, into: &writer) }
        try Data(writer.bytes).write(to: URL(fileURLWithPath: directory + "/videos.jsonl"))
        writer.removeAll()
        for channel in truthChannels() { RecordEncoder.encode(channel, into: &writer) }
        try Data(writer.bytes).write(to: URL(fileURLWithPath: directory + "/channels.jsonl"))
        writer.removeAll()
        for comment in truthComments() { RecordEncoder.encode(comment, into: &writer) }
        try Data(writer.bytes).write(to: URL(fileURLWithPath: directory + "/comments.jsonl"))
    }
}
