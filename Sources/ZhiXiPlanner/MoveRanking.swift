/// How the planner chooses reviews to move off the days the memory model gave them: the
/// orders of the FSRS Helper add-on's Postpone and Advance, and the rule that sends a review
/// falling in a break before it or after it. All on predicted recall `R` and the desired
/// retention `DR`, through the odds of forgetting, `1/R − 1`.
///
/// - **Postpone** (``PlannerConfiguration/postponeCount``): among the reviews due today, the
///   ones whose postponement costs least, ranked by ``postponementCost(recallAfter:desiredRetention:)``
///   ascending (then the stronger memory first). A postponed review moves on by
///   ``postponementFraction`` of its interval (at least a day), as FSRS Helper's 5–10 %.
/// - **Advance** (``PlannerConfiguration/advanceCount``): among the reviews not yet due, the
///   ones most at risk, ranked by ``earliness(recallNow:desiredRetention:)`` ascending (then the
///   stronger memory first), brought forward to today.
/// - **Breaks** (``StudySchedule``): a review falling in a break is *fragile* when its
///   predicted recall on the first study day after the break is below
///   ``fragileRecallFloor(desiredRetention:)``, the recall at which its postponement cost
///   reaches ``safePostponementExcess`` (FSRS Helper's bound of a safe postponement: the odds
///   of forgetting grow by at most 15 %). Fragile reviews are brought forward to the last days
///   before the break that have room, the most fragile first; the others, and fragile ones
///   that find no room, wait until after it.
package enum MoveRanking {
    /// How much the odds of forgetting may grow over the desired retention's before a
    /// postponement is no longer safe: 15 % (FSRS Helper's bound).
    package static let safePostponementExcess = 0.15

    /// How far a postponement moves a review, as a fraction of its interval: 7.5 %, the mean of
    /// FSRS Helper's 5–10 %, at least one day.
    package static let postponementFraction = 0.075

    /// The cost of postponing a review until its recall is `recallAfter`: how much the odds
    /// of forgetting then exceed the desired retention's, `(1/R − 1) / (1/DR − 1) − 1`
    /// (0 when due exactly, 0.15 when 15 % above). Lower costs less.
    /// - Complexity: O(1).
    package static func postponementCost(recallAfter: Double, desiredRetention: Double) -> Double {
        odds(recallAfter) / odds(desiredRetention) - 1
    }

    /// How early a review not yet due would be if done now: `1 − (1/R − 1) / (1/DR − 1)` for
    /// its recall now (near 0 when it is nearly due, 1 just after its last review). Lower is
    /// more at risk.
    /// - Complexity: O(1).
    package static func earliness(recallNow: Double, desiredRetention: Double) -> Double {
        1 - odds(recallNow) / odds(desiredRetention)
    }

    /// The predicted recall below which a review falling in a break is fragile: the recall
    /// whose postponement cost is ``safePostponementExcess``, `1 / (1 + 1.15 · (1/DR − 1))`
    /// (0.887 for a desired retention of 0.9).
    /// - Complexity: O(1).
    package static func fragileRecallFloor(desiredRetention: Double) -> Double {
        1 / (1 + (1 + safePostponementExcess) * odds(desiredRetention))
    }

    /// The odds of forgetting at recall `recall`, `1/R − 1` (infinite at 0).
    static func odds(_ recall: Double) -> Double {
        recall > 0 ? 1 / recall - 1 : .infinity
    }
}
