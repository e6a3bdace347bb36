/// ytcrawl-bench: the benchmarks of DESIGN.md "Benchmarks". Suites arrive with their issues;
/// this build reports which exist.
#if DEBUG
    print(
        "WARNING: ytcrawl-bench built without -c release; figures are meaningless. Use: swift run -c release ytcrawl-bench"
    )
#endif
let suites: [String] = []
if suites.isEmpty {
    print(
        "ytcrawl-bench: no benchmark suites in this build yet (decode, transport, emulator, archive, crawl come with their issues)"
    )
}
