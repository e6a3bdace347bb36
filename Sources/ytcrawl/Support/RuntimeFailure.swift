/// A failure while running: printed on stderr, exit code 1.
struct RuntimeFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
