import Archive
import Foundation
import StreamingJSON
import TestSupport
import Testing

/// `export --format ytdt`: YouTube Data Tools v2's files, headers equal to its column lists (its
/// `Video.to_row`, `Channel.to_row` and `Comment.to_row` in src/ytdt/models.py, with `position`
/// first where its writer adds it), rows equal to ours field for field.
@Suite("YouTube Data Tools export")
struct YTDTExportTests {
    static let videoHeader = [
        "position", "channelId", "channelTitle", "videoId", "videoUrl", "publishedAt", "publishedAtSQL", "videoTitle",
        "videoDescription", "tags", "videoCategoryId", "videoCategoryLabel", "topicCategories", "duration",
        "durationSec", "isShort", "dimension", "definition", "caption", "liveBroadcastContent", "defaultLanguage",
        "defaultAudioLanguage", "thumbnail_maxres", "licensedContent", "regionRestrictionAllowed",
        "regionRestrictionBlocked", "madeForKids", "hasPaidProductPlacement", "locationDescription", "latitude",
        "longitude", "viewCount", "likeCount", "commentCount",
    ]
    static let channelHeader = [
        "position", "id", "title", "customUrl", "channelUrl", "description", "publishedAt", "daysActive",
        "defaultLanguage", "country", "madeForKids", "viewCount", "subscriberCount", "videoCount", "thumbnail",
        "keywords", "topicDetails",
    ]
    static let commentHeader = [
        "videoId", "id", "totalReplyCount", "inferredReplyCount", "inferredLevel", "likeCount", "publishedAt",
        "authorName", "authorChannelId", "isChannelOwner", "text", "isReply", "threadId", "isReplyToId",
        "isReplyToName",
    ]

    /// A CSV file as Python's csv module reads it: the header and the rows as dictionaries.
    static func read(_ path: String) async throws -> (header: [String], rows: [[String: String]]) {
        let script = """
            import csv, json, sys
            with open(sys.argv[1], newline="", encoding="utf-8") as handle:
                reader = csv.reader(handle)
                header = next(reader)
                rows = [dict(zip(header, row)) for row in reader]
            print(json.dumps({"header": header, "rows": rows}))
            """
        let result = try await PythonRunner.run(["-c", script, path])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return (object["header"] as? [String] ?? [], object["rows"] as? [[String: String]] ?? [])
    }

    static func records(_ directory: String, _ kind: RecordKind) throws -> [String: JSONValue] {
        var records: [String: JSONValue] = [:]
        try ArchiveReader.forEachRecord(directory: directory, kind: kind) { record, _ in
            records[kind.id(of: record) ?? ""] = record
        }
        return records
    }

    static func text(_ value: JSONValue?) -> String {
        switch value {
        case .string(let text)?: text
        case .number(let text)?: text
        default: ""
        }
    }

    static func squashed(_ value: JSONValue?) -> String {
        text(value).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func headersAreYTDTsAndRowsAreOurRecords() async throws {
        let out = try await DerivedFieldsTests.crawled.output()
        let folder = CrawlCommandTests.temporary("ytdt")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let export = try await CLIRunner.run(["export", out, "--format", "ytdt", "--out", folder, "--raw-cells"])
        #expect(export.status == 0, "\(export.stderr)")

        let videos = try await Self.read(folder + "/videolist.csv")
        #expect(videos.header == Self.videoHeader)
        let videoRecords = try Self.records(out, .videos)
        #expect(videos.rows.count == videoRecords.count)
        for (index, row) in videos.rows.enumerated() {
            let record = try #require(videoRecords[row["videoId"] ?? ""], "\(row["videoId"] ?? "")")
            #expect(row["position"] == String(index + 1))
            #expect(row["channelId"] == Self.text(record["channelId"]))
            #expect(row["videoTitle"] == Self.squashed(record["title"]))
            #expect(row["videoDescription"] == Self.squashed(record["description"]))
            #expect(row["viewCount"] == Self.text(record["viewCount"]))
            #expect(
                row["durationSec"]
                    == (Self.text(record["durationSeconds"]).isEmpty ? "0" : Self.text(record["durationSeconds"])))
            #expect(
                row["publishedAtSQL"]
                    == Self.text(record["publishedAt"]).replacingOccurrences(of: "T", with: " ").replacingOccurrences(
                        of: "Z", with: ""))
            let tags: [String] =
                if case .array(let values)? = record["tags"] { values.map { Self.text($0) } } else { [] }
            #expect(row["tags"] == tags.joined(separator: ","))
        }

        let channels = try await Self.read(folder + "/channellist.csv")
        #expect(channels.header == Self.channelHeader)
        let channelRecords = try Self.records(out, .channels)
        #expect(channels.rows.count == channelRecords.count)
        for row in channels.rows {
            let record = try #require(channelRecords[row["id"] ?? ""])
            #expect(row["title"] == Self.squashed(record["title"]))
            #expect(row["subscriberCount"] == Self.text(record["subscriberCount"]))
            #expect(row["channelUrl"] == "https://www.youtube.com/channel/" + (row["id"] ?? ""))
        }

        let comments = try await Self.read(folder + "/videocomments.csv")
        #expect(comments.header == Self.commentHeader)
        let commentRecords = try Self.records(out, .comments)
        #expect(comments.rows.count == commentRecords.count)
        var children: [String: Int] = [:]
        for row in comments.rows where row["isReply"] == "1" { children[row["isReplyToId"] ?? "", default: 0] += 1 }
        var levels = 0
        for row in comments.rows {
            let record = try #require(commentRecords[row["id"] ?? ""])
            let reply = record["parentId"] != .null
            #expect(row["isReply"] == (reply ? "1" : "0"))
            #expect(row["text"] == Self.squashed(record["text"]))
            #expect(row["authorChannelId"] == Self.text(record["authorChannelId"]))
            let answered = Self.text(record["replyToCommentId"])
            #expect(row["isReplyToId"] == (reply ? (answered.isEmpty ? Self.text(record["threadId"]) : answered) : ""))
            if case .number(let depth)? = record["depth"] {
                #expect(row["inferredLevel"] == String((Int(depth) ?? 0) - 1))
                if (Int(depth) ?? 0) >= 3 { levels += 1 }
            }
            #expect(row["inferredReplyCount"] == String(children[row["id"] ?? ""] ?? 0))
            let owner: String = if case .bool(let flag)? = record["isChannelOwner"] { flag ? "yes" : "no" } else { "" }
            #expect(row["isChannelOwner"] == owner)
        }
        #expect(levels > 0, "replies to replies, as YTDT's inferredLevel 2 and more")
    }

    @Test func usageMistakesAreNamed() async throws {
        let out = try await DerivedFieldsTests.crawled.output()
        let noOut = try await CLIRunner.run(["export", out, "--format", "ytdt"])
        #expect(noOut.status == 2 && noOut.stderr.contains("--format ytdt needs --out OUTDIR"), "\(noOut.stderr)")
        let other = try await CLIRunner.run(["export", out, "--format", "parquet", "--out", "x"])
        #expect(other.status == 2 && other.stderr.contains("the one other format is ytdt"), "\(other.stderr)")
        let stray = try await CLIRunner.run(["export", out, "--csv", "x.csv", "--out", "x"])
        #expect(stray.status == 2 && stray.stderr.contains("--out goes with --format ytdt"), "\(stray.stderr)")
    }
}
