import Foundation
import Testing

@testable import Crawler

/// What a crawl collects, as one value: changed by a command line, kept by the checkpoint in the
/// form earlier releases wrote, and run again by an update with only what it is told to change.
@Suite("Crawl selection")
struct CrawlSelectionTests {
    @Test func anUpdateChangesOnlyWhatItsCommandLineGives() {
        var crawled = CrawlSelection()
        crawled.hydrate = false
        crawled.formats = true
        crawled.videoParts = "snippet,statistics"
        let update: [CrawlSelection.Change] = [{ $0.comments = true }, { $0.maxCommentPages = 3 }]
        let merged = crawled.with(update)
        #expect(!merged.hydrate && merged.formats && merged.videoParts == "snippet,statistics")
        #expect(merged.comments && merged.maxCommentPages == 3)
        #expect(crawled.with([]) == crawled)
        #expect(CrawlSelection().with([{ $0.hydrate = false }]).hydrate == false)
    }

    @Test func theCheckpointFormOfEarlierReleasesStillReads() throws {
        // `options` as checkpoints of schema version 2 hold it.
        let written = #"""
            {"hydrate":false,"comments":true,"maxCommentPages":4,"completeChannels":false,"formats":true,"videoParts":"snippet","channelParts":"snippet,statistics"}
            """#
        let read = try JSONDecoder().decode(CrawlSelection.self, from: Data(written.utf8))
        #expect(!read.hydrate && read.comments && read.maxCommentPages == 4 && read.formats)
        #expect(read.videoParts == "snippet" && read.channelParts == "snippet,statistics")
        let again = try JSONDecoder().decode(CrawlSelection.self, from: try JSONEncoder().encode(read))
        #expect(again == read)
    }
}
