/// Which items fall due on which day of a simulation: one singly linked list per day over a
/// shared pool of nodes, so that scheduling an item is O(1) with no allocation once the pool
/// has grown to the largest number of items scheduled at once (nodes of drained days are
/// reused).
///
/// An item may be added on several days (a rescheduled weak point keeps its old entry); the
/// simulator skips an entry whose item is no longer due that day.
struct DueBuckets {
    private var heads: [Int32]
    private var nodeItem: [Int32] = []
    private var nodeNext: [Int32] = []
    private var freeHead: Int32 = -1

    /// Buckets for days `0 ..< dayCount`, with room for `capacity` entries before growing.
    init(dayCount: Int, capacity: Int) {
        heads = [Int32](repeating: -1, count: max(0, dayCount))
        nodeItem.reserveCapacity(capacity)
        nodeNext.reserveCapacity(capacity)
    }

    /// Adds `item` to day `day` (which must be in `0 ..< dayCount`). O(1).
    @inline(__always)
    mutating func add(_ item: Int, onDay day: Int) {
        let node: Int32
        if freeHead >= 0 {
            node = freeHead
            freeHead = nodeNext[Int(node)]
            nodeItem[Int(node)] = Int32(truncatingIfNeeded: item)
            nodeNext[Int(node)] = heads[day]
        } else {
            node = Int32(truncatingIfNeeded: nodeItem.count)
            nodeItem.append(Int32(truncatingIfNeeded: item))
            nodeNext.append(heads[day])
        }
        heads[day] = node
    }

    /// Empties day `day`, calling `body` with each item added to it (most recent first), and
    /// returns its nodes to the pool. O(items of the day).
    @inline(__always)
    mutating func drain(day: Int, _ body: (Int) -> Void) {
        var node = heads[day]
        heads[day] = -1
        while node >= 0 {
            let index = Int(node)
            body(Int(nodeItem[index]))
            let next = nodeNext[index]
            nodeNext[index] = freeHead
            freeHead = node
            node = next
        }
    }
}
