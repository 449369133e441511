import Foundation
import ZhiXiCore
import ZhiXiDomain
import ZhiXiModel

/// A review repository whose plans a test scripts: call `n` of ``reviewPlan(now:)`` waits at
/// the gate given for it (if any), then answers the result given for it. It records whether
/// each call saw its task cancelled when it went on.
package actor ScriptedReviewRepository: ReviewRepository {
    /// What call `n` does.
    package struct Script: Sendable {
        /// Held here until the test opens it, `nil` to answer at once.
        package var gate: AsyncGate?
        /// The answer.
        package var result: Result<ReviewPlanSnapshot, RepositoryFailure>

        /// Creates a script.
        package init(gate: AsyncGate? = nil, result: Result<ReviewPlanSnapshot, RepositoryFailure>) {
            self.gate = gate
            self.result = result
        }
    }

    private var scripts: [Script]
    /// Calls of ``reviewPlan(now:)`` so far.
    package private(set) var calls = 0
    /// For each finished call, whether its task was cancelled when it answered.
    package private(set) var cancelledCalls: [Bool] = []
    /// Completions received.
    package private(set) var completed: [String] = []

    /// A repository answering `scripts` in order (the last one again after them).
    package init(_ scripts: [Script]) {
        self.scripts = scripts
    }

    /// The next script's answer.
    package func reviewPlan(now: Date) async throws(RepositoryFailure) -> ReviewPlanSnapshot {
        let script = scripts[min(calls, scripts.count - 1)]
        calls += 1
        if let gate = script.gate { await gate.pass() }
        cancelledCalls.append(Task.isCancelled)
        return try script.result.get()
    }

    /// Records the completion; delivered.
    package func complete(_ item: ReviewItem, at completedAt: Date) async throws(RepositoryFailure) -> ReviewActionResult {
        completed.append(item.id)
        return ReviewActionResult(outcome: .delivered)
    }

    /// Delivered.
    package func skip(_ item: ReviewItem, at skippedAt: Date) async throws(RepositoryFailure) -> ReviewActionResult {
        ReviewActionResult(outcome: .delivered)
    }

    /// No changes: the stream ends at once.
    package nonisolated func changes() -> AsyncStream<ReviewPlanChange> {
        AsyncStream { $0.finish() }
    }

    /// None.
    package func nextReview(ofLesson lessonID: String, now: Date) async throws(RepositoryFailure) -> ReviewItem? { nil }

    /// A plan with one open task today for the lesson titled `title`.
    package static func plan(title: String, taskID: String = "task-1", type: ReviewType = .recall, minutes: Int = 10) -> ReviewPlanSnapshot {
        let task = ReviewTask(id: taskID, userID: "learner-1", lessonID: "lesson-\(taskID)", reviewType: type,
                              scheduledAt: Date(timeIntervalSince1970: 1_795_000_000))
        let day = CivilDate(year: 2026, month: 11, day: 29)
        return ReviewPlanSnapshot(today: [ReviewItem(task: task, lessonTitle: title, estimatedMinutes: minutes, reason: "因为要复习。", day: day,
                                                     isDone: false)],
                                  tomorrow: [], thisWeek: [], todayDate: day, todayBudgetMinutes: 30, isOffline: false,
                                  generatedAt: Date(timeIntervalSince1970: 1_795_000_000))
    }
}
