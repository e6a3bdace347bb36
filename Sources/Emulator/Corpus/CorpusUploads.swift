/// Uploads after day 0: each channel uploads at its own rate from the corpus's present on, one
/// upload at most per slot of its schedule, at a random second of the slot. New uploads live in an
/// index space of their own, `2^39 | channel << 18 | slot`, so they are generated on demand like
/// the day-0 videos (whose indices stay below the corpus's video count) and their ids come from
/// the same codec: 11 characters, round-tripping to the index.
extension Corpus {
    /// The first index of a new upload (far beyond any day-0 video and ordinary playlists'
    /// placeholders; below 2^40, so the generator streams keyed by a video's index stay apart).
    static let uploadBase = 1 << 39
    static let uploadSlotBits = 18
    /// Channels whose uploads have indices of their own (2^21); later channels stay dormant.
    static let uploadChannelLimit = 1 << (39 - uploadSlotBits)

    /// The index of the upload in `slot` of `channel`'s schedule.
    static func uploadIndex(channel: Int, slot: Int) -> Int {
        uploadBase | channel << uploadSlotBits | slot
    }

    /// Whether `index` is in the new uploads' space (whether or not its slot holds an upload).
    static func isUpload(_ index: Int) -> Bool { index >= uploadBase }

    /// The channel and slot a new upload's index names; `nil` for a day-0 index or one beyond the space.
    static func uploadSlot(ofIndex index: Int) -> (channel: Int, slot: Int)? {
        guard index >= uploadBase, index < uploadBase << 1 else { return nil }
        let offset = index - uploadBase
        return (offset >> uploadSlotBits, offset & (1 << uploadSlotBits - 1))
    }

    /// The second `channel` publishes in `slot` of its schedule, or `nil` when it skips that slot
    /// (or is dormant, or beyond the channels with an index space).
    ///
    /// - Complexity: O(1): one generator per slot.
    func uploadMoment(channel: Int, slot: Int) -> Int64? {
        guard channel < channels.count, channel < Self.uploadChannelLimit, slot >= 0, slot < 1 << Self.uploadSlotBits
        else { return nil }
        let schedule = channels[channel].uploads
        guard schedule.slotSeconds > 0 else { return nil }
        var random = CorpusRandom(
            seed: configuration.seed, stream: 0x7500_0000_0000 + UInt64(channel) << Self.uploadSlotBits + UInt64(slot))
        guard random.next() % 1000 < schedule.fillPerMille else { return nil }
        return present + Int64(slot) * schedule.slotSeconds + Int64(random.next() % UInt64(schedule.slotSeconds))
    }

    /// Whether `index` names a new upload whose slot holds one (published or not yet).
    func isRealUpload(_ index: Int) -> Bool {
        guard let (channel, slot) = Self.uploadSlot(ofIndex: index) else { return false }
        return uploadMoment(channel: channel, slot: slot) != nil
    }

    /// The new uploads of `channel` published before `end`, oldest first.
    ///
    /// - Complexity: O(*s*) for the *s* slots of the schedule before `end`.
    func newUploads(ofChannel channel: Int, before end: Int64) -> [(index: Int, publishedAt: Int64)] {
        let schedule = channels[channel].uploads
        guard schedule.slotSeconds > 0, end > present, channel < Self.uploadChannelLimit else { return [] }
        let slots = min(Int((end - present - 1) / schedule.slotSeconds) + 1, 1 << Self.uploadSlotBits)
        return (0..<slots).compactMap { slot in
            guard let moment = uploadMoment(channel: channel, slot: slot), moment < end else { return nil }
            return (Self.uploadIndex(channel: channel, slot: slot), moment)
        }
    }

    /// Draws how often a channel uploads after day 0, from a generator of its own (nothing else
    /// about the channel changes). Active channels (uploads in the days before the present) keep
    /// uploading: a quarter several times a day, two in five daily, the rest every two to seven days.
    /// Of the others half stay dormant, one in five uploads every four to ten days and three in ten
    /// every two to six weeks.
    static func uploadSchedule(of channel: CorpusChannel, seed: UInt64) -> UploadSchedule {
        var random = CorpusRandom(seed: seed, stream: 0x7400_0000_0000 + UInt64(channel.index))
        let tier = random.next() % 100
        let draw = random.next()
        let day: Int64 = 86_400
        if channel.uploadShift > 0 {
            switch tier {
            case 0..<25:
                return UploadSchedule(rate: .severalADay, slotSeconds: day / Int64(2 + draw % 4), fillPerMille: 850)
            case 25..<65: return UploadSchedule(rate: .daily, slotSeconds: day, fillPerMille: 800)
            default: return UploadSchedule(rate: .weekly, slotSeconds: day * Int64(2 + draw % 6), fillPerMille: 850)
            }
        }
        switch tier {
        case 0..<50: return UploadSchedule(rate: .dormant, slotSeconds: 0, fillPerMille: 0)
        case 50..<70: return UploadSchedule(rate: .weekly, slotSeconds: day * Int64(4 + draw % 7), fillPerMille: 850)
        default: return UploadSchedule(rate: .monthly, slotSeconds: day * Int64(14 + draw % 29), fillPerMille: 800)
        }
    }
}

/// How often a channel uploads after day 0: its time cut into slots of `slotSeconds` from the
/// corpus's present on, each holding one upload with probability `fillPerMille` / 1000.
public struct UploadSchedule: Sendable, Hashable {
    /// The rate in words, as the schedule was drawn.
    public enum Rate: String, Sendable, Hashable, CaseIterable {
        case dormant, monthly, weekly, daily, severalADay
    }

    public var rate: Rate
    /// 0 for a dormant channel.
    public var slotSeconds: Int64
    public var fillPerMille: UInt64
}
