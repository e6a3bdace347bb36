import Foundation
import TestSupport
import Testing

@testable import ytcrawl

/// The .deb make dist wrote, extracted to a temporary root and run where no Swift toolchain is.
@Suite("Debian package and tarball")
struct DebianPackageTests {
    static let canRun =
        DistArtifacts.made(DistArtifacts.deb) && ExternalTools.present("dpkg-deb", "unshare", "mount", "ldd")

    @Test(
        .enabled(
            if: canRun, "needs dist/ytcrawl_VERSION_ARCH.deb (make dist; make test runs it), dpkg-deb and unshare"))
    func theExtractedBinaryRunsACrawlWithTheToolchainHidden() async throws {
        let root = DistArtifacts.temporary("deb-root")
        let out = DistArtifacts.temporary("deb-out").path
        let state = DistArtifacts.temporary("deb-state").path
        defer { for path in [root.path, out, state] { try? FileManager.default.removeItem(atPath: path) } }
        let extract = try await ExternalTools.run("dpkg-deb", ["-x", DistArtifacts.deb.path, root.path])
        #expect(extract.status == 0, "\(extract.stderr)")
        let binary = root.appendingPathComponent("usr/bin/ytcrawl").path
        let ldd = try await ExternalTools.run("ldd", [binary])
        #expect(ldd.status == 0 && ldd.stdout.contains("libcurl.so.4"), "\(ldd.stdout)\(ldd.stderr)")
        for runtime in ["libswift", "libFoundation", "libdispatch", "not found"] {
            #expect(!ldd.stdout.contains(runtime), "\(ldd.stdout)")
        }

        let version = try await HiddenToolchain.run(binary, ["--version"])
        #expect(version.status == 0, "status \(version.status): \(version.stderr)")
        #expect(version.stdout.hasPrefix("ytcrawl \(ToolInfo.version)\ncommit: "), "\(version.stdout)")
        #expect(!version.stdout.contains("commit: unknown") && !version.stdout.contains("built: unknown"))
        #expect(version.stdout.contains("discovery revision \(ToolInfo.apiRevision)"))

        let crawl = try await HiddenToolchain.run(binary, DistArtifacts.crawlArguments(out: out, state: state))
        #expect(crawl.status == 0, "status \(crawl.status): \(crawl.stderr)")
        let records = try DistArtifacts.manifestRecords(out)
        #expect((records["videos"] ?? 0) > 1000 && (records["channels"] ?? 0) > 10, "\(records)")

        let verify = try await HiddenToolchain.run(binary, ["verify", out])
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stdout.hasPrefix("ok: "), "\(verify.stdout)")
    }

    /// Depends: the Debian libraries the binary links (libcurl4, zlib1g, the C and C++ runtimes),
    /// no Swift runtime; it installs the binary, the man page and the three completions.
    @Test(.enabled(if: canRun, "needs dist/ytcrawl_VERSION_ARCH.deb (make dist) and dpkg-deb"))
    func itsControlAndFiles() async throws {
        let control = try await ExternalTools.run("dpkg-deb", ["--field", DistArtifacts.deb.path, "Depends"])
        #expect(control.status == 0, "\(control.stderr)")
        let depends = control.stdout.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")[0]
        }
        #expect(depends.contains("libcurl4") && depends.contains("zlib1g"), "\(control.stdout)")
        #expect(!control.stdout.lowercased().contains("swift"))
        let contents = try await ExternalTools.run("dpkg-deb", ["-c", DistArtifacts.deb.path])
        for path in [
            "./usr/bin/ytcrawl", "./usr/share/man/man1/ytcrawl.1.gz", "./usr/share/bash-completion/completions/ytcrawl",
            "./usr/share/zsh/vendor-completions/_ytcrawl", "./usr/share/fish/vendor_completions.d/ytcrawl.fish",
            "./usr/share/doc/ytcrawl/copyright",
        ] {
            #expect(contents.stdout.contains(" " + path + "\n"), "\(path)")
        }
    }

    /// The tarball holds the binary, the man page (groff reads it without a warning), the
    /// completions, LICENSE and a README.
    @Test(
        .enabled(
            if: DistArtifacts.made(DistArtifacts.tarball) && ExternalTools.present("tar", "groff"),
            "needs dist/ytcrawl-VERSION-linux-ARCH.tar.gz (make dist), tar and groff"))
    func theTarball() async throws {
        let listing = try await ExternalTools.run("tar", ["-tzf", DistArtifacts.tarball.path])
        #expect(listing.status == 0, "\(listing.stderr)")
        let top = "ytcrawl-\(ToolInfo.version)-linux-\(DistArtifacts.machine)/"
        for name in [
            "ytcrawl", "ytcrawl.1", "LICENSE", "README", "completions/ytcrawl.bash", "completions/_ytcrawl",
            "completions/ytcrawl.fish",
        ] {
            #expect(listing.stdout.split(separator: "\n").contains { $0 == top + name }, "\(name)")
        }
        let page = DistArtifacts.directory.appendingPathComponent(top + "ytcrawl.1").path
        let groff = try await ExternalTools.run("groff", ["-ww", "-z", "-man", page])
        #expect(groff.status == 0 && groff.stderr.isEmpty, "\(groff.stderr)")
    }
}
