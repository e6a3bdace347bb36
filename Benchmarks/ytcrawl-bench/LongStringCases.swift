import StreamingJSON

/// `ytcrawl-bench decode long-string`: one video whose description is 2 MB, then 8 MB, fed in
/// 64 KB chunks as `ytcrawl decode` reads a file. Linear work gives the same MB/s for both (a
/// ratio near 1); work that grows with the square of a string's length gives a quarter.
extension DecodeSuite {
    static func longStrings(harness: Harness, filter: String?) throws -> [BenchmarkResult] {
        var results: [BenchmarkResult] = []
        var smaller: BenchmarkResult?
        for megabytes in [2, 8] {
            let name = "long-string-\(megabytes)mb-64k-chunks"
            guard filter.map({ name.contains($0) }) ?? true else { continue }
            let line = #"a line of a long description, with \"quotes\" and é\n"#
            let description = String(repeating: line, count: megabytes * 1_000_000 / line.utf8.count)
            let body = Array(
                (#"{"kind":"youtube#videoListResponse","items":[{"id":"abcdefghijk","snippet":{"description":""#
                    + description + #""}}]}"#).utf8)
            let seconds = try harness.median {
                var decoder = PageDecoder(endpoint: .videos) { blackHole($0) }
                try body.withUnsafeBytes { bytes in
                    var offset = 0
                    while offset < bytes.count {
                        let end = min(offset + 64 * 1024, bytes.count)
                        try decoder.feed(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
                        offset = end
                    }
                }
                blackHole(try decoder.finish())
            }
            var result = BenchmarkResult(
                suite: "decode", name: name, unit: "MB/s", value: Double(body.count) / 1_000_000 / seconds)
            if let smaller {
                result.baseline = smaller.name
                result.ratio = result.value / smaller.value
            }
            smaller = result
            results.append(result)
        }
        return results
    }
}
