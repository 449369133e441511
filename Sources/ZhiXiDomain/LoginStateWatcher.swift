/// Watches the session's login state for a page behind sign-in: calls `onChange` on the
/// main actor each time the learner signs out or in (not for the value already known when
/// it was created). Stops when it is released.
@MainActor
package final class LoginStateWatcher {
    /// The login state last seen.
    package private(set) var isSignedIn: Bool
    private let task = TaskSlot()

    /// Starts watching `session`.
    package init(session: any SessionRepository, onChange: @escaping @MainActor (_ isSignedIn: Bool) -> Void) {
        isSignedIn = session.isSignedIn
        let states = session.loginStates()
        task.replace(with: Task { @MainActor [weak self] in
            for await state in states {
                guard let self else { return }
                guard state != self.isSignedIn else { continue }
                self.isSignedIn = state
                onChange(state)
            }
        })
    }

    deinit {
        task.replace(with: nil)
    }
}
