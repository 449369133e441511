import ZhiXiModel

/// How many minutes a review task is expected to take: a fixed part per review type plus a
/// share of the lesson's own estimated study time, rounded, at least 1.
///
/// | type | default |
/// | --- | --- |
/// | spaced repetition | 2 min + 10 % of the lesson |
/// | recall | 4 min + 20 % of the lesson |
/// | Feynman | 6 min + 30 % of the lesson |
/// | weak point | 5 min |
public struct TaskDurationEstimate: Sendable, Hashable {
    /// Minutes of a task of one review type: `baseMinutes + lessonShare × lesson minutes`.
    public struct Rule: Sendable, Hashable {
        /// Fixed minutes.
        public var baseMinutes: Double
        /// Share (0–1) of the lesson's estimated minutes.
        public var lessonShare: Double

        /// Creates a rule.
        /// - Complexity: O(1).
        public init(baseMinutes: Double, lessonShare: Double) {
            self.baseMinutes = baseMinutes
            self.lessonShare = lessonShare
        }
    }

    /// Spaced-repetition reviews (default 2 min + 10 %).
    public var spacedRepetition = Rule(baseMinutes: 2, lessonShare: 0.1)
    /// Active recall (default 4 min + 20 %).
    public var recall = Rule(baseMinutes: 4, lessonShare: 0.2)
    /// Feynman reviews (default 6 min + 30 %).
    public var feynman = Rule(baseMinutes: 6, lessonShare: 0.3)
    /// Weak-point drills (default 5 min).
    public var weakPoint = Rule(baseMinutes: 5, lessonShare: 0)

    /// The defaults of the table above.
    /// - Complexity: O(1).
    public init() {}

    /// Estimated minutes of a review of `type` of a lesson that takes `lessonMinutes` to study;
    /// an unknown type counts as recall.
    /// - Complexity: O(1).
    public func minutes(for type: ReviewType, lessonMinutes: Int) -> Int {
        let rule: Rule
        switch type {
        case .spacedRepetition: rule = spacedRepetition
        case .feynman: rule = feynman
        case .weakPoint: rule = weakPoint
        default: rule = recall
        }
        return max(1, Int((rule.baseMinutes + rule.lessonShare * Double(max(0, lessonMinutes))).rounded()))
    }
}
