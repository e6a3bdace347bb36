import Foundation

/// A video's identity and publication date, for tests that check an update crawl found exactly
/// the videos published in a window.
public struct PublishedVideo: Sendable, Hashable {
    public var videoId: String
    public var channelId: String
    /// Whole seconds, as the API sends it.
    public var publishedAt: Date

    public init(videoId: String, channelId: String, publishedAt: Date) {
        self.videoId = videoId
        self.channelId = channelId
        self.publishedAt = publishedAt
    }
}

/// The truth of the uploads channels make as the emulator's days pass.
extension EmulatorService {
    /// The second new uploads are published from: midnight UTC of day 0's date. Nothing published
    /// at or after it exists on day 0; day *d* shows what was published before this plus *d* days.
    public var newUploadsStart: Date { Date(timeIntervalSince1970: TimeInterval(api.corpus.present)) }

    /// The videos that exist on the emulator's current day (published by then, not vanished) with
    /// `publishedAt` in `start...end` (both inclusive, as search's `publishedAfter` and
    /// `publishedBefore`), newest first, day-0 videos and new uploads alike.
    ///
    /// - Parameter channelIds: only these channels' videos (unknown ids ignored); all when `nil`.
    /// - Complexity: O(*n*) for the *n* day-0 videos of the channels asked (the first call
    ///   dates every video of the corpus once).
    public func uploads(publishedBetween start: Date, and end: Date, channelIds: [String]? = nil) -> [PublishedVideo] {
        let corpus = api.corpus
        let day = api.day
        let from = Int64(start.timeIntervalSince1970.rounded(.up))
        let to = Int64(end.timeIntervalSince1970.rounded(.down))
        let channels =
            channelIds.map { $0.compactMap { corpus.channelIndex(id: Substring($0)) } }
            ?? Array(
                corpus.channels.indices)
        var found: [(index: Int, channel: Int, date: Int64)] = []
        for channel in channels {
            let uploads = corpus.uploads(ofChannel: channel, onDay: day)
            for (index, date) in zip(uploads.recent, uploads.recentDates) where date >= from && date <= to {
                found.append((index, channel, date))
            }
            let record = corpus.channels[channel]
            for index in record.firstVideo..<record.firstVideo + record.videoCount {
                let date = corpus.publishedAt(ofVideo: index)
                guard date >= from, date <= to, corpus.exists(index, onDay: day) else { continue }
                found.append((index, channel, date))
            }
        }
        found.sort { $0.date != $1.date ? $0.date > $1.date : $0.index < $1.index }
        return found.map {
            PublishedVideo(
                videoId: corpus.videoId($0.index), channelId: corpus.channels[$0.channel].id,
                publishedAt: Date(timeIntervalSince1970: TimeInterval($0.date)))
        }
    }

    /// The uploads published since day 0 that exist on the emulator's current day, newest first:
    /// ``uploads(publishedBetween:and:channelIds:)`` from ``newUploadsStart`` on.
    public func newUploads(channelIds: [String]? = nil) -> [PublishedVideo] {
        uploads(publishedBetween: newUploadsStart, and: .distantFuture, channelIds: channelIds)
    }

    /// How often a channel uploads after day 0; `nil` for an unknown channel.
    public func uploadSchedule(channelId: String) -> UploadSchedule? {
        api.corpus.channelIndex(id: Substring(channelId)).map { api.corpus.channels[$0].uploads }
    }
}
