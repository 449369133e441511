import Foundation
import ZhiXiCore
import ZhiXiModel

/// One lesson of a learning path: what the learner did with it and its next review in the
/// plan (the planner's `LessonOverview`).
package struct LessonStatus: Sendable, Hashable, Identifiable {
    /// The lesson.
    package var lesson: Lesson
    /// Its learning sessions up to now.
    package var sessionCount: Int
    /// When the last of them ended, `nil` when never studied.
    package var lastStudied: Date?
    /// The learner's study day of ``lastStudied``.
    package var lastStudiedDay: CivilDate?
    /// The mastery score of the latest scored session, 0–100.
    package var lastScore: Int?
    /// The lesson's own next review in the plan (not a weak point's drill), `nil` when none
    /// is planned; its `day` is the learner's study day (today for an overdue one).
    package var nextReview: ReviewItem?
    /// The drills of its weak points in the plan.
    package var weakPointDrillCount: Int

    /// The lesson's id.
    package var id: String { lesson.id }

    /// Creates a status.
    package init(lesson: Lesson, sessionCount: Int, lastStudied: Date?, lastStudiedDay: CivilDate?, lastScore: Int?, nextReview: ReviewItem?,
                weakPointDrillCount: Int) {
        self.lesson = lesson
        self.sessionCount = sessionCount
        self.lastStudied = lastStudied
        self.lastStudiedDay = lastStudiedDay
        self.lastScore = lastScore
        self.nextReview = nextReview
        self.weakPointDrillCount = weakPointDrillCount
    }
}
