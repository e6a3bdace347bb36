/// What the emulator's synthetic corpus holds. The same configuration gives byte-identical
/// responses on every machine.
public struct CorpusConfiguration: Sendable, Hashable {
    /// Seeds every generated value.
    public var seed: UInt64
    public var channels: Int
    /// The mean number of uploads per channel (each channel has 1 to twice this many).
    public var videosPerChannel: Int

    public init(seed: UInt64 = 1, channels: Int = 300, videosPerChannel: Int = 40) {
        self.seed = seed
        self.channels = channels
        self.videosPerChannel = videosPerChannel
    }
}
