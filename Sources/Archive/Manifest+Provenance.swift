import Foundation

/// How an output was collected, as `datapackage.json` and `ytcrawl stats --seeds` tell it: the API
/// it asked (never the key), the API revision the tool follows, and the seeds as written with what
/// happened to each. Absent in manifests of earlier versions.
public struct Provenance: Codable, Sendable, Hashable {
    /// The API's base URL (`https://www.googleapis.com`, the emulator's loopback address), without
    /// user, password, query or fragment.
    public var apiBase: String?
    /// The discovery revision of the YouTube Data API v3 the tool's requests follow.
    public var apiRevision: String?
    /// The seeds of the last run, in file order: every one, or the first
    /// ``maximumListedSeeds`` of a larger file (``seedCount`` then says how many it has).
    public var seeds: [SeedLine]?
    /// How many seeds the last run had, when more than are listed; `nil` when all are.
    public var seedCount: Int?
    /// With ``seedCount``: how many seeds of each outcome status (`done`, `capped`, `stopped`,
    /// `failed`) the last run had, listed or not.
    public var outcomeCounts: [String: Int]?

    /// Seeds listed one by one at most: a checkpoint rewrites the manifest, and a file of a
    /// hundred thousand seeds listed would make it tens of megabytes.
    public static let maximumListedSeeds = 100

    public init(apiBase: String?, apiRevision: String?, seeds: [SeedLine]?, seedCount: Int? = nil) {
        self.apiBase = apiBase.map(Self.publicBase)
        self.apiRevision = apiRevision
        self.seeds = seeds
        self.seedCount = seedCount.flatMap { $0 > (seeds?.count ?? 0) ? $0 : nil }
    }

    /// `base` without what may hold a secret: user and password, query, fragment.
    static func publicBase(_ base: String) -> String {
        var text = Substring(base)
        if let cut = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = text[..<cut] }
        if let scheme = text.range(of: "://") {
            let rest = text[scheme.upperBound...]
            let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
            if let at = rest[..<authorityEnd].lastIndex(of: "@") {
                text = text[..<scheme.upperBound] + rest[rest.index(after: at)...]
            }
        }
        return String(text)
    }
}

/// One seed as written in its file, and what the last run did with it.
public struct SeedLine: Codable, Sendable, Hashable {
    /// The seeds file as given (`--seeds`); `nil` when not known (a checkpoint's saved seeds).
    public var file: String?
    /// Its line in that file, 1-based.
    public var line: Int?
    /// The line as written (trimmed, comment removed): records' `source.seed`.
    public var text: String
    public var outcome: SeedOutcome?
    /// For an `ids` seed (`ytcrawl hydrate`): the file of ids, as read when the output began.
    public var idFile: IdFileSummary?

    public init(file: String?, line: Int?, text: String, outcome: SeedOutcome? = nil, idFile: IdFileSummary? = nil) {
        self.file = file
        self.line = line
        self.text = text
        self.outcome = outcome
        self.idFile = idFile
    }
}

/// A file of ids an `ids` seed reads (`ytcrawl hydrate`): one provenance entry for the whole
/// file, however many ids it holds.
public struct IdFileSummary: Codable, Sendable, Hashable {
    /// The file as given.
    public var name: String
    /// The SHA-256 of its bytes (hex): a rerun refuses a file edited since.
    public var sha256: String
    /// Its lines, comments and blank ones included.
    public var lines: Int
    /// Valid ids, each counted once.
    public var ids: Int
    /// Valid lines naming an id an earlier line named.
    public var duplicates: Int
    /// Lines that are neither an id nor a URL of the kind, nor blank, nor a comment.
    public var invalid: Int
    /// The first invalid lines' numbers (1-based, at most 20).
    public var invalidLines: [Int]

    public init(
        name: String, sha256: String, lines: Int, ids: Int, duplicates: Int, invalid: Int, invalidLines: [Int]
    ) {
        self.name = name
        self.sha256 = sha256
        self.lines = lines
        self.ids = ids
        self.duplicates = duplicates
        self.invalid = invalid
        self.invalidLines = invalidLines
    }
}

/// What a run did with one seed, as of its last checkpoint.
public struct SeedOutcome: Codable, Sendable, Hashable {
    public enum Status: String, Codable, Sendable, CaseIterable {
        /// Walked to its end: nothing of it is left.
        case done
        /// Ended by a cap: the ~500 results search.list pages through, or `maxPages`.
        case capped
        /// Work of it is left: the run stopped (budget, quota, interruption) or has not ended.
        case stopped
        /// Some of its work failed after every retry; a rerun retries it.
        case failed
    }

    public var status: Status
    /// Pages of it this run fetched.
    public var pages: Int
    /// Work items of it left for a rerun (pages, windows, batches).
    public var itemsLeft: Int
    /// Work items of it that failed for good this run.
    public var errors: Int
    /// The cap that ended it: `search limit` or `maxPages`.
    public var cappedBy: String?
    /// What stopped the run while work of it was left (`budgetSpent`, `quotaSpent`, `interrupted`…).
    public var stoppedBy: String?

    public init(
        status: Status, pages: Int, itemsLeft: Int, errors: Int, cappedBy: String? = nil, stoppedBy: String? = nil
    ) {
        self.status = status
        self.pages = pages
        self.itemsLeft = itemsLeft
        self.errors = errors
        self.cappedBy = cappedBy
        self.stoppedBy = stoppedBy
    }
}

/// Where a run stands, as the crawl tells its sink before each checkpoint: the seeds' outcomes
/// (in seed order) and the times of its first and last request.
public struct RunProgress: Sendable, Hashable {
    /// The outcomes of the first seeds at least (the manifest lists at most
    /// ``Provenance/maximumListedSeeds``).
    public var seedOutcomes: [SeedOutcome]
    /// How many seeds there are, and every seed's outcome counted by status (by default those of
    /// ``seedOutcomes``): a checkpoint of a large seeds file builds no outcome a seed.
    public var seedCount: Int
    public var outcomeCounts: [String: Int]
    public var firstRequestAt: String?
    public var lastRequestAt: String?
    /// Channel ids the written videos name without a channel record in the output.
    public var unresolvedChannels: Int
    /// Videos whose comments a `comments` seed read without a video record in the output.
    public var unresolvedVideos: Int
    /// Every live chat the output's runs captured or tried, as they stand (`nil`: none asked).
    public var chats: [ChatCapture]?

    public init(
        seedOutcomes: [SeedOutcome], firstRequestAt: String?, lastRequestAt: String?, unresolvedChannels: Int = 0,
        unresolvedVideos: Int = 0, chats: [ChatCapture]? = nil
    ) {
        self.unresolvedVideos = unresolvedVideos
        self.chats = chats
        self.seedOutcomes = seedOutcomes
        seedCount = seedOutcomes.count
        outcomeCounts = seedOutcomes.reduce(into: [:]) { $0[$1.status.rawValue, default: 0] += 1 }
        self.firstRequestAt = firstRequestAt
        self.lastRequestAt = lastRequestAt
        self.unresolvedChannels = unresolvedChannels
    }
}

extension Manifest {
    /// Folds a run's progress in: the seeds' outcomes, the last run's request times.
    mutating func note(_ progress: RunProgress) {
        let total = provenance?.seedCount ?? provenance?.seeds?.count
        if var seeds = provenance?.seeds, total == progress.seedCount, progress.seedOutcomes.count >= seeds.count {
            for index in seeds.indices { seeds[index].outcome = progress.seedOutcomes[index] }
            provenance?.seeds = seeds
            if provenance?.seedCount != nil { provenance?.outcomeCounts = progress.outcomeCounts }
        }
        unresolvedChannels = progress.unresolvedChannels
        unresolvedVideos = progress.unresolvedVideos > 0 ? progress.unresolvedVideos : nil
        if let chats = progress.chats { self.chats = chats }
        guard var runs, var last = runs.popLast() else { return }
        if last.firstRequestAt == nil { last.firstRequestAt = progress.firstRequestAt }
        last.lastRequestAt = progress.lastRequestAt ?? last.lastRequestAt
        runs.append(last)
        self.runs = runs
    }

    /// This run's provenance over the previous manifest's: seeds of unknown file (an update with
    /// the checkpoint's seeds) keep the file and line they had, and an `ids` seed its file's entry.
    func provenance(over previous: Provenance?) -> Provenance? {
        guard var provenance else { return previous }
        if let old = previous?.seeds, var seeds = provenance.seeds {
            var byText: [String: SeedLine] = [:]
            for seed in old where byText[seed.text] == nil { byText[seed.text] = seed }
            for index in seeds.indices {
                guard let known = byText[seeds[index].text] else { continue }
                // An update reads no ids file: the file's entry stays as the hydrate wrote it.
                if seeds[index].idFile == nil { seeds[index].idFile = known.idFile }
                guard seeds[index].file == nil else { continue }
                seeds[index].file = known.file
                seeds[index].line = known.line
            }
            provenance.seeds = seeds
        }
        return provenance
    }

    /// When the first and the last request of every run were sent (`nil` when no run says).
    public var requestWindow: (first: String, last: String)? {
        let runs = history
        guard let first = runs.compactMap(\.firstRequestAt).min(), let last = runs.compactMap(\.lastRequestAt).max()
        else { return nil }
        return (first, last)
    }
}

extension SeedOutcome: CustomStringConvertible {
    /// One phrase for people: `walked to its end`, `capped by the search limit`, `stopped
    /// (budgetSpent): 3 items left`, with pages and errors.
    public var description: String {
        var text: String
        switch status {
        case .done: text = "walked to its end"
        case .capped: text = "capped by \(cappedBy ?? "a limit")"
        case .stopped: text = stoppedBy.map { "stopped (\($0))" } ?? "in progress"
        case .failed: text = "\(errors) item\(errors == 1 ? "" : "s") failed"
        }
        if itemsLeft > 0 { text += ", \(itemsLeft) item\(itemsLeft == 1 ? "" : "s") left" }
        return text + "; \(pages) page\(pages == 1 ? "" : "s") this run"
    }
}
