import Foundation

/// The terms of a search's `q`, to tell whether a result's text holds them all (the audits of
/// search advise filtering off-topic results this way): each word is a term; `a|b` (or `a | b`)
/// is one term matched by either; a `-word` excludes and is not a term; quotes are dropped.
/// Matching ignores case and diacritics (`Café` holds `cafe`).
public struct QueryTerms: Sendable, Hashable {
    /// Each term's alternatives, folded.
    public let terms: [[String]]

    public init(_ q: String) {
        var terms: [[String]] = []
        var joinNext = false
        for token in q.split(whereSeparator: \.isWhitespace) {
            let text = token.replacingOccurrences(of: "\"", with: "")
            if text == "|" {
                joinNext = !terms.isEmpty
                continue
            }
            if text.hasPrefix("-") || text.isEmpty {
                joinNext = false
                continue
            }
            var alternatives = text.split(separator: "|").map { Self.fold(String($0)) }.filter { !$0.isEmpty }
            guard !alternatives.isEmpty else { continue }
            if joinNext, let last = terms.popLast() { alternatives = last + alternatives }
            joinNext = text.hasSuffix("|")
            terms.append(alternatives)
        }
        self.terms = terms
    }

    /// Whether every term is in one of `texts` (as a substring, case and diacritics ignored);
    /// `nil` when there is no term.
    public func matches(_ texts: [String]) -> Bool? {
        guard !terms.isEmpty else { return nil }
        let folded = texts.map(Self.fold)
        return terms.allSatisfy { alternatives in
            alternatives.contains { term in folded.contains { $0.contains(term) } }
        }
    }

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
