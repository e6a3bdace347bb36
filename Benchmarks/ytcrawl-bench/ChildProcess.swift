import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program to its end and reports what it cost: wall time, CPU time (from `wait4`'s rusage)
/// and peak resident memory. The peak is the child's own `VmHWM`, read from /proc while it runs:
/// rusage's `ru_maxrss` would count this process's memory too, since posix_spawn's child shares it
/// until exec.
struct ChildProcess {
    struct Usage {
        var status: Int32
        var wallSeconds: Double
        var cpuSeconds: Double
        var peakRSSBytes: Int
    }

    static func run(_ path: String, _ arguments: [String]) throws -> Usage {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let started = ContinuousClock.now
        let spawned = posix_spawn(&pid, path, nil, nil, argv, environ)
        guard spawned == 0 else {
            throw BenchmarkFailure(description: "cannot start \(path): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        var peak = 0
        while true {
            let waited = wait4(pid, &status, WNOHANG, &usage)
            if waited == pid { break }
            if waited < 0 {
                guard errno == EINTR else { throw BenchmarkFailure(description: "wait4 failed for \(path)") }
                continue
            }
            peak = max(peak, highWaterMark(pid))
            usleep(10_000)
        }
        let wall = (ContinuousClock.now - started) / .seconds(1)
        let exited = status & 0x7f == 0
        return Usage(
            status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), wallSeconds: wall,
            cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime), peakRSSBytes: peak)
    }

    /// CPU time (user and system) this process has used so far, its threads together.
    static func ownCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    private static func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }

    /// `VmHWM` of a running process, in bytes (0 when it cannot be read).
    static func highWaterMark(_ pid: pid_t) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        return (Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0) * 1024
    }
}
