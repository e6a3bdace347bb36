/// Memory allocator settings for a long crawl (glibc only; elsewhere nothing happens).
///
/// Measured with `ytcrawl-bench crawl` and a crawl of 4,938 channels (198,969 videos) against one
/// of 1,235 (49,937), peak resident memory of the crawler:
/// - glibc's default (an arena per thread, dynamic mmap threshold): 110 MB at a million videos;
/// - arenas capped at two: 91 MB at a million; 50.6 vs 43.4 MB (48 bytes per added video);
/// - one arena: 49.7 vs 43.4 MB, and the crawl no slower (0.60 of the raw loop instead of 0.55);
/// - one arena and a fixed 256 KiB mmap threshold: 46.8 vs 42.2 MB (31 bytes per added video).
///   Archive members (1 MiB, up to six at once) and response bodies then come from `mmap` and
///   go back to the system when freed, instead of leaving holes in the heap that only the
///   small, short-lived allocations of later pages can fill.
public enum AllocatorTuning {
    /// Call it first thing, before any thread allocates.
    public static func tuneForCrawl() {
        #if os(Linux) && canImport(Glibc)
            _ = glibcMallopt(-8, 1)  // M_ARENA_MAX
            _ = glibcMallopt(-3, 256 * 1024)  // M_MMAP_THRESHOLD (fixed: no dynamic raise)
        #endif
    }
}

#if os(Linux) && canImport(Glibc)
    // `mallopt` is declared in <malloc.h>, which the Glibc module does not import.
    @_silgen_name("mallopt")
    private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
