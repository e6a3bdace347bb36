import Foundation

/// Runs blocking work (a child process, a long file read) on a thread of its own and waits for it
/// without holding a thread of Swift's cooperative pool: on a 2-core machine two blocked pool
/// threads would stall every async test meanwhile. Expectations stay in the calling test.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.start()
    }
}
