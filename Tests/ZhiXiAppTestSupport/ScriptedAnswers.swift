import ZhiXiDomain

/// Answers a test scripts for a repository's calls: call `n` waits at the gate given for it (if
/// any), then answers the result given for it (the last script again after them). It records
/// whether each call saw its task cancelled when it went on.
public actor ScriptedAnswers<Value: Sendable> {
    /// What call `n` does.
    public struct Script: Sendable {
        /// Held here until the test opens it, `nil` to answer at once.
        public var gate: AsyncGate?
        /// The answer.
        public var result: Result<Value, RepositoryFailure>

        /// Creates a script.
        public init(gate: AsyncGate? = nil, result: Result<Value, RepositoryFailure>) {
            self.gate = gate
            self.result = result
        }
    }

    private let scripts: [Script]
    /// Calls so far.
    public private(set) var calls = 0
    /// For each finished call, whether its task was cancelled when it answered.
    public private(set) var cancelledCalls: [Bool] = []

    /// Answers `scripts` in order (the last one again after them).
    public init(_ scripts: [Script]) {
        precondition(!scripts.isEmpty, "a script per call, at least one")
        self.scripts = scripts
    }

    /// The next script's answer.
    /// - Complexity: O(1), plus the wait at the script's gate.
    public func next() async throws(RepositoryFailure) -> Value {
        let script = scripts[min(calls, scripts.count - 1)]
        calls += 1
        if let gate = script.gate { await gate.pass() }
        cancelledCalls.append(Task.isCancelled)
        return try script.result.get()
    }
}
