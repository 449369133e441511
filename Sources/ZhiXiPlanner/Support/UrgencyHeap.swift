/// A binary min-heap of tasks by urgency key: the most urgent task on top. Push and pop are
/// O(log n); the storage is one contiguous array.
struct UrgencyHeap: Sendable {
    /// An entry: the urgency key (lower is more urgent) and the task's position.
    struct Entry: Sendable, Comparable {
        var key: OrderKey
        var task: Int32

        static func < (lhs: Entry, rhs: Entry) -> Bool { lhs.key < rhs.key }
    }

    private(set) var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }
    var top: Entry? { entries.first }

    mutating func push(_ entry: Entry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child] < entries[parent] else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Entry? {
        guard let first = entries.first else { return nil }
        let last = entries.removeLast()
        guard !entries.isEmpty else { return first }
        entries[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < entries.count else { break }
            var smallest = left
            if left + 1 < entries.count, entries[left + 1] < entries[left] { smallest = left + 1 }
            guard entries[smallest] < entries[parent] else { break }
            entries.swapAt(smallest, parent)
            parent = smallest
        }
        return first
    }
}
