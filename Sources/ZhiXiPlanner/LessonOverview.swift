import Foundation
import ZhiXiModel

/// One lesson as a learner looks it up: its id and title (what `record --lesson` takes), how
/// often it was studied, and its next review in a plan.
package struct LessonOverview: Sendable, Hashable {
    /// The lesson.
    package var lesson: Lesson
    /// Its sessions up to the plan's time.
    package var sessionCount: Int
    /// When the last of them ended, `nil` when it was never studied.
    package var lastStudied: Date?
    /// Its own next review in the plan (not a weak point's), `nil` when none is planned.
    package var nextReview: PlannedReviewTask?
    /// The drills of its weak points in the plan.
    package var weakPointDrillCount: Int

    /// Every lesson of `workspace`, in its order, with what the plan `result` (made of that
    /// workspace) holds for it.
    /// - Complexity: O(lessons + sessions + tasks).
    package static func overviews(of workspace: LearnerWorkspace, plan result: PlannerResult) -> [LessonOverview] {
        let planTime = result.plan.generatedAt
        var sessions: [String: (count: Int, last: Date)] = [:]
        for session in workspace.sessions {
            let end = session.endedAt ?? session.startedAt
            guard end <= planTime else { continue }
            let known = sessions[session.lessonID]
            sessions[session.lessonID] = ((known?.count ?? 0) + 1, max(known?.last ?? end, end))
        }
        var next: [String: PlannedReviewTask] = [:]
        var drills: [String: Int] = [:]
        let plan = result.plan
        for task in plan.today + plan.tomorrow + plan.thisWeek + plan.later {
            let lessonID = task.task.lessonID
            if task.explanation.weakPoint != nil {
                drills[lessonID, default: 0] += 1
            } else if next[lessonID].map({ task.task.scheduledAt < $0.task.scheduledAt }) ?? true {
                next[lessonID] = task
            }
        }
        return workspace.lessons.map { lesson in
            LessonOverview(lesson: lesson, sessionCount: sessions[lesson.id]?.count ?? 0, lastStudied: sessions[lesson.id]?.last,
                           nextReview: next[lesson.id], weakPointDrillCount: drills[lesson.id] ?? 0)
        }
    }
}
