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

    /// Gives the free pages inside the heap back to the system (`malloc_trim`), not only those
    /// at its top. A crawl calls it after every tenth checkpoint: what checkpoints and the pages
    /// it allocated and freed otherwise stays resident as holes between live objects (at a million
    /// videos, 2 to 3 MB of the peak).
    public static func releaseFreePages() {
        #if os(Linux) && canImport(Glibc)
            _ = glibcMallocTrim(0)
        #endif
    }
}

#if os(Linux) && canImport(Glibc)
    // `mallopt` is declared in <malloc.h>, which the Glibc module does not import.
    @_silgen_name("mallopt")
    private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif

#if os(Linux) && canImport(Glibc)
    @_silgen_name("malloc_trim")
    private func glibcMallocTrim(_ pad: Int) -> Int32
#endif
