import Foundation
import TestSupport

/// Runs a program in a mount namespace of its own where the Swift toolchain's directory is an
/// empty one (`unshare -m`, then a bind mount over it), with a bare environment: what a machine
/// without Swift sees.
enum HiddenToolchain {
    /// The toolchain this test process runs on: the directory above usr/lib/swift of the
    /// libswiftCore.so it mapped (/opt/swift here); /opt/swift when none is mapped.
    static var directory: String {
        let maps = (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? ""
        for line in maps.split(separator: "\n") {
            guard let start = line.firstIndex(of: "/"), line.hasSuffix("/libswiftCore.so") else { continue }
            let path = String(line[start...])
            if let range = path.range(of: "/usr/lib/swift/") { return String(path[..<range.lowerBound]) }
        }
        return "/opt/swift"
    }

    /// Runs `executable arguments` with the toolchain hidden; exits 97 when the bind mount fails,
    /// 98 when the toolchain's runtime is still visible.
    static func run(_ executable: String, _ arguments: [String]) async throws -> SpawnedProcess.Output {
        let empty = DistArtifacts.temporary("empty-toolchain")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let toolchain = directory
        let script = """
            mount --bind "$1" "$2" || exit 97
            [ ! -e "$2/usr/lib/swift/linux/libswiftCore.so" ] || exit 98
            shift 2
            exec env -i PATH=/usr/bin:/bin HOME=/tmp "$@"
            """
        let user = getuid() == 0 ? ["--mount"] : ["--mount", "--map-root-user"]
        return try await ExternalTools.run(
            "unshare", user + ["--", "/bin/sh", "-c", script, "sh", empty.path, toolchain, executable] + arguments)
    }
}
