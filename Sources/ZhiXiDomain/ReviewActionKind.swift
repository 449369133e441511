/// What the learner did with a review task.
package enum ReviewActionKind: String, Sendable, Hashable, CaseIterable {
    /// Marked it done.
    case complete
    /// Passed over it.
    case skip
}
