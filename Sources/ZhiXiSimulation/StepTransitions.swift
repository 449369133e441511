import ZhiXiMemory

/// The rating of the next (re)learning step given the previous one: fsrs-rs's
/// `learning_step_transitions` / `relearning_step_transitions`, three rows (after Again, Hard,
/// Good) of four probabilities. After Easy a card leaves its steps, so there is no fourth row.
struct StepTransitions: Sendable {
    private let afterAgain: RatingDistribution
    private let afterHard: RatingDistribution
    private let afterGood: RatingDistribution

    /// The transitions of three rows of four probabilities (checked by the configuration).
    init(_ rows: [[Double]]) {
        afterAgain = RatingDistribution(rows[0])
        afterHard = RatingDistribution(rows[1])
        afterGood = RatingDistribution(rows[2])
    }

    /// The next rating after `previous` (Again, Hard or Good), drawn by the uniform number
    /// `unit` (0..<1).
    @inline(__always)
    func next(after previous: Rating, unit: Double) -> Rating {
        switch previous {
        case .again: afterAgain.rating(unit: unit)
        case .hard: afterHard.rating(unit: unit)
        default: afterGood.rating(unit: unit)
        }
    }
}
