import Synchronization

/// Every video's publication date, computed once on the first search with a date window: such
/// searches (a `split=time` crawl) filter every candidate by date before anything else, and
/// generating each video for its date alone would cost a whole video per candidate per request.
final class VideoDates: Sendable {
    private let table = Mutex<[Int64]?>(nil)

    func date(of index: Int, in corpus: Corpus) -> Int64 {
        table.withLock { table in
            if table == nil { table = (0..<corpus.videoCount).map { corpus.video($0).publishedAt } }
            return table![index]
        }
    }
}
