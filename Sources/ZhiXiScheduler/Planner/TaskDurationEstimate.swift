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
    /// Fixed minutes by review type.
    public var baseMinutes: [ReviewType: Double]
    /// Share (0–1) of the lesson's estimated minutes by review type.
    public var lessonShare: [ReviewType: Double]

    /// The defaults of the table above.
    public init(baseMinutes: [ReviewType: Double] = [.spacedRepetition: 2, .recall: 4, .feynman: 6, .weakPoint: 5],
                lessonShare: [ReviewType: Double] = [.spacedRepetition: 0.1, .recall: 0.2, .feynman: 0.3, .weakPoint: 0]) {
        self.baseMinutes = baseMinutes
        self.lessonShare = lessonShare
    }

    /// Estimated minutes of a review of `type` of a lesson that takes `lessonMinutes` to study.
    public func minutes(for type: ReviewType, lessonMinutes: Int) -> Int {
        let minutes = (baseMinutes[type] ?? 5) + (lessonShare[type] ?? 0) * Double(max(0, lessonMinutes))
        return max(1, Int(minutes.rounded()))
    }
}
