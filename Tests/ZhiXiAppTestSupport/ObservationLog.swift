import Observation

/// What a view would draw, recorded with `withObservationTracking`: each time a tracked
/// value changes, the value read afterwards is appended to ``values`` and tracking is set up
/// again (as SwiftUI re-reads a view's body after a change). Changes made in one go, with no
/// suspension between them, are drawn once, as a view draws them.
@MainActor
package final class ObservationLog<Value> {
    /// The values read after each change, oldest first.
    package private(set) var values: [Value] = []
    /// The number of times `onChange` fired.
    package private(set) var changeCount = 0
    private let read: @MainActor () -> Value

    /// Starts tracking what `read` reads.
    package init(_ read: @escaping @MainActor () -> Value) {
        self.read = read
        track()
    }

    private func track() {
        withObservationTracking {
            _ = read()
        } onChange: { [weak self] in
            Task { @MainActor in self?.changed() }
        }
    }

    private func changed() {
        changeCount += 1
        values.append(read())
        track()
    }
}
