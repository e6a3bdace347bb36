import StreamingJSON

extension ShardName.Kind {
    /// How each record of the kind begins: its id member, first.
    var idPrefix: String { "{\"\(idColumn)\":\"" }

    /// The columns every record of the kind has, in order.
    public var columns: [String] {
        switch self {
        case .videos: RecordEncoder.videoColumns
        case .channels: RecordEncoder.channelColumns
        case .comments: RecordEncoder.commentColumns
        }
    }

    /// The column that identifies a record of the kind (the encoder writes it first).
    public var idColumn: String {
        switch self {
        case .videos: "videoId"
        case .channels: "channelId"
        case .comments: "commentId"
        }
    }
}
