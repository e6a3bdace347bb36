// VideoSearch: what the article's app does, on the command line. Search "programming" (US,
// English, videos, by relevance, 20 results) through YouTubeKit, sort newest first and print
// title, channel, date and the embed URL a player loads.
//
//     swift run VideoSearch                          # the built-in offline emulator
//     YOUTUBE_API_KEY=... swift run VideoSearch      # the real YouTube Data API
//     swift run VideoSearch "swift concurrency"      # another search
import Emulator
import Foundation
import YouTubeKit

let terms = CommandLine.arguments.dropFirst().first ?? "programming"
var query = SearchQuery(terms, type: .video, maxResults: 20)
query.regionCode = "US"
query.relevanceLanguage = "en"
query.order = .relevance

let client: YouTubeClient
var emulator: EmulatorServer?
do {
    if let key = ProcessInfo.processInfo.environment["YOUTUBE_API_KEY"], !key.isEmpty {
        client = try YouTubeClient(apiKey: key)
    } else {
        let server = try EmulatorServer(EmulatorConfiguration(keys: ["sample-key"]))
        client = try YouTubeClient(apiKey: "sample-key", apiBase: server.start())
        emulator = server
        FileHandle.standardError.write(Data("VideoSearch: no YOUTUBE_API_KEY, searching the offline emulator\n".utf8))
    }
    let page = try await client.search(query)
    let videos = page.items.sortedByDate()
    print(VideoTable.render(videos))
    print("\(videos.count) videos, newest first" + (page.nextPageToken != nil ? "; more pages available" : ""))
} catch let error as YouTubeError {
    FileHandle.standardError.write(Data("VideoSearch: \(error)\n".utf8))
    emulator?.stop()
    exit(error.disposition == .stopAuthOrConfig || error.disposition == .keySpentUntilReset ? 3 : 1)
} catch {
    FileHandle.standardError.write(Data("VideoSearch: \(error)\n".utf8))
    emulator?.stop()
    exit(1)
}
emulator?.stop()
