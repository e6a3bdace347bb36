import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A child process for the tests, started with `posix_spawn` so that it inherits nothing but its
/// standard input, output and error.
///
/// Foundation's `Process` closes the parent's other descriptors in the child from a list it takes
/// before spawning, and learns of the child's exit through a socket pair that the child holds.
/// With tests starting processes from many threads at once, a descriptor opened between another
/// spawn's list and its spawn leaks into that child: a long-lived emulator then held other
/// children's exit sockets (their `waitUntilExit` never returned, their zombies stayed) and other
/// pipes' write ends (their readers never saw the end). Here the child closes every descriptor
/// from 3 up in one step (`posix_spawn_file_actions_addclosefrom_np`, glibc 2.34) and the exit is
/// learnt with `waitpid`.
///
/// The interface is the part of `Process` the tests use. `waitUntilExit()` and reads of the pipes
/// block: call them off the cooperative pool (``offThePool(_:)``).
public final class SpawnedProcess: @unchecked Sendable {
    public var executableURL: URL?
    public var arguments: [String] = []
    /// The whole environment of the child; this process's own when `nil`.
    public var environment: [String: String]?
    /// A `Pipe` (the child gets one end; the parent's copy of that end is closed once it started),
    /// a `FileHandle`, or `nil` for /dev/null.
    public var standardInput: Any?
    public var standardOutput: Any?
    public var standardError: Any?

    public private(set) var processIdentifier: pid_t = 0
    private let exit = Mutex<Int32?>(nil)

    public init() {}

    public func run() throws {
        guard let path = executableURL?.path else { throw SpawnFailure("no executable set") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let devNull = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { if devNull >= 0 { close(devNull) } }
        var parentCopies: [FileHandle] = []
        for (target, stream) in [(Int32(0), standardInput), (1, standardOutput), (2, standardError)] {
            let source: Int32
            switch stream {
            case let pipe as Pipe:
                let childEnd = target == 0 ? pipe.fileHandleForReading : pipe.fileHandleForWriting
                source = childEnd.fileDescriptor
                // Output and error may share one pipe: its end is closed once.
                if !parentCopies.contains(where: { $0 === childEnd }) { parentCopies.append(childEnd) }
            case let handle as FileHandle: source = handle.fileDescriptor
            default: source = devNull
            }
            posix_spawn_file_actions_adddup2(&actions, source, target)
        }
        guard Self.closeFrom(&actions, 3) == 0 else { throw SpawnFailure("cannot close descriptors in the child") }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let env = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0)=\($1)") } + [nil]
        defer { for pointer in env { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, env)
        guard spawned == 0 else { throw SpawnFailure("cannot start \(path): \(String(cString: strerror(spawned)))") }
        processIdentifier = pid
        for handle in parentCopies { try handle.close() }
    }

    /// Waits for the child to end (blocking).
    public func waitUntilExit() {
        precondition(processIdentifier > 0, "the process was not started")
        while exit.withLock({ $0 }) == nil {
            var status: Int32 = 0
            let waited = waitpid(processIdentifier, &status, 0)
            if waited == processIdentifier {
                record(status)
            } else if waited < 0, errno != EINTR {
                // Reaped meanwhile by `isRunning` on another thread, which recorded the status.
                usleep(1000)
            }
        }
    }

    public var isRunning: Bool {
        if exit.withLock({ $0 }) != nil { return false }
        var status: Int32 = 0
        guard waitpid(processIdentifier, &status, WNOHANG) == processIdentifier else {
            return exit.withLock { $0 } == nil
        }
        record(status)
        return false
    }

    /// The exit code, or the signal number when a signal ended the child (as `Process` has it).
    public var terminationStatus: Int32 {
        guard let status = exit.withLock({ $0 }) else { preconditionFailure("the process is still running") }
        return status
    }

    public func interrupt() { kill(processIdentifier, SIGINT) }
    public func terminate() { kill(processIdentifier, SIGTERM) }

    private func record(_ status: Int32) {
        let signal = status & 0x7f
        exit.withLock { $0 = signal == 0 ? (status >> 8) & 0xff : signal }
    }

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// glibc's `posix_spawn_file_actions_addclosefrom_np`, which the Glibc module does not export.
    private static let closeFromFunction: CloseFrom? = dlsym(
        UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np"
    ).map { unsafeBitCast($0, to: CloseFrom.self) }

    private static func closeFrom(_ actions: inout posix_spawn_file_actions_t, _ lowest: Int32) -> Int32 {
        guard let closeFromFunction else { return -1 }
        return closeFromFunction(&actions, lowest)
    }
}

extension SpawnedProcess {
    /// What a program printed, and how it ended.
    public struct Output: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Runs `executable` to its end (blocking: call it off the cooperative pool), with `input` on
    /// its standard input and `environment` over this process's own.
    public static func runToEnd(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:], input: Data? = nil
    ) throws -> Output {
        let process = SpawnedProcess()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        let stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        try process.run()
        // Written on a thread of its own: a child that answers before reading all of its input
        // would otherwise wait on a full output pipe while this waits on its full input pipe.
        let writer = stdin.fileHandleForWriting
        Thread {
            if let input { writer.write(input) }
            try? writer.close()
        }.start()
        let (stdout, stderr) = readBoth(out, err)
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }

    /// Reads two pipes to their ends at once (a child that fills one pipe while the other is being
    /// read would otherwise never end), as UTF-8 text.
    private static func readBoth(_ out: Pipe, _ err: Pipe) -> (stdout: String, stderr: String) {
        let errText = Mutex("")
        let drained = DispatchSemaphore(value: 0)
        let errReader = err.fileHandleForReading
        Thread {
            let text = String(decoding: errReader.readDataToEndOfFile(), as: UTF8.self)
            errText.withLock { $0 = text }
            drained.signal()
        }.start()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        drained.wait()
        return (stdout, errText.withLock { $0 })
    }
}

public struct SpawnFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
