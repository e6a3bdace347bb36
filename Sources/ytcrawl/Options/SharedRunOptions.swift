import Crawler

/// The option groups crawl and refresh share, read: the API and its quota, the shards, how the
/// run checkpoints and shows itself, and the emulator's options passed through. The two commands
/// differ only by their own options.
struct SharedRunOptions {
    static let groups = [
        APIOptions.group, ShardOptions.group, RunOptions.group,
        OptionGroup("Emulator (with --emulator; as ytcrawl emulate --NAME)", EmulatorOptions.passedThrough.all),
    ]

    var api: APIOptions
    var shards: ShardOptions
    var run: RunOptions

    /// The crawl's settings common to both commands: writing to `out`, against `apiBase`.
    func crawlConfiguration(
        seeds: [Seed], seedsDigest: String, out: String, selection: CrawlSelection, maxPages: Int? = nil,
        apiBase: String
    ) -> CrawlConfiguration {
        var configuration = CrawlConfiguration(
            seeds: seeds, seedsDigest: seedsDigest, apiBase: apiBase, out: out, concurrency: api.concurrency,
            selection: selection, maxPages: maxPages, shardOptions: shards.writer, checkpointEvery: run.checkpointEvery,
            checkpointInterval: run.checkpointInterval, quotaModel: api.model, toolVersion: ToolInfo.version,
            verbose: run.verbose)
        configuration.backoff.maxRetries = api.retries
        configuration.apiRevision = ToolInfo.apiRevision
        return configuration
    }
}
