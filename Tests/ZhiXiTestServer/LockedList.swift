import Foundation

/// A list that many threads append to, for tests that collect what callbacks saw (log
/// records, observation changes) from whatever thread they run on.
package final class LockedList<Element: Sendable>: @unchecked Sendable {
    // `elements` is only touched under `lock`.
    private let lock = NSLock()
    private var elements: [Element] = []

    /// An empty list.
    package init() {}

    /// Appends `element`.
    package func append(_ element: Element) {
        lock.withLock { elements.append(element) }
    }

    /// The elements so far, in order of appending.
    package var all: [Element] { lock.withLock { elements } }

    /// How many elements there are.
    package var count: Int { lock.withLock { elements.count } }

    /// Forgets every element.
    package func removeAll() {
        lock.withLock { elements.removeAll() }
    }
}
