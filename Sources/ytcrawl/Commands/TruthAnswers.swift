import Crawler
import Emulator
import Foundation
import YouTubeKit

/// `emulate --dump-truth DIR --dump-truth-seeds FILE`: what the emulator answers, on its day, to
/// the request a crawl sends for each search seed (but `split=time` ones, whose windows depend
/// on the answers) and chart seed of FILE, page by page — the `results` lines a crawl of that
/// day writes for them, in `DIR/results.jsonl`.
enum TruthAnswers {
    static func write(seedsFile: String, server: EmulatorServer, to directory: String) throws {
        let seeds: [Seed]
        do {
            seeds = try SeedsParser.parse(
                bytes: Array(try Data(contentsOf: URL(fileURLWithPath: seedsFile))), file: seedsFile)
        } catch let error as SeedError {
            throw RuntimeFailure("\(error)")
        } catch {
            throw RuntimeFailure("cannot read \(seedsFile): \(error.localizedDescription)")
        }
        var lines = ""
        for seed in seeds {
            let request: APIRequest
            let pages: Int
            switch seed.target {
            case .search(var query) where !seed.splitTime:
                // As the crawl asks: fifty a page, the same cost as five.
                if query.maxResults == 5 { query.maxResults = 50 }
                request = try APIRequest.search(query)
                pages = min(seed.maxPages ?? 10, 10)
            case .chart(let chart):
                request = try APIRequest.chart(regionCode: chart.regionCode, videoCategoryId: chart.videoCategoryId)
                pages = min(seed.maxPages ?? 4, 4)
            default: continue
            }
            var rank = 0
            for (page, ids) in try server.answers(to: request, pages: pages).enumerated() {
                var parameters = Dictionary(
                    request.parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
                parameters["page"] = String(page)
                for id in ids {
                    let line: [String: Any] = [
                        "seed": seed.text, "request": parameters, "page": page, "rank": rank, "id": id,
                    ]
                    let data = try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys])
                    lines += String(decoding: data, as: UTF8.self) + "\n"
                    rank += 1
                }
            }
        }
        try lines.write(toFile: directory + "/results.jsonl", atomically: true, encoding: .utf8)
    }
}
