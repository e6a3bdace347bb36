/// Stable small indices for strings seen while reading shards (authors, threads, videos, tags):
/// each string is kept once, and the tables built on it are arrays by index.
struct Interner {
    private(set) var strings: [String] = []
    private var indices: [String: Int32] = [:]

    var count: Int { strings.count }

    /// The index of `string`, and whether it is new.
    mutating func intern(_ string: String) -> (index: Int32, new: Bool) {
        if let index = indices[string] { return (index, false) }
        let index = Int32(strings.count)
        indices[string] = index
        strings.append(string)
        return (index, true)
    }

    func index(of string: String) -> Int32? { indices[string] }
}
