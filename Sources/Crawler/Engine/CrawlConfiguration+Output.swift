import Archive
import StreamingJSON
import YouTubeKit

extension CrawlConfiguration {
    /// The output this configuration writes (`out`), opened for a run that starts at
    /// `startedAt` (Unix seconds): its manifest says with which tool, quota model, API and seeds
    /// (or which snapshot), whether authors are pseudonymized, and what kind of run this is.
    ///
    /// - Throws: ``ArchiveError`` when the output directory cannot be opened; ``OutputInUse``
    ///   when another run holds it.
    public func openOutput(startedAt: Int64) throws -> ArchiveSink {
        var manifest = Manifest(
            toolVersion: toolVersion, quotaModel: quotaModel.rawValue,
            seedsDigest: snapshot == nil ? seedsDigest : nil, startedAt: RFC3339.format(seconds: startedAt))
        manifest.authorPseudonyms = pseudonymizer?.recorded
        manifest.provenance = Provenance(
            apiBase: apiBase, apiRevision: apiRevision,
            seeds: snapshot != nil
                ? nil
                : seeds.prefix(Provenance.maximumListedSeeds).map {
                    SeedLine(
                        file: seedsFile, line: seedsFile == nil ? nil : $0.lineNumber, text: $0.text,
                        idFile: idFiles[$0.text])
                }, seedCount: snapshot == nil ? seeds.count : nil)
        manifest.snapshot = snapshot.map {
            Manifest.Snapshot(source: $0.source, videos: Set($0.ids).count, method: $0.method.apiMethod.quotaName)
        }
        return try ArchiveSink(
            directory: out, options: shardOptions, manifest: manifest,
            kinds: snapshot == nil ? RecordKind.crawlKinds : [.stats],
            runKind: snapshot != nil ? "refresh" : update != nil ? "update" : "crawl")
    }
}
