// swift-tools-version: 6.1
// ytcrawl: harvest YouTube Data API v3 metadata at scale, and the portable YouTubeKit library.
import PackageDescription

/// `ytcrawl --version`'s commit and build day: scripts/dist.sh exports YTCRAWL_BUILD_COMMIT
/// and YTCRAWL_BUILD_DATE for `make dist`; a plain `swift build` sets neither and the binary says
/// "unknown". Only the CBuildInfo target sees them, so a new commit recompiles one C file. Values
/// are kept to the characters a commit or a date has, so none can break out of the C string.
var buildInfoDefines: [CSetting] {
    let allowed = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-.:+")
    return ["YTCRAWL_BUILD_COMMIT", "YTCRAWL_BUILD_DATE"].compactMap { name in
        guard let value = Context.environment[name], !value.isEmpty, value.allSatisfy(allowed.contains) else {
            return nil
        }
        return .define(name, to: "\"\(value)\"")
    }
}

let package = Package(
    name: "ytcrawl",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "YouTubeKit", targets: ["YouTubeKit"]),
        .executable(name: "ytcrawl", targets: ["ytcrawl"]),
        .executable(name: "ytcrawl-bench", targets: ["ytcrawl-bench"]),
        .executable(name: "VideoSearch", targets: ["VideoSearch"]),
    ],
    traits: [
        .trait(
            name: "BuiltinByteMask",
            description:
                "The decoder's byte masks through the Builtin module (one pmovmskb each on x86-64): about 11% faster decoding than the portable multiply. `--disable-default-traits` builds without it."
        ),
        .default(enabledTraits: ["BuiltinByteMask"]),
    ],
    targets: [
        // Portable core: requests, quota cost models, API errors, models, text helpers. Foundation only.
        .target(name: "YouTubeKit"),
        // The commit and day of the build, from the build's environment (see buildInfoDefines).
        .target(name: "CBuildInfo", cSettings: buildInfoDefines),
        // Chunk-fed JSON decoder (the hot path) and the page decoders built on it.
        .target(
            name: "StreamingJSON", dependencies: ["YouTubeKit"],
            // `import Builtin` for one thing: a byte mask as x86-64's `pmovmskb` (ByteMask.swift),
            // behind the default trait `BuiltinByteMask`; `make test` also builds it without.
            swiftSettings: [.enableExperimentalFeature("BuiltinModule", .when(traits: ["BuiltinByteMask"]))]
        ),
        // System libraries with typed shims for variadic functions and macros.
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // Swift types over libsqlite3: a database file, prepared statements (`export --sqlite`).
        .target(name: "SQLite", dependencies: ["CSQLite"]),
        // Swift types over zlib: gzip members in, gzip streams out.
        .target(name: "Gzip", dependencies: ["CZlib"]),
        // SHA-256 and HMAC in portable Swift: shard checksums, key fingerprints.
        .target(name: "Digest"),
        // Portable POSIX helpers: write a whole buffer, a listening socket, host:port of an address.
        .target(name: "POSIXSupport"),
        // The transport protocol and its request, response and error types: no libcurl.
        .target(name: "TransportCore", dependencies: ["POSIXSupport"]),
        // Its implementations: libcurl's multi interface, and URLSession.
        .target(name: "Transport", dependencies: ["TransportCore", "POSIXSupport", "YouTubeKit", "CCurl"]),
        .target(name: "Archive", dependencies: ["YouTubeKit", "StreamingJSON", "Gzip", "Digest", "POSIXSupport"]),
        .target(name: "Emulator", dependencies: ["YouTubeKit", "StreamingJSON", "Gzip", "POSIXSupport"]),
        // Graphs of an output (reply, co-commenter, co-tag networks) as GraphML, GEXF and CSV.
        .target(name: "Network", dependencies: ["YouTubeKit", "StreamingJSON", "Archive", "POSIXSupport"]),
        .target(
            name: "Crawler",
            dependencies: ["YouTubeKit", "StreamingJSON", "TransportCore", "Archive", "Digest", "POSIXSupport"]
        ),
        .executableTarget(
            name: "ytcrawl",
            dependencies: [
                "YouTubeKit", "StreamingJSON", "Transport", "Crawler", "Archive", "Emulator", "POSIXSupport",
                "CBuildInfo", "Network", "SQLite",
            ]
        ),
        .executableTarget(
            name: "ytcrawl-bench",
            dependencies: [
                "YouTubeKit", "StreamingJSON", "Transport", "Archive", "Emulator", "Gzip", "TestSupport", "CCurlBench",
                "POSIXSupport", "StructuralIndex",
            ],
            path: "Benchmarks/ytcrawl-bench"
        ),
        // simdjson's first pass, measured by the benchmark beside the event parser; not in production.
        .target(name: "StructuralIndex", dependencies: ["StreamingJSON"], path: "Benchmarks/StructuralIndex"),
        // The sample app: a search through YouTubeKit, newest first, with embed URLs.
        .executableTarget(name: "VideoSearch", dependencies: ["YouTubeKit", "Emulator"], path: "Samples/VideoSearch"),
        // The plain C curl-multi loop the transport benchmark compares with.
        .target(
            name: "CCurlBench", dependencies: ["CCurl"], path: "Benchmarks/CCurlBench",
            linkerSettings: [.linkedLibrary("curl")]),
        // Helpers shared by the test targets: the ../shared fixtures, test servers, test doubles.
        .target(
            name: "TestSupport", dependencies: ["Gzip", "TransportCore", "Emulator", "YouTubeKit", "POSIXSupport"],
            path: "Tests/TestSupport"),
        .testTarget(name: "YouTubeKitTests", dependencies: ["YouTubeKit", "TestSupport", "Emulator", "StreamingJSON"]),
        .testTarget(
            name: "StreamingJSONTests",
            dependencies: ["StreamingJSON", "YouTubeKit", "TestSupport", "Emulator", "StructuralIndex"]),
        .testTarget(name: "GzipTests", dependencies: ["Gzip", "TestSupport"]),
        .testTarget(name: "NetworkTests", dependencies: ["Network"]),
        .testTarget(
            name: "TransportTests",
            dependencies: ["Transport", "YouTubeKit", "Emulator", "StreamingJSON", "Gzip", "TestSupport"]),
        .testTarget(
            name: "ArchiveTests", dependencies: ["Archive", "Gzip", "YouTubeKit", "StreamingJSON", "TestSupport"]),
        .testTarget(name: "EmulatorTests", dependencies: ["Emulator", "YouTubeKit", "StreamingJSON", "TestSupport"]),
        .testTarget(
            name: "CrawlerTests",
            dependencies: [
                "Crawler", "YouTubeKit", "TestSupport", "Emulator", "Archive", "Transport", "StreamingJSON", "Digest",
                "Gzip",
            ],
            // Read by path: a checkpoint frontier of the release before `schemaVersion`.
            exclude: ["Fixtures"]),
        .testTarget(name: "DigestTests", dependencies: ["Digest", "TestSupport"]),
        .testTarget(name: "POSIXSupportTests", dependencies: ["POSIXSupport", "TestSupport"]),
        .testTarget(
            name: "CLITests",
            dependencies: [
                "ytcrawl", "VideoSearch", "Archive", "Crawler", "YouTubeKit", "StreamingJSON", "TestSupport",
                "Emulator",
            ]),
        // What make dist and make wheel wrote, installed and run as a user would (no toolchain).
        .testTarget(name: "PackagingTests", dependencies: ["ytcrawl", "TestSupport"]),
    ]
)

// One place that turns on the strict settings for every Swift target.
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}

// Test targets compile without optimization even in `swift build -c release`: the code under test
// (every other target, TestSupport included) stays optimized, and the tests themselves only drive
// it, so the suite runs as fast while the test build takes about a quarter less (the optimizer was
// most of CLITests' and CrawlerTests' 65 s and 47 s; docs/development.md, "Build time").
for target in package.targets where target.type == .test {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Onone"])]
}
