/// An output directory made once per test process by the first test that asks (a crawl several
/// suites read), awaited by the others.
actor SharedOutput {
    private let make: @Sendable () async throws -> String
    private var made: Task<String, any Error>?

    init(_ make: @escaping @Sendable () async throws -> String) { self.make = make }

    /// The output's path, made by the first caller.
    func output() async throws -> String {
        if let made { return try await made.value }
        let task = Task { try await make() }
        made = task
        return try await task.value
    }
}
