import Foundation

/// Finds copies of one secret (an API key) in text, as servers and proxies echo them: exact,
/// upper- or lower-cased, URL-encoded, JSON's `\/`, split by spaces or zero-width characters,
/// cut short by a character or more, or base64-encoded. Any run of ``minimumRun`` characters or
/// more that is a piece of the secret (or of its base64 form) under those transforms is a copy.
/// A pure value: no clock, no I/O; ``TerminalText`` applies it to every line it lets out.
struct SecretMatcher: Sendable {
    /// Runs shorter than this are not taken for the secret (an API key is 39 characters; 20 of
    /// them leave 120 bits unknown, and nothing else in a message is that long a piece of it).
    static let minimumRun = 20

    /// The secret and its base64 forms (three alignments), folded to lower case.
    private let forms: [[UInt8]]

    init(secret: String) {
        var forms = [Array(secret.lowercased().utf8)]
        let bytes = Array(secret.utf8)
        for offset in 0..<min(3, bytes.count) {
            let encoded = Data(bytes[offset...]).base64EncodedString()
            let trimmed = encoded.trimmingCharacters(in: CharacterSet(charactersIn: "="))
            forms.append(Array(trimmed.lowercased().utf8))
            // base64url spells + and / as - and _.
            let url = trimmed.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            if url != trimmed { forms.append(Array(url.lowercased().utf8)) }
        }
        self.forms = forms.filter { $0.count >= Self.minimumRun }
    }

    /// `text` with every copy replaced by `replacement` (a copy and what joins its pieces).
    func redact(_ text: String, with replacement: String) -> String {
        guard !forms.isEmpty, text.utf8.count >= Self.minimumRun else { return text }
        let scalars = Array(text.unicodeScalars)
        let folded = Self.normalize(scalars)
        guard folded.bytes.count >= Self.minimumRun else { return text }
        var covered = [Bool](repeating: false, count: folded.bytes.count)
        for form in forms { Self.markRuns(of: form, in: folded.bytes, &covered) }
        guard covered.contains(true) else { return text }
        Self.coverPadding(folded.bytes, &covered)
        // Back to the text's scalars: a covered normalized byte covers the scalars it came from.
        var hidden = [Bool](repeating: false, count: scalars.count)
        for index in covered.indices where covered[index] {
            for scalar in folded.origins[index] { hidden[scalar] = true }
        }
        // Separators between two hidden pieces go too, so a split copy becomes one replacement.
        var last: Int?
        for index in scalars.indices where hidden[index] {
            if let last, index - last > 1, (last + 1..<index).allSatisfy({ Self.isSeparator(scalars[$0]) }) {
                for between in last + 1..<index { hidden[between] = true }
            }
            last = index
        }
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if hidden[index] {
                result.append(contentsOf: replacement.unicodeScalars)
                while index < scalars.count, hidden[index] { index += 1 }
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        return String(result)
    }

    /// Marks each run of `minimumRun` bytes or more of `text` that also occurs in `form`
    /// (longest common substrings, by the classic table of run lengths ending at each pair).
    private static func markRuns(of form: [UInt8], in text: [UInt8], _ covered: inout [Bool]) {
        var previous = [Int](repeating: 0, count: form.count + 1)
        var current = previous
        for i in text.indices {
            for j in form.indices {
                current[j + 1] = text[i] == form[j] ? previous[j] + 1 : 0
                let run = current[j + 1]
                if run >= minimumRun {
                    for k in (i - run + 1)...i { covered[k] = true }
                }
            }
            swap(&previous, &current)
        }
    }

    /// The `=` padding (at most two) right after a covered run goes with it: a base64 copy of a
    /// key whose length is not a multiple of three ends in padding that is part of the copy.
    private static func coverPadding(_ bytes: [UInt8], _ covered: inout [Bool]) {
        var index = 0
        while index < bytes.count {
            guard covered[index], index + 1 == bytes.count || !covered[index + 1] else {
                index += 1
                continue
            }
            var next = index + 1
            while next < bytes.count, next - index <= 2, bytes[next] == UInt8(ascii: "=") {
                covered[next] = true
                next += 1
            }
            index = next
        }
    }

    /// The text as lower-case ASCII bytes with percent-escapes decoded, `\/` read as `/`, and
    /// spaces and zero-width characters dropped; each byte with the scalars it came from.
    private static func normalize(_ scalars: [Unicode.Scalar]) -> (bytes: [UInt8], origins: [[Int]]) {
        var bytes: [UInt8] = []
        var origins: [[Int]] = []
        bytes.reserveCapacity(scalars.count)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if isSeparator(scalar) {
                index += 1
                continue
            }
            if scalar == "%", index + 2 < scalars.count, let high = hexValue(scalars[index + 1]),
                let low = hexValue(scalars[index + 2])
            {
                bytes.append(asciiLower(UInt8(high << 4 | low)))
                origins.append([index, index + 1, index + 2])
                index += 3
                continue
            }
            if scalar == "\\", index + 1 < scalars.count, scalars[index + 1] == "/" {
                bytes.append(UInt8(ascii: "/"))
                origins.append([index, index + 1])
                index += 2
                continue
            }
            bytes.append(scalar.isASCII ? asciiLower(UInt8(scalar.value)) : 0)
            origins.append([index])
            index += 1
        }
        return (bytes, origins)
    }

    /// Spaces and the invisible characters that can split a copy without showing.
    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0x0A, 0x0D, 0xA0, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0xAD: return true
        default: return false
        }
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar {
        case "0"..."9": return Int(scalar.value) - 48
        case "a"..."f": return Int(scalar.value) - 87
        case "A"..."F": return Int(scalar.value) - 55
        default: return nil
        }
    }

    private static func asciiLower(_ byte: UInt8) -> UInt8 {
        (byte >= 65 && byte <= 90) ? byte + 32 : byte
    }
}
