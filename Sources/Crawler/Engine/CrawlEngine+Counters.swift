import Archive
import StreamingJSON
import YouTubeKit

extension CrawlEngine {
    /// What the run counted: requests, pages, retries, records and units, this run's and the
    /// output's. Changed only by the engine's events, through the methods below.
    struct Counters: Sendable, Hashable {
        private(set) var pages = 0
        private(set) var retries = 0
        private(set) var retriesByCause: [String: Int] = [:]
        private(set) var requests = 0
        /// Records in the output at the end (earlier runs' included), and what it held when
        /// this run started, by kind.
        private(set) var written: [RecordKind: Int] = [:]
        private(set) var before: [RecordKind: Int] = [:]
        /// Windows of `split=time` searches finished.
        private(set) var searchWindows = 0
        /// Pages of `UUSH…`/`UULV…` lists read, and those lists' 404s (none of that kind): the
        /// units format labels cost.
        private(set) var formatPages = 0
        /// `gone` lines of a snapshot this run wrote.
        private(set) var statsGone = 0
        /// An update's channels: checked for new uploads, walked again, and those that had some.
        private(set) var channelsChecked = 0
        private(set) var channelsWalked = 0
        private(set) var channelsWithNew: Set<String> = []
        /// An update's searches and playlists looked at again.
        private(set) var searchesUpdated = 0
        private(set) var playlistsUpdated = 0
        private(set) var commentVideosUpdated = 0
        /// Units spent on the output by method, earlier runs' included (the manifest's), and
        /// what it had spent when this run started.
        private(set) var unitsByMethod: [String: Int] = [:]
        private(set) var unitsBefore: [String: Int] = [:]
        /// Pages fetched this run, by seed index.
        private(set) var pagesBySeed: [Int: Int] = [:]

        var videosWritten: Int { written[.videos, default: 0] }
        var channelsWritten: Int { written[.channels, default: 0] }
        var commentsWritten: Int { written[.comments, default: 0] }
        var statsWritten: Int { written[.stats, default: 0] }
        var videosBefore: Int { before[.videos, default: 0] }
        var channelsBefore: Int { before[.channels, default: 0] }
        var commentsBefore: Int { before[.comments, default: 0] }
        var statsBefore: Int { before[.stats, default: 0] }

        /// Records this run wrote, by kind (every kind listed).
        var writtenThisRun: [RecordKind: Int] {
            Dictionary(
                uniqueKeysWithValues: RecordKind.allCases.map { ($0, written[$0, default: 0] - before[$0, default: 0]) }
            )
        }

        /// Units this run spent, by method (methods it did not call left out).
        var unitsThisRun: [String: Int] {
            unitsByMethod.reduce(into: [:]) { result, entry in
                let spent = entry.value - unitsBefore[entry.key, default: 0]
                if spent != 0 { result[entry.key] = spent }
            }
        }

        /// Units the output had spent when this run started.
        mutating func startUnits(at units: [String: Int]) {
            unitsByMethod = units
            unitsBefore = units
        }

        /// The output held `count` records of `kind` when this run started.
        mutating func start(_ kind: RecordKind, at count: Int) {
            written[kind] = count
            before[kind] = count
        }

        /// A request's result came back: its units, retries and requests.
        mutating func add(_ result: FetchResult) {
            unitsByMethod.merge(result.charged) { $0 + $1 }
            retries += result.retries
            retriesByCause.merge(result.retriesByCause) { $0 + $1 }
            requests += result.requests
        }

        /// A page was fetched for `seed` (none for work of no seed).
        mutating func addPage(seed: Int?) {
            pages += 1
            if let seed { pagesBySeed[seed, default: 0] += 1 }
        }

        /// What an event wrote and counted.
        mutating func add(_ out: EventOutput) {
            for record in out.records {
                written[record.kind, default: 0] += 1
                if case .stats(let line) = record, line.status == .gone { statsGone += 1 }
            }
            for (tally, amount) in out.tallies {
                switch tally {
                case .formatPages: formatPages += amount
                case .searchWindows: searchWindows += amount
                case .channelsChecked: channelsChecked += amount
                case .channelsWalked: channelsWalked += amount
                case .searchesUpdated: searchesUpdated += amount
                case .playlistsUpdated: playlistsUpdated += amount
                case .commentVideosUpdated: commentVideosUpdated += amount
                }
            }
            channelsWithNew.formUnion(out.newUploads)
        }
    }
}
