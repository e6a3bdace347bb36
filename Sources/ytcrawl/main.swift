#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// ytcrawl's entry point: the registry picks the command, which parses its options and runs;
/// failures map to exit codes (1 runtime failure, 2 usage error; see DESIGN.md for the rest).
do {
    let arguments = Array(CommandLine.arguments.dropFirst())
    switch try CommandRegistry.select(arguments) {
    case .answered: exit(0)
    case .command(let command, let rest): exit(try await CommandRegistry.run(command, rest))
    }
} catch let error as UsageError {
    writeStderr("ytcrawl: \(error.description)")
    exit(2)
} catch {
    writeStderr("ytcrawl: \(error)")
    exit(1)
}
