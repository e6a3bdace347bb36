/// The arrays of topic strings (`topicIds`, `relevantTopicIds`, `topicCategories`), made once
/// for the items that carry the same ones: an array equal to one of the last four arrays of that
/// field is that array, shared, with nothing allocated.
///
/// Real pages repeat them: in a playlist's 48 videos with every part, `topicCategories` takes 3
/// combinations and the topic ids one. The first element picks the remembered array that starts
/// with it; each next element is compared with that array's as it comes (the interner hands out
/// the same String for the same text, so equal elements compare by their bits), and an array is
/// only built from the first element that differs. A shared array costs a retain where a new one
/// cost an allocation, appends and a free; an array like none remembered costs that and the
/// comparisons (its first element against up to four: ~60 instructions for each unequal one).
struct RepeatedStringArrays {
    private static let remembered = 4
    /// `remembered` arrays per field (a power of two); empty where none yet.
    private var previous = [[String]](repeating: [], count: 3 * remembered)
    /// Per field, which of its arrays is replaced next.
    private var oldest = [0, 0, 0]
    private var field = 0
    /// The index in `previous` of the array the open one repeats so far.
    private var candidate = 0
    /// How many leading elements of the candidate the open array repeats; -1 once none does.
    private var matched = 0
    private var built: [String] = []

    /// Starts an array of field `field` (0, 1 or 2).
    @inline(__always)
    mutating func begin(field: Int) {
        self.field = field
        candidate = field &* Self.remembered
        matched = 0
    }

    @inline(__always)
    mutating func append(_ string: String) {
        if matched > 0 {
            let array = previous[candidate]
            if matched < array.count, array[matched] == string {
                matched &+= 1
                return
            }
            diverge()
        } else if matched == 0 {
            // The remembered array that starts with this string, if one does.
            let first = field &* Self.remembered
            for index in first..<(first &+ Self.remembered) {
                if let head = previous[index].first, head == string {
                    candidate = index
                    matched = 1
                    return
                }
            }
            diverge()
        }
        built.append(string)
    }

    /// The array of strings just closed.
    mutating func finish() -> [String] {
        if matched > 0, matched == previous[candidate].count { return previous[candidate] }
        if matched >= 0 { diverge() }
        var made: [String] = []
        swap(&made, &built)
        // Remembered in place of the oldest of the field.
        let index = field &* Self.remembered &+ oldest[field]
        oldest[field] = (oldest[field] &+ 1) & (Self.remembered &- 1)
        previous[index] = made
        return made
    }

    /// From here the open array is built: the elements the candidate had in common with it.
    private mutating func diverge() {
        built = []
        built.reserveCapacity(4)
        if matched > 0 { built.append(contentsOf: previous[candidate][..<matched]) }
        matched = -1
    }
}
