import Crawler
import StreamingJSON
import Testing

@Suite("CrawlMetrics")
struct CrawlMetricsTests {
    /// Records written are labelled by the record kinds' names, every kind listed (0 when none).
    @Test func recordsWrittenAreLabelledByKind() {
        var metrics = CrawlMetrics()
        metrics.recordsWritten = [.videos: 12, .comments: 3]
        let lines = metrics.prometheusText.split(separator: "\n").filter {
            $0.hasPrefix("ytcrawl_records_written_total{")
        }
        #expect(
            lines == [
                #"ytcrawl_records_written_total{kind="videos"} 12"#,
                #"ytcrawl_records_written_total{kind="channels"} 0"#,
                #"ytcrawl_records_written_total{kind="comments"} 3"#, #"ytcrawl_records_written_total{kind="stats"} 0"#,
                #"ytcrawl_records_written_total{kind="links"} 0"#,
                #"ytcrawl_records_written_total{kind="results"} 0"#,
                #"ytcrawl_records_written_total{kind="categories"} 0"#,
                #"ytcrawl_records_written_total{kind="playlists"} 0"#,
                #"ytcrawl_records_written_total{kind="memberships"} 0"#,
                #"ytcrawl_records_written_total{kind="missing"} 0"#,
                #"ytcrawl_records_written_total{kind="chat"} 0"#,
            ])
        #expect(lines.count == RecordKind.allCases.count)
    }
}
