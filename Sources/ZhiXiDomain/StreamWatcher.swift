/// Watches a stream for a page: calls `onElement` on the main actor for each element, in
/// order. Stops when it is released or the stream ends.
@MainActor
package final class StreamWatcher<Element: Sendable> {
    private let task = TaskSlot()

    /// Starts watching `changes`.
    package init(changes: AsyncStream<Element>, onChange: @escaping @MainActor (Element) -> Void) {
        task.replace(with: Task { @MainActor [weak self] in
            for await change in changes {
                guard self != nil else { return }
                onChange(change)
            }
        })
    }

    deinit {
        task.replace(with: nil)
    }
}
