import Archive
import Testing

@Suite("Ranked list overlap")
struct RankedListOverlapTests {
    @Test func jaccardOfSets() {
        #expect(RankedListOverlap.jaccard(["a", "b", "c"], ["b", "c", "d"]) == 0.5)
        #expect(RankedListOverlap.jaccard([], []) == 1)
        #expect(RankedListOverlap.jaccard(["a"], []) == 0)
        #expect(RankedListOverlap.jaccard(["a", "a", "b"], ["b", "a"]) == 1, "ids, not positions")
    }

    @Test func rankBiasedOverlapByHand() {
        // Identical lists agree wholly; disjoint ones not at all.
        #expect(abs(RankedListOverlap.rbo(["a", "b", "c"], ["a", "b", "c"]) - 1) < 1e-12)
        #expect(RankedListOverlap.rbo(["a", "b"], ["c", "d"]) == 0)
        #expect(RankedListOverlap.rbo([], []) == 1)
        #expect(RankedListOverlap.rbo(["a"], []) == 0)
        // [a b] against [b a], p = 0.9: X1 = 0, X2 = 2; 1·0.81 + (0.1/0.9)(0 + 1·0.81) = 0.9.
        #expect(abs(RankedListOverlap.rbo(["a", "b"], ["b", "a"]) - 0.9) < 1e-12)
        // [a b c] against [a c b]: X = 1, 1, 3; 0.729 + (1/9)(0.9 + 0.405 + 0.729) = 0.955.
        #expect(abs(RankedListOverlap.rbo(["a", "b", "c"], ["a", "c", "b"]) - 0.955) < 1e-12)
        // To the shorter list's depth, an id counted at its first rank.
        #expect(abs(RankedListOverlap.rbo(["a", "a", "b"], ["a", "b", "z", "y"]) - 1) < 1e-12)
        // Agreement at the top weighs more than at the bottom.
        let topSwapped = RankedListOverlap.rbo(["a", "b", "c", "d"], ["b", "a", "c", "d"])
        let bottomSwapped = RankedListOverlap.rbo(["a", "b", "c", "d"], ["a", "b", "d", "c"])
        #expect(topSwapped < bottomSwapped)
    }
}
