import Foundation
import TestSupport
import Testing

/// `ytcrawl emulate` started with `YTCRAWL_EMULATE_EXIT_WITH_PARENT=PID` of the process that
/// starts it (as the tests start it) stops when that process ends, cleanup or not.
@Suite("Emulator lifetime")
struct EmulatorLifetimeTests {
    @Test func anEmulatorWhoseParentDiedStops() async throws {
        // A shell starts the emulator in the background, says its pid and ends.
        let script =
            "YTCRAWL_EMULATE_EXIT_WITH_PARENT=$$ '\(CLIRunner.binary.path)' emulate --channels 5 >/dev/null 2>&1 & echo $!"
        let shell = try await offThePool {
            try SpawnedProcess.runToEnd(URL(fileURLWithPath: "/bin/sh"), ["-c", script])
        }
        let pid = try #require(pid_t(shell.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        defer { kill(pid, SIGKILL) }
        var alive = true
        for _ in 0..<100 where alive {
            try await Task.sleep(for: .milliseconds(100))
            // Reaped by init once it exits: then no such process.
            alive = kill(pid, 0) == 0
        }
        #expect(!alive, "the emulator \(pid) outlived the shell that started it")
    }
}
