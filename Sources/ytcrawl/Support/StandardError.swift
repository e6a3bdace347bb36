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

/// Writes text to stderr as it is, without adding a newline (a redrawn progress line).
@Sendable
func writeStderrRaw(_ text: String) {
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(2, buffer.baseAddress! + offset, buffer.count - offset)
            if written <= 0 { return }
            offset += written
        }
    }
}
