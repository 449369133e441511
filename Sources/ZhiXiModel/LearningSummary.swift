/// The learner's totals, for the study home and the analysis page: the answer to
/// `GET learning/summary`, `{"totalMinutes", "sessionCount", "lessonCount", "averageMastery",
/// "streakDays", "dueReviewCount"}`.
package struct LearningSummary: Sendable, Codable, Hashable {
    /// Minutes studied in all.
    package var totalMinutes: Int
    /// Learning sessions recorded.
    package var sessionCount: Int
    /// Distinct lessons studied.
    package var lessonCount: Int
    /// The mean mastery score of the scored sessions, 0–100; `nil` when none is scored.
    package var averageMastery: Double?
    /// Days in a row, up to today, with at least one session.
    package var streakDays: Int
    /// Review tasks due today or earlier and not done.
    package var dueReviewCount: Int

    /// Creates a summary.
    package init(totalMinutes: Int, sessionCount: Int, lessonCount: Int, averageMastery: Double?, streakDays: Int, dueReviewCount: Int) {
        self.totalMinutes = totalMinutes
        self.sessionCount = sessionCount
        self.lessonCount = lessonCount
        self.averageMastery = averageMastery
        self.streakDays = streakDays
        self.dueReviewCount = dueReviewCount
    }
}
