import Foundation
import StreamingJSON
import Testing
import YouTubeKit

@testable import Archive

@Suite("datapackage.json from the manifests")
struct DataPackageTests {
    static func package(_ directory: String) throws -> JSONValue {
        let data = try #require(FileManager.default.contents(atPath: directory + "/" + DataPackage.fileName))
        return try JSONValue.parse(Array(data))
    }

    @Test(arguments: [
        ("https://www.googleapis.com", "https://www.googleapis.com"),
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
        ("https://user:secret@proxy.example/youtube?key=AIza123#frag", "https://proxy.example/youtube"),
        ("https://api.example/v3?key=AIza123", "https://api.example/v3"),
    ])
    func theAPIBaseKeepsNothingThatMayBeASecret(base: String, kept: String) {
        #expect(Provenance(apiBase: base, apiRevision: nil, seeds: nil).apiBase == kept)
    }

    /// Written with every manifest: closed shards only, foreign keys only to resources present,
    /// the seeds and their outcomes as the run noted them.
    @Test func writtenWithTheManifestAtEveryCheckpoint() throws {
        let directory = ArchiveWriterTests.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var manifest = ArchiveWriterTests.manifest()
        manifest.provenance = Provenance(
            apiBase: "https://www.googleapis.com", apiRevision: "20260601",
            seeds: [SeedLine(file: "seeds.txt", line: 3, text: "channel @x")])
        let writer = try ArchiveWriter(
            directory: directory, options: .init(shardRecords: 10), manifest: manifest)
        for index in 0..<25 { try writer.append(ArchiveWriterTests.video(index)) }
        writer.note(
            RunProgress(
                seedOutcomes: [SeedOutcome(status: .stopped, pages: 2, itemsLeft: 1, errors: 0)],
                firstRequestAt: "2026-12-01T00:00:00Z", lastRequestAt: "2026-12-01T00:00:09Z"))
        try writer.checkpoint(frontier: "[]", unitsByMethod: ["playlistItems.list": 2])
        let package = try Self.package(directory)
        guard case .array(let resources)? = package["resources"] else {
            Issue.record("no resources")
            return
        }
        #expect(resources.count == 1, "videos only: no channel shard is closed yet")
        #expect(
            resources.first?["path"] == .array([.string("videos-00000.jsonl.gz"), .string("videos-00001.jsonl.gz")]))
        #expect(resources.first?["schema"]?["foreignKeys"] == nil, "no channels resource to refer to")
        let seed = package["ytcrawl"]?["seeds"]
        let expectedSeed = JSONValue.object([
            ("file", .string("seeds.txt")), ("line", .integer(3)), ("text", .string("channel @x")),
            (
                "outcome",
                .object([
                    ("status", .string("stopped")), ("pages", .integer(2)), ("itemsLeft", .integer(1)),
                    ("errors", .integer(0)),
                ])
            ),
        ])
        #expect(seed == .array([expectedSeed]))
        #expect(
            package["ytcrawl"]?["requests"]
                == .object([("first", .string("2026-12-01T00:00:00Z")), ("last", .string("2026-12-01T00:00:09Z"))]))

        try writer.append(Channel(channelId: "UCchannel1", title: "Channel 1"))
        try writer.finish(unitsByMethod: ["playlistItems.list": 3])
        let finished = try Self.package(directory)
        guard case .array(let all)? = finished["resources"] else {
            Issue.record("no resources")
            return
        }
        #expect(all.compactMap { $0["name"] } == [.string("videos"), .string("channels")])
        #expect(all.first?["schema"]?["foreignKeys"] != nil, "videos.channelId refers to channels")
    }

    /// The seeds are written into the package as they are encoded (it is rewritten at every
    /// checkpoint): what a reader decodes from the file is the manifest's seeds, whatever their text.
    @Test func seedsReadBackAsTheManifestsSeeds() throws {
        var generator = SystemRandomNumberGenerator()
        let texts = ["channel @x", "search \"a/b\" \\ c", "video dQw4w9WgXcQ", "Ünïcödé 😀", ""]
        let statuses = SeedOutcome.Status.allCases
        var seeds: [SeedLine] = []
        for index in 0..<400 {
            let outcome =
                Bool.random(using: &generator)
                ? SeedOutcome(
                    status: statuses[index % statuses.count], pages: Int.random(in: 0...100_000, using: &generator),
                    itemsLeft: Int.random(in: 0...9, using: &generator), errors: index % 3,
                    cappedBy: index % 5 == 0 ? "search limit" : nil, stoppedBy: index % 7 == 0 ? "budgetSpent" : nil)
                : nil
            seeds.append(
                SeedLine(
                    file: index % 2 == 0 ? "seeds/a b.txt" : nil, line: index % 3 == 0 ? nil : index,
                    text: texts[index % texts.count], outcome: outcome))
        }
        let directory = ArchiveWriterTests.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var manifest = ArchiveWriterTests.manifest()
        manifest.provenance = Provenance(apiBase: "http://127.0.0.1:9", apiRevision: "20260601", seeds: seeds)
        let writer = try ArchiveWriter(directory: directory, manifest: manifest)
        try writer.finish(unitsByMethod: [:])
        let written = try #require(try Self.package(directory)["ytcrawl"]?["seeds"])
        #expect(try JSONDecoder().decode([SeedLine].self, from: Data(written.render(pretty: false))) == seeds)
        #expect(try Manifest.load(directory: directory)?.provenance?.seeds == seeds)
    }

    /// At a checkpoint the writer gives the package the manifest it has just written instead of
    /// reading it back: the file must be what the manifest on disk makes.
    @Test func theCheckpointsPackageIsTheOneTheManifestOnDiskMakes() throws {
        let directory = ArchiveWriterTests.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var manifest = ArchiveWriterTests.manifest()
        manifest.provenance = Provenance(
            apiBase: "http://127.0.0.1:9", apiRevision: "20260601",
            seeds: (1...30).map { (number: Int) in
                SeedLine(file: "seeds.txt", line: number, text: "channel @c\(number)")
            })
        let writer = try ArchiveWriter(directory: directory, options: .init(shardRecords: 7), manifest: manifest)
        for round in 0..<3 {
            for index in 0..<20 { try writer.append(ArchiveWriterTests.video(round * 20 + index)) }
            writer.note(
                RunProgress(
                    seedOutcomes: (0..<30).map {
                        SeedOutcome(
                            status: $0 < round * 10 ? .done : .stopped, pages: $0 + round, itemsLeft: 1, errors: 0)
                    }, firstRequestAt: "2026-12-01T00:00:00Z", lastRequestAt: "2026-12-01T00:00:0\(round)Z"))
            try writer.checkpoint(frontier: "[]", unitsByMethod: ["playlistItems.list": round + 1])
            #expect(try Self.package(directory) == DataPackage.package(directory: directory), "round \(round)")
        }
    }
}
