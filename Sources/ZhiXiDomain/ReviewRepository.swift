import Foundation

/// The learner's review tasks, offline first: the plan from the server when it answers,
/// else from the planner on the device over the learner's data kept there; completions and
/// skips kept on the device until the server has them.
package protocol ReviewRepository: Sendable {
    /// The plan as the device last kept it, at once and without the network: the server's
    /// tasks of the last refresh with the learner's actions since, as of `now`
    /// (``ReviewPlanSnapshot/isCached`` true); `nil` when nothing is kept yet. For a page to
    /// show while ``reviewPlan(now:)`` asks the server.
    func cachedReviewPlan(now: Date) async -> ReviewPlanSnapshot?

    /// The review plan as of `now`: today, tomorrow and the rest of the week.
    /// - Throws: ``RepositoryFailure/signedOut`` when no learner is signed in or the session
    ///   was refused; `.unreachable` (or the server's failure) when the server did not answer
    ///   and nothing is kept on the device; `.storage` when the device's files fail.
    func reviewPlan(now: Date) async throws(RepositoryFailure) -> ReviewPlanSnapshot

    /// Marks `item` done at `completedAt`: kept on the device before returning, then sent.
    /// - Throws: ``RepositoryFailure/storage(reason:)`` when it could not be kept (then it
    ///   was not recorded at all), `.signedOut`.
    func complete(_ item: ReviewItem, at completedAt: Date) async throws(RepositoryFailure) -> ReviewActionResult

    /// Skips `item`, decided at `skippedAt`: kept on the device before returning, then sent.
    /// - Throws: as ``complete(_:at:)``.
    func skip(_ item: ReviewItem, at skippedAt: Date) async throws(RepositoryFailure) -> ReviewActionResult

    /// The next review of a lesson as the plan now has it (made on the device from the
    /// learner's data kept there, the latest analysis included), `nil` when none is planned.
    func nextReview(ofLesson lessonID: String, now: Date) async throws(RepositoryFailure) -> ReviewItem?

    /// The changes the learner makes through this repository from now on (a completion or
    /// skip once it is kept on the device, a task found gone), in order, for the pages that
    /// show the plan without having made the change. Each call makes a new stream; it ends
    /// when its reader stops.
    func changes() -> AsyncStream<ReviewPlanChange>

    /// After a page has shown the server's plan: the rest of what the device keeps (what the
    /// plan did not need) refreshed in the background, so that it costs the page no wait.
    /// Returns at once; nothing when no refresh is due.
    func refreshInBackground() async
}

extension ReviewRepository {
    /// Nothing kept: a page shows its loading state until ``reviewPlan(now:)`` answers.
    package func cachedReviewPlan(now: Date) async -> ReviewPlanSnapshot? { nil }

    /// Nothing kept beside the plan: nothing to refresh.
    package func refreshInBackground() async {}
}
