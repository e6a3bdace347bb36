import Foundation
import StreamingJSON

/// `ytcrawl-bench decode`: our decoder (whole buffers and 4 KB chunks) against Foundation's
/// JSONDecoder and JSONSerialization on the same pages, in the same run.
enum DecodeSuite {
    static func run(harness: Harness, quick: Bool, filter: String?, dumpDirectory: String? = nil) throws
        -> [BenchmarkResult]
    {
        let corpus = DecodeCorpus(searchPages: quick ? 200 : 2000, videoPages: quick ? 100 : 1000)
        var results: [BenchmarkResult] = []
        let sets: [(String, [[UInt8]], Endpoint)] = [
            ("search-pretty", corpus.searchPretty, .search),
            ("search-compact", corpus.searchCompact, .search),
            ("videos-pretty", corpus.videosPretty, .videos),
            ("videos-compact", corpus.videosCompact, .videos),
            ("playlistItems-pretty", corpus.playlistItemsPretty, .playlistItems),
            ("playlistItems-compact", corpus.playlistItemsCompact, .playlistItems),
            ("channels-pretty", corpus.channelsPretty, .channels),
            ("channels-compact", corpus.channelsCompact, .channels),
            ("videos-allparts-pretty", corpus.videosAllPartsPretty, .videos),
            ("videos-allparts-compact", corpus.videosAllPartsCompact, .videos),
            ("channels-allparts-pretty", corpus.channelsAllPartsPretty, .channels),
            ("channels-allparts-compact", corpus.channelsAllPartsCompact, .channels),
            ("commentThreads-pretty", corpus.commentsPretty, .commentThreads),
            ("commentThreads-compact", corpus.commentsCompact, .commentThreads),
        ]
        if let dumpDirectory {
            try FileManager.default.createDirectory(atPath: dumpDirectory, withIntermediateDirectories: true)
            for (label, pages, _) in sets {
                let joined = Array(pages.joined(separator: [0]))
                try Data(joined).write(to: URL(fileURLWithPath: dumpDirectory + "/" + label + ".pages"))
            }
        }
        for (label, pages, endpoint) in sets {
            let expected =
                endpoint == .commentThreads ? corpus.commentsPerPage : Array(repeating: 50, count: pages.count)
            let bytes = Double(pages.reduce(0) { $0 + $1.count })
            let megabytes = bytes / 1_000_000
            func selected(_ name: String) -> Bool { filter.map { name.contains($0) } ?? true }
            func time(_ name: String, _ body: () throws -> Void) throws -> Harness.Timing {
                selected(name) ? try harness.timing(body) : .none
            }
            func figure(_ name: String, _ timing: Harness.Timing, baseline: BenchmarkResult?) -> BenchmarkResult {
                var result = BenchmarkResult(
                    suite: "decode", name: name, unit: "MB/s", value: megabytes / timing.median,
                    extra: [
                        ("pages_per_s", Double(pages.count) / timing.median),
                        ("fastest_MB_s", megabytes / timing.fastest),
                    ])
                if let baseline, baseline.value.isFinite {
                    result.baseline = baseline.name
                    result.ratio = result.value / baseline.value
                }
                return result
            }
            func foundationPass() throws {
                let decoder = JSONDecoder()
                let allParts = label.contains("allparts")
                for page in pages {
                    switch endpoint {
                    case .videos where allParts:
                        blackHole(try decoder.decode(VideoAllPartsListResponse.self, from: Data(page)))
                    case .channels where allParts:
                        blackHole(try decoder.decode(ChannelAllPartsListResponse.self, from: Data(page)))
                    case .search: blackHole(try decoder.decode(SearchListResponse.self, from: Data(page)))
                    case .commentThreads:
                        blackHole(try decoder.decode(CommentThreadListResponse.self, from: Data(page)))
                    case .playlistItems:
                        blackHole(try decoder.decode(PlaylistItemListResponse.self, from: Data(page)))
                    case .channels: blackHole(try decoder.decode(ChannelListResponse.self, from: Data(page)))
                    default: blackHole(try decoder.decode(VideoListResponse.self, from: Data(page)))
                    }
                }
            }
            func oursWholePass() throws {
                for (page, records) in zip(pages, expected) {
                    var count = 0
                    var decoder = PageDecoder(endpoint: endpoint) { record in
                        count += 1
                        blackHole(record)
                    }
                    try decoder.feed(page)
                    blackHole(try decoder.finish())
                    precondition(count == records)
                }
            }
            // What `ytcrawl decode` does: records encoded as JSON lines into one buffer, emptied
            // every 64 KB (written out there; the bytes counted here).
            func oursToJSONLPass() throws {
                final class Output {
                    var writer = JSONWriter(capacity: 80 * 1024)
                    var written = 0
                }
                let output = Output()
                for page in pages {
                    var decoder = PageDecoder(endpoint: endpoint) { record in
                        RecordEncoder.encode(record, into: &output.writer)
                        if output.writer.count >= 64 * 1024 {
                            output.written += output.writer.count
                            output.writer.removeAll()
                        }
                    }
                    try decoder.feed(page)
                    blackHole(try decoder.finish())
                }
                blackHole(output.written + output.writer.count)
            }
            let foundation = figure(
                "foundation-jsondecoder-\(label)", try time("foundation-jsondecoder-\(label)", foundationPass),
                baseline: nil)
            let serialization = figure(
                "jsonserialization-\(label)",
                try time("jsonserialization-\(label)") {
                    for page in pages { blackHole(try JSONSerialization.jsonObject(with: Data(page))) }
                }, baseline: foundation)
            var whole = figure(
                "ours-whole-\(label)", try time("ours-whole-\(label)", oursWholePass), baseline: foundation)
            if selected("ours-whole-\(label)"), selected("foundation-jsondecoder-\(label)") {
                // The machine's speed drifts over seconds; runs of the two taken in turns, one pair
                // at a time, give a ratio a slow spell cannot put on one side only.
                whole.extra.append(("paired_ratio", try harness.pairedRatio(foundationPass, oursWholePass)))
            }
            whole.headline = label == "search-pretty"
            var toJSONL = figure(
                "decode-to-jsonl-\(label)", try time("decode-to-jsonl-\(label)", oursToJSONLPass), baseline: foundation)
            if selected("decode-to-jsonl-\(label)"), selected("foundation-jsondecoder-\(label)") {
                toJSONL.extra.append(("paired_ratio", try harness.pairedRatio(foundationPass, oursToJSONLPass)))
            }
            let chunked = figure(
                "ours-4k-chunks-\(label)",
                try time("ours-4k-chunks-\(label)") {
                    for page in pages {
                        var decoder = PageDecoder(endpoint: endpoint) { blackHole($0) }
                        try page.withUnsafeBytes { buffer in
                            var offset = 0
                            while offset < buffer.count {
                                let end = min(offset + 4096, buffer.count)
                                try decoder.feed(UnsafeRawBufferPointer(rebasing: buffer[offset..<end]))
                                offset = end
                            }
                        }
                        blackHole(try decoder.finish())
                    }
                }, baseline: foundation)
            // The first pass of a structural index alone (issue 38), against our whole decode.
            var indexPass = figure(
                "index-pass-\(label)",
                try time("index-pass-\(label)") {
                    for page in pages { blackHole(StructuralIndexProbe.structuralCount(page)) }
                }, baseline: nil)
            if indexPass.value.isFinite {
                for page in pages.prefix(3) {
                    precondition(
                        StructuralIndexProbe.structuralCount(page) == StructuralIndexProbe.referenceCount(page),
                        "the index probe disagrees with its byte-by-byte reference on \(label)")
                }
                if whole.value.isFinite {
                    indexPass.baseline = whole.name
                    indexPass.ratio = indexPass.value / whole.value
                }
            }
            // The parser alone, every event dropped: the decoder's floor if records cost nothing.
            var parseOnly = figure(
                "parse-only-\(label)",
                try time("parse-only-\(label)") { blackHole(try ParseOnlyHandler.events(pages)) },
                baseline: nil)
            if parseOnly.value.isFinite, whole.value.isFinite {
                parseOnly.baseline = whole.name
                parseOnly.ratio = parseOnly.value / whole.value
            }
            var chunkedVsWhole = chunked
            chunkedVsWhole.name = "ours-4k-chunks-vs-whole-\(label)"
            chunkedVsWhole.unit = "MB/s"
            chunkedVsWhole.baseline = whole.name
            chunkedVsWhole.ratio = chunked.value / whole.value
            chunkedVsWhole.extra = []
            results += [foundation, serialization, whole, toJSONL, chunked, chunkedVsWhole, indexPass, parseOnly].filter
            {
                $0.value.isFinite
            }
        }
        results += try longStrings(harness: harness, filter: filter)
        return results
    }
}
