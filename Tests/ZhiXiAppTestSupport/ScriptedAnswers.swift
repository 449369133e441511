import ZhiXiDomain

/// Answers a test scripts for a repository's calls: call `n` waits at the gate given for it (if
/// any), then answers the result given for it (the last script again after them). It records
/// whether each call saw its task cancelled when it went on.
package actor ScriptedAnswers<Value: Sendable> {
    /// What call `n` does.
    package struct Script: Sendable {
        /// Held here until the test opens it, `nil` to answer at once.
        package var gate: AsyncGate?
        /// The answer.
        package var result: Result<Value, RepositoryFailure>

        /// Creates a script.
        package init(gate: AsyncGate? = nil, result: Result<Value, RepositoryFailure>) {
            self.gate = gate
            self.result = result
        }
    }

    private let scripts: [Script]
    /// Calls so far.
    package private(set) var calls = 0
    /// For each finished call, whether its task was cancelled when it answered.
    package private(set) var cancelledCalls: [Bool] = []

    /// Answers `scripts` in order (the last one again after them).
    package init(_ scripts: [Script]) {
        precondition(!scripts.isEmpty, "a script per call, at least one")
        self.scripts = scripts
    }

    /// The next script's answer.
    /// - Complexity: O(1), plus the wait at the script's gate.
    package func next() async throws(RepositoryFailure) -> Value {
        let script = scripts[min(calls, scripts.count - 1)]
        calls += 1
        if let gate = script.gate { await gate.pass() }
        cancelledCalls.append(Task.isCancelled)
        return try script.result.get()
    }
}
