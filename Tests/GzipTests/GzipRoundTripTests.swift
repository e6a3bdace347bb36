import Foundation
import TestSupport
import Testing

@testable import Gzip

@Suite("gzip through CZlib")
struct GzipRoundTripTests {
    static func sample(_ size: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        let words = ["video", "channel", "日本語", "emoji 🎸", "\"quoted\"", "\n", "playlist", "UC_x5XG1OV2P6uZZ5FSM9Ttw"]
        var text = ""
        while text.utf8.count < size { text += words.randomElement(using: &generator)! + " " }
        return Array(text.utf8.prefix(size))
    }

    @Test("round trip", arguments: [0, 1, 100, 65_536, 1_000_000])
    func roundTrip(_ size: Int) throws {
        let input = Self.sample(size)
        for level in [1, 6, 9] as [Int32] {
            let compressed = try GzipCompressor.member(of: input, level: level)
            #expect(compressed.prefix(2) == [0x1F, 0x8B])
            #expect(try GzipDecompressor.decompress(compressed) == input)
        }
    }

    @Test func severalMembersReadAsOneStreamByGzipItself() throws {
        let compressor = try GzipCompressor(level: 6)
        var output: [UInt8] = []
        var expected: [UInt8] = []
        for index in 0..<3 {
            let line = Array("{\"line\":\(index),\"text\":\"ünïcode ✓\"}\n".utf8)
            expected += line
            try compressor.compress(line, into: &output)
            try compressor.finishMember(into: &output)
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-test-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("members.gz")
        try Data(output).write(to: file)

        let process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "gzip -dc \"$0\"", file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let decoded = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(Array(decoded) == expected)
        #expect(try GzipDecompressor.decompress(output) == expected)
    }

    @Test func readsWhatGzipWrote() throws {
        let input = Self.sample(20_000)
        let process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "gzip -c"]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input))
        try stdin.fileHandleForWriting.close()
        let compressed = Array(stdout.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        #expect(try GzipDecompressor.decompress(compressed) == input)
    }

    @Test func chunkedFeedingGivesTheSameBytes() throws {
        let input = Self.sample(50_000)
        let compressed = try GzipCompressor.member(of: input) + GzipCompressor.member(of: input)
        for chunk in [1, 7, 4096] {
            let decompressor = try GzipDecompressor()
            var output: [UInt8] = []
            var offset = 0
            while offset < compressed.count {
                let end = min(offset + chunk, compressed.count)
                try compressed[offset..<end].withUnsafeBytes { try decompressor.decompress($0, into: &output) }
                offset = end
            }
            #expect(output == input + input, "chunk \(chunk)")
            #expect(decompressor.isAtMemberBoundary)
        }
    }

    @Test func corruptAndTruncatedInputIsAnError() throws {
        var compressed = try GzipCompressor.member(of: Self.sample(10_000))
        #expect(throws: GzipError.self) { try GzipDecompressor.decompress(Array(compressed.dropLast(10))) }
        compressed[20] ^= 0xFF
        #expect(throws: GzipError.self) { try GzipDecompressor.decompress(compressed) }
        #expect(throws: GzipError.self) { try GzipDecompressor.decompress(Array("not gzip at all".utf8)) }
    }

    @Test func invalidLevelIsRejected() {
        #expect(throws: GzipError.self) { try GzipCompressor(level: 42) }
    }
}
