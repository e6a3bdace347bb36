/// How much two ranked lists of ids agree: the measures `ytcrawl compare` reports between the
/// answers to one query in two runs.
public enum RankedListOverlap {
    /// |A ∩ B| / |A ∪ B| of the lists' ids; 1 for two empty lists.
    public static func jaccard(_ a: [String], _ b: [String]) -> Double {
        let setA = Set(a)
        let setB = Set(b)
        let union = setA.union(setB).count
        return union == 0 ? 1 : Double(setA.intersection(setB).count) / Double(union)
    }

    /// Rank-biased overlap, extrapolated (Webber, Moffat & Zobel 2010, "A similarity measure for
    /// indefinite rankings", eq. 30), evaluated to the depth k of the shorter list:
    /// `X_k/k · p^k + (1−p)/p · Σ_{d=1..k} X_d/d · p^d`, where `X_d` is the overlap of the two
    /// prefixes of length d. Each list counts an id once, at its first rank. 1 for two identical
    /// lists, 0 when they share nothing in their first k (or one is empty and the other not).
    public static func rbo(_ a: [String], _ b: [String], p: Double = 0.9) -> Double {
        let a = firstOccurrences(a)
        let b = firstOccurrences(b)
        let depth = min(a.count, b.count)
        guard depth > 0 else { return a.isEmpty && b.isEmpty ? 1 : 0 }
        var seenA: Set<String> = []
        var seenB: Set<String> = []
        var overlap = 0
        var sum = 0.0
        var weight = 1.0
        for d in 1...depth {
            let x = a[d - 1]
            let y = b[d - 1]
            if x == y {
                overlap += 1
            } else {
                if seenB.contains(x) { overlap += 1 }
                if seenA.contains(y) { overlap += 1 }
            }
            seenA.insert(x)
            seenB.insert(y)
            weight *= p
            sum += Double(overlap) / Double(d) * weight
        }
        return Double(overlap) / Double(depth) * weight + (1 - p) / p * sum
    }

    /// The list with each id at its first rank only.
    public static func firstOccurrences(_ list: [String]) -> [String] {
        var seen: Set<String> = []
        return list.filter { seen.insert($0).inserted }
    }
}
