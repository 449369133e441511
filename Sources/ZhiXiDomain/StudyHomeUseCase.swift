import Foundation
import ZhiXiModel

/// The study home's data in one call: the review plan (offline first), the learner's totals
/// and "continue reading", the last two asked for while the plan is made.
package struct StudyHomeUseCase: Sendable {
    /// Where the review plan comes from.
    package let reviews: any ReviewRepository
    /// Where the totals and "continue reading" come from.
    package let learning: any LearningRepository

    /// Creates the use case.
    package init(reviews: any ReviewRepository, learning: any LearningRepository) {
        self.reviews = reviews
        self.learning = learning
    }

    /// The home as of `now`. Only the plan can fail the home: without totals (offline) or
    /// anything to continue, the home shows what it has.
    /// - Throws: the plan's ``RepositoryFailure``.
    package func load(now: Date) async throws(RepositoryFailure) -> StudyHomeData {
        async let totals = totalsIfAvailable()
        async let reading = learning.continueReading()
        let plan = try await reviews.reviewPlan(now: now)
        return StudyHomeData(plan: plan, totals: await totals, continueReading: await reading)
    }

    /// After the home has shown the server's data: ``ReviewRepository/refreshInBackground()``.
    package func refreshInBackground() async {
        await reviews.refreshInBackground()
    }

    /// The home from what the device kept, at once and without the network: the plan of the
    /// last refresh (``ReviewRepository/cachedReviewPlan(now:)``), without totals or a
    /// continue card (those are the server's word, shown when ``load(now:)`` answers);
    /// `nil` when nothing is kept.
    package func cached(now: Date) async -> StudyHomeData? {
        await reviews.cachedReviewPlan(now: now).map { StudyHomeData(plan: $0, totals: nil, continueReading: nil) }
    }

    /// The changes the learner makes to the review plan elsewhere (the review-plan page), for
    /// the home to draw in without loading again (``ReviewPlanSnapshot/apply(_:)``).
    package func planChanges() -> AsyncStream<ReviewPlanChange> {
        reviews.changes()
    }

    private func totalsIfAvailable() async -> LearningSummary? {
        try? await learning.learningTotals()
    }
}
