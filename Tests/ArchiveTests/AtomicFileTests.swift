import Foundation
import Testing

@testable import Archive

@Suite("Atomic files and shard names")
struct AtomicFileTests {
    @Test func writeReplacesWholeAndLeavesNoTemporary() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("manifest.json").path
        try AtomicFile.write(Array("first".utf8), to: path)
        try AtomicFile.write(Array("second, longer".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second, longer")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["manifest.json"])
    }

    @Test func aFileWrittenInPiecesAppearsWholeOrNotAtAll() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("checkpoint.json").path
        try AtomicFile.write(to: path) { append in
            for piece in ["one, ", "", "two, ", "three"] { try Array(piece.utf8).withUnsafeBytes(append) }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one, two, three")
        // A writer that fails half way (the disk fills): the old file stays, no temporary is left.
        struct DiskFull: Error {}
        #expect(throws: DiskFull.self) {
            try AtomicFile.write(to: path) { append in
                try Array("half of a new".utf8).withUnsafeBytes(append)
                throw DiskFull()
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one, two, three")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["checkpoint.json"])
    }

    /// A run killed while it wrote its manifest leaves `manifest.json.tmp-PID`: the next writer
    /// of the output removes it, and only what a process no longer running left.
    @Test func theNextWriterRemovesWhatAKilledOneLeft() throws {
        let directory = ArchiveWriterTests.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        let dead = child.processIdentifier
        let parent = getppid()  // running: its temporary file may be being written
        for name in [
            "manifest.json.tmp-\(dead)", "datapackage.json.tmp-\(dead)", "checkpoint.json.tmp-\(parent)",
            "notes.tmp-x", "keep.tmp-", "keep.tmp-0",
        ] {
            try AtomicFile.write([1], to: directory + "/" + name)
        }
        let writer = try ArchiveWriter(directory: directory, manifest: ArchiveWriterTests.manifest())
        try writer.finish(unitsByMethod: [:])
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: directory))
        #expect(!names.contains("manifest.json.tmp-\(dead)") && !names.contains("datapackage.json.tmp-\(dead)"))
        #expect(names.isSuperset(of: ["checkpoint.json.tmp-\(parent)", "notes.tmp-x", "keep.tmp-", "keep.tmp-0"]))
        #expect(names.contains("manifest.json") && names.contains("datapackage.json"))
    }

    @Test func missingDirectoryIsANamedError() {
        #expect {
            try AtomicFile.write([1], to: "/nonexistent-dir-\(UUID())/manifest.json")
        } throws: { error in
            "\(error)".contains("nonexistent-dir") && "\(error)".contains("No such file")
        }
    }

    @Test(
        "shard names",
        arguments: [
            ("videos-00000.jsonl.gz", ShardName(kind: .videos, index: 0)),
            ("channels-00042.jsonl.gz", ShardName(kind: .channels, index: 42)),
            ("videos-00007.jsonl.gz.part", ShardName(kind: .videos, index: 7)),
            ("videos-123456.jsonl.gz", ShardName(kind: .videos, index: 123_456)),
        ])
    func parse(_ name: String, _ expected: ShardName) {
        #expect(ShardName(fileName: name) == expected)
    }

    @Test(
        "not shard names",
        arguments: [
            "manifest.json", "videos-1.jsonl.gz", "videos-0000a.jsonl.gz", "audio-00000.jsonl.gz", "videos-00000.jsonl",
        ])
    func notShards(_ name: String) {
        #expect(ShardName(fileName: name) == nil)
    }

    @Test func formatting() {
        #expect(ShardName(kind: .videos, index: 3).fileName == "videos-00003.jsonl.gz")
        #expect(ShardName(kind: .channels, index: 3).partFileName == "channels-00003.jsonl.gz.part")
        #expect(ShardName(kind: .videos, index: 2) < ShardName(kind: .videos, index: 10))
    }
}
