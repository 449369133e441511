import Foundation

/// A list that many threads append to, for tests that collect what callbacks saw (log
/// records, observation changes) from whatever thread they run on.
public final class LockedList<Element: Sendable>: @unchecked Sendable {
    // `elements` is only touched under `lock`.
    private let lock = NSLock()
    private var elements: [Element] = []

    /// An empty list.
    public init() {}

    /// Appends `element`.
    public func append(_ element: Element) {
        lock.withLock { elements.append(element) }
    }

    /// The elements so far, in order of appending.
    public var all: [Element] { lock.withLock { elements } }

    /// How many elements there are.
    public var count: Int { lock.withLock { elements.count } }

    /// Forgets every element.
    public func removeAll() {
        lock.withLock { elements.removeAll() }
    }
}
