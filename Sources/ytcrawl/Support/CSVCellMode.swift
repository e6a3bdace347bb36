/// How `ytcrawl export` writes text cells: the one place the choice lives, so that what describes
/// an exported file (the summary line, the help, later a data package) says which was used.
///
/// A crawled title, description, comment or tag is whatever the server sent. A spreadsheet runs a
/// cell that begins with `=`, `+`, `-` or `@` (or TAB or CR, which some strip first) as a formula:
/// `=HYPERLINK("http://evil…")`, `+cmd|' /C calc'!A0`. `neutralized` (the default) applies the
/// OWASP rule to free text (``RecordSchema/Field/isFreeText``: titles, descriptions, comments,
/// tags, names, URLs): such a cell gets a leading `'`, which spreadsheets show as text. It also
/// replaces control characters a spreadsheet or terminal would act on (C0 controls other than TAB,
/// LF and CR; DEL; C1 controls) with U+FFFD. Ids, codes, dates, numbers, booleans and nested JSON
/// are never changed: `-ckUuBy62Hw` stays a video id that joins with the shards, `-5` stays `-5`
/// (a cell of `[A-Za-z0-9_-]` cannot carry a formula that calls anything; an id column holding any
/// other character, which no API id does, is neutralized as text). `raw` (`--raw-cells`) writes
/// the text exactly as crawled, for pipelines that load the CSV as data.
enum CSVCellMode: String, Sendable, CaseIterable {
    case neutralized
    case raw

    /// What the summary line says about the cells.
    var summary: String {
        switch self {
        case .neutralized:
            return "text cells neutralized for spreadsheets (a leading = + - @ TAB or CR prefixed with ', "
                + "control characters replaced by U+FFFD; --raw-cells keeps the exact text)"
        case .raw: return "text cells raw (--raw-cells: exactly as crawled, formulas and control characters included)"
        }
    }

    /// The cell for a string of a column: free text as ``cell(_:)`` writes it; an id, a code or
    /// a date unchanged when it is made of `[A-Za-z0-9_-]` only (a date's `:` and a forged id go
    /// through ``cell(_:)``, which leaves a date alone: it begins with a digit).
    func cell(_ text: String, freeText: Bool) -> String {
        guard !freeText, text.utf8.allSatisfy(Self.isIdentifierByte) else { return cell(text) }
        return text
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default: return false
        }
    }

    /// What a column description adds in a CSV data package: whether its cells may be prefixed.
    func columnNote(freeText: Bool) -> String? {
        switch (self, freeText) {
        case (.neutralized, true):
            return
                "Free text: a cell that begins with = + - @ TAB or CR has a leading ' added, control characters are U+FFFD."
        case (.neutralized, false): return "Written as crawled (never prefixed for spreadsheets)."
        case (.raw, _): return nil
        }
    }

    /// The cell for a text value (a string, or tags joined): unchanged when `raw`.
    func cell(_ text: String) -> String {
        guard self == .neutralized else { return text }
        // Most cells hold no control character: only those with a byte that may start one are rebuilt.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return Self.prefixed(text) }
        var scalars = String.UnicodeScalarView()
        var replaced = false
        for scalar in text.unicodeScalars {
            if Self.isReplacedControl(scalar) {
                scalars.append("\u{FFFD}")
                replaced = true
            } else {
                scalars.append(scalar)
            }
        }
        return Self.prefixed(replaced ? String(scalars) : text)
    }

    /// `text` with a leading `'` when it begins like a formula.
    private static func prefixed(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, formulaLeaders.contains(first) else { return text }
        return "'" + text
    }

    /// What makes a spreadsheet read a cell as a formula (OWASP, CSV injection).
    static let formulaLeaders: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// C0 controls but TAB, LF and CR (line breaks and tabs are text), DEL, C1 controls.
    static func isReplacedControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        default: return false
        }
    }
}
