import Archive
import StreamingJSON
import Testing
import YouTubeKit

@Suite("RecordKind")
struct RecordKindTests {
    /// The names on disk and on the wire: shard prefixes, manifest keys, schema names, `--kind`
    /// values and metric labels all are these raw values, so they must never change.
    @Test func namesOnDiskStayTheSame() throws {
        #expect(
            RecordKind.allCases.map(\.rawValue) == [
                "videos", "channels", "comments", "stats", "links", "results", "categories", "playlists",
                "memberships", "missing", "chat",
            ])
        #expect(
            RecordKind.crawlKinds == [
                .videos, .channels, .comments, .links, .results, .categories, .playlists, .memberships, .missing, .chat,
            ])
        for kind in RecordKind.allCases {
            let name = ShardName(kind: kind, index: 3)
            #expect(name.fileName == "\(kind.rawValue)-00003.jsonl.gz")
            #expect(ShardName(fileName: name.partFileName) == name)
            #expect(kind.schema.kind == kind)
            #expect("\(kind)" == kind.rawValue)
        }
        #expect(RecordSchema.all.map(\.kind) == RecordKind.allCases)
    }

    /// Each decoded record names the kind whose columns its encoded line has, id first.
    @Test(arguments: [
        DecodedRecord.video(Video(videoId: "dQw4w9WgXcQ")),
        .channel(Channel(channelId: "UC_x5XG1OV2P6uZZ5FSM9Ttw")),
        .comment(Comment(commentId: "UgzAbc", threadId: "UgzAbc", videoId: "dQw4w9WgXcQ")),
        .stats(VideoStats(videoId: "dQw4w9WgXcQ", viewCount: 5)),
    ])
    func aDecodedRecordKnowsItsKind(record: DecodedRecord) throws {
        var writer = JSONWriter()
        RecordEncoder.encode(record, into: &writer)
        var line = writer.bytes
        if line.last == 0x0A { line.removeLast() }
        guard case .object(let members) = try JSONValue.parse(line) else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == record.kind.columns)
        let id = try #require(record.kind.id(inLine: line))
        #expect(["dQw4w9WgXcQ", "UC_x5XG1OV2P6uZZ5FSM9Ttw", "UgzAbc"].contains(id))
        // No other kind reads the line as its own.
        for other in RecordKind.allCases where other.idColumn != record.kind.idColumn {
            #expect(other.id(inLine: line) == nil, "\(other)")
        }
    }
}
