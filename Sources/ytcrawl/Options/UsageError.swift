/// A mistake in how the tool was called: printed on stderr, exit code 2.
struct UsageError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
