import Foundation
import Testing

@testable import ytcrawl

/// Samples/deploy: the CronJobs run the image its Dockerfile builds from the .deb of this version.
@Suite("deploy samples")
struct DeploySampleTests {
    static func sample(_ name: String) throws -> String {
        try String(
            contentsOf: RefreshInputTests.repository.appendingPathComponent("Samples/deploy/" + name), encoding: .utf8)
    }

    @Test(arguments: ["refresh-cronjob.yaml", "update-cronjob.yaml"])
    func theCronJobRunsThePackagedImageOfThisVersion(name: String) throws {
        let manifest = try Self.sample(name)
        #expect(manifest.contains("image: ytcrawl:\(ToolInfo.version)\n"))
        #expect(manifest.contains("fsGroup: 65532") && manifest.contains("defaultMode: 0440"))
    }

    @Test func theDockerfileInstallsTheDebOfThisVersion() throws {
        let dockerfile = try Self.sample("Dockerfile")
        #expect(dockerfile.contains("FROM debian:stable-slim\n"))
        #expect(dockerfile.contains("ARG VERSION=\(ToolInfo.version)\n"))
        #expect(dockerfile.contains("COPY dist/ytcrawl_${VERSION}_amd64.deb"))
        #expect(dockerfile.contains("UNTESTED"), "it says it was never built here")
    }
}
