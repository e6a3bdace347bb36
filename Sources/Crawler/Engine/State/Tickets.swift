/// The work in flight, each item under the ticket its fetch was started with.
struct Tickets: Sendable {
    private(set) var items: [Int: WorkItem] = [:]
    private(set) var last = 0

    var count: Int { items.count }
    var isEmpty: Bool { items.isEmpty }

    /// Registers `item` as in flight under a new ticket.
    mutating func issue(_ item: WorkItem) -> Int {
        last += 1
        items[last] = item
        return last
    }

    /// The item of `ticket`, no longer in flight; `nil` for a ticket not issued or redeemed.
    mutating func redeem(_ ticket: Int) -> WorkItem? { items.removeValue(forKey: ticket) }

    /// In the order they were started.
    var inOrder: [WorkItem] { items.sorted { $0.key < $1.key }.map(\.value) }

    var invariantViolations: [String] {
        items.keys.contains { $0 < 1 || $0 > last } ? ["a ticket in flight was never issued"] : []
    }
}
