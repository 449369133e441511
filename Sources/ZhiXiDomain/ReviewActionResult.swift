/// The result of a completion or skip: what became of it, and what else the same exchange
/// with the server settled.
package struct ReviewActionResult: Sendable, Hashable {
    /// What became of the learner's action.
    package var outcome: ReviewActionOutcome
    /// Earlier actions (kept while offline) that the server refused for good during the same
    /// exchange, each reported once; the learner's own refusal is ``outcome``.
    package var otherRefusals: [ReviewRefusal]
    /// Actions still waiting on the device to be sent.
    package var waitingActions: Int

    /// Creates a result.
    package init(outcome: ReviewActionOutcome, otherRefusals: [ReviewRefusal] = [], waitingActions: Int = 0) {
        self.outcome = outcome
        self.otherRefusals = otherRefusals
        self.waitingActions = waitingActions
    }
}
