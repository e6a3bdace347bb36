import POSIXSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a line to stderr (unbuffered, safe from any thread), made safe for a terminal: what a
/// server or an uploader wrote is shown as text, and a key never appears.
@Sendable
func writeStderr(_ text: String) {
    writeStderrRaw(TerminalText.line(text.hasSuffix("\n") ? String(text.dropLast()) : text) + "\n")
}

/// Writes text to stderr as it is, without adding a newline (a redrawn progress line); a stderr
/// that cannot be written is left at that.
@Sendable
func writeStderrRaw(_ text: String) {
    try? WriteAll.write(STDERR_FILENO, Array(text.utf8))
}
