import ZhiXiPlanner

/// How weak points appear in a ZhiXi simulation. They follow the planner's rules
/// (`LessonReplay` in ZhiXiPlanner): an assessment of a lesson (its first session or a
/// review) may name a new weak point, which starts its own memory with Again; at each later
/// assessment an active weak point the learner does not recall (drawn from its
/// retrievability) is named again and reviewed with Hard (Again when the whole session was
/// Again), one the learner recalls is no longer named and retires. Between assessments weak
/// points are drilled (薄弱) when due.
package struct WeakPointBehaviour: Sendable, Hashable {
    /// The probability (0–1) that an assessment rated Again, Hard, Good, Easy names a new weak
    /// point (default 0.6, 0.4, 0.15, 0.05).
    package var newWeakPointProbabilities: [Double]
    /// Weak points a lesson may have active at once (default 3, at most 16).
    package var maximumPerLesson: Int

    /// The defaults described on each property; any argument overrides one.
    /// - Complexity: O(1).
    package init(newWeakPointProbabilities: [Double] = [0.6, 0.4, 0.15, 0.05], maximumPerLesson: Int = 3) {
        self.newWeakPointProbabilities = newWeakPointProbabilities
        self.maximumPerLesson = maximumPerLesson
    }

    /// The behaviour of a learner's own history: for each rating, the new weak points their
    /// assessments of that rating named per assessment (capped at 1: a simulated assessment
    /// names at most one), pulled towards the default by the weight `n / (n + 50)` of its `n`
    /// assessments, as the card simulator's habits are (`DerivedSimulatorSettings`); the
    /// default for a rating never given.
    /// - Complexity: O(1).
    package init(history: WeakPointHistory, maximumPerLesson: Int = 3) {
        let defaults = WeakPointBehaviour().newWeakPointProbabilities
        newWeakPointProbabilities = (0 ..< 4).map { rating in
            let count = Double(history.assessments[rating])
            guard count > 0 else { return defaults[rating] }
            let observed = min(1, Double(history.newWeakPoints[rating]) / count)
            let weight = count / (count + DerivedSimulatorSettings.smoothingEvidence)
            return weight * observed + (1 - weight) * defaults[rating]
        }
        self.maximumPerLesson = maximumPerLesson
    }

    /// Checks the probabilities (four, each 0–1) and the maximum (0–16).
    func validate() throws(SimulationConfigurationError) {
        guard newWeakPointProbabilities.count == 4 else {
            throw .wrongCount(field: "weakPoints.newWeakPointProbabilities", expected: 4, actual: newWeakPointProbabilities.count)
        }
        if let bad = newWeakPointProbabilities.firstIndex(where: { !($0 >= 0 && $0 <= 1) }) {
            throw .outOfRange(field: "weakPoints.newWeakPointProbabilities[\(bad)]", value: "\(newWeakPointProbabilities[bad])",
                              allowed: "a probability from 0 to 1")
        }
        guard (0 ... 16).contains(maximumPerLesson) else {
            throw .outOfRange(field: "weakPoints.maximumPerLesson", value: "\(maximumPerLesson)", allowed: "0 to 16")
        }
    }
}
