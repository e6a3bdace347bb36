import Emulator
import Foundation
import Testing

@testable import StreamingJSON

/// Generated documents against Foundation's JSONSerialization: valid ones decode to equal values;
/// mutated ones are rejected by both, except where JSONSerialization is knowingly lenient.
@Suite("Differential against JSONSerialization")
struct DifferentialTests {
    struct Generator {
        var random: CorpusRandom

        mutating func string() -> String {
            // Backslash runs of both parities beside quotes: where a scan that tracks escapes
            // (and a chunk boundary inside the run) can go wrong.
            let pieces = [
                "a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{1}", "é", "日本", "😀", "\u{2028}", "&amp;", "0",
                "\\\\\\", "\\\"", "\"\\", "\\\\\"\"",
            ]
            let count = Int(random.next() % 12)
            return (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
        }

        mutating func number() -> String {
            switch random.next() % 5 {
            case 0: return String(Int64(bitPattern: random.next()) % 1_000_000)
            case 1: return "0"
            case 2: return "-\(random.next() % 1000).\(random.next() % 1000)"
            case 3: return "\(random.next() % 100)e\(Int(random.next() % 20) - 10)"
            default: return "\(random.next() % 10).5E+2"
            }
        }

        mutating func value(depth: Int) -> String {
            let choice = depth > 4 ? random.next() % 4 : random.next() % 6
            switch choice {
            case 0: return "\"" + escape(string()) + "\""
            case 1: return number()
            case 2: return ["true", "false", "null"][Int(random.next() % 3)]
            case 3: return "\"" + escape(string()) + "\""
            case 4:
                let count = Int(random.next() % 5)
                return "[" + (0..<count).map { _ in space() + value(depth: depth + 1) + space() }.joined(separator: ",")
                    + "]"
            default:
                let count = Int(random.next() % 5)
                let members = (0..<count).map { _ in
                    space() + "\"" + escape(string()) + "\"" + space() + ":" + space() + value(depth: depth + 1)
                }
                return "{" + members.joined(separator: ",") + "}"
            }
        }

        /// Compact and pretty separators: indentation runs shorter than, as long as and longer
        /// than a word, and runs the indentation fast path must hand back (a tab, a blank line).
        mutating func space() -> String {
            let spaces = [
                "", " ", "\n  ", "\t", "\r\n", "\n       ", "\n        ", "\n                 ", "\n\n    ",
                "\n      \t  ", " \n", "\n" + String(repeating: " ", count: 40),
            ]
            return spaces[Int(random.next() % UInt64(spaces.count))]
        }

        mutating func escape(_ text: String) -> String {
            var out = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                case "/": out += random.next() % 2 == 0 ? "/" : "\\/"
                case "😀": out += random.next() % 2 == 0 ? "😀" : "\\ud83d\\ude00"
                case "é": out += random.next() % 2 == 0 ? "é" : "\\u00E9"
                default:
                    if scalar.value < 0x20 {
                        out += String(format: "\\u%04x", scalar.value)
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            return out
        }
    }

    @Test func generatedDocumentsDecodeToEqualValues() throws {
        var generator = Generator(random: CorpusRandom(seed: 2024))
        for index in 0..<3000 {
            let text = generator.value(depth: 0)
            let bytes = Array(text.utf8)
            let ours = try JSONValue.parse(bytes)
            let theirs = try JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)
            #expect(JSONComparison.equal(ours, theirs), "document \(index): \(text)")
        }
    }

    @Test func mutatedDocumentsAreRejectedByBoth() throws {
        var generator = Generator(random: CorpusRandom(seed: 7))
        var rejectedByBoth = 0
        var disagreements: [String] = []
        for _ in 0..<4000 {
            var bytes = Array(generator.value(depth: 0).utf8)
            guard !bytes.isEmpty else { continue }
            let position = Int(generator.random.next() % UInt64(bytes.count))
            let replacements: [UInt8] = [0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x00, 0xFF, 0x31, 0x20, 0x74]
            switch generator.random.next() % 3 {
            case 0: bytes[position] = replacements[Int(generator.random.next() % UInt64(replacements.count))]
            case 1: bytes.remove(at: position)
            default: bytes.insert(replacements[Int(generator.random.next() % UInt64(replacements.count))], at: position)
            }
            let ours = try? JSONValue.parse(bytes)
            let theirs = try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)
            switch (ours, theirs) {
            case (nil, nil):
                rejectedByBoth += 1
            case (let value?, let object?):
                if !JSONComparison.equal(value, object) { disagreements.append(String(decoding: bytes, as: UTF8.self)) }
            case (nil, _?):
                // JSONSerialization accepts trailing commas (`[1,]`, `{"a":1,}`) and NUL-terminated
                // input; RFC 8259 does not, and neither do we.
                if !Self.isKnownLeniency(bytes) { disagreements.append(String(decoding: bytes, as: UTF8.self)) }
            case (_?, nil):
                disagreements.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
        #expect(rejectedByBoth > 1000)
    }

    static func isKnownLeniency(_ bytes: [UInt8]) -> Bool {
        let compact = String(decoding: bytes.filter { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }, as: UTF8.self)
        return compact.contains(",]") || compact.contains(",}") || bytes.contains(0)
    }
}
