import ZhiXiModel

/// Everything the study home shows, gathered by ``StudyHomeUseCase``.
package struct StudyHomeData: Sendable, Hashable {
    /// The review plan: today's tasks and budget are the home's.
    package var plan: ReviewPlanSnapshot
    /// The learner's totals; `nil` when the server could not give them (offline).
    package var totals: LearningSummary?
    /// What to offer as "continue reading", if anything.
    package var continueReading: ContinueReading?

    /// Creates the data.
    package init(plan: ReviewPlanSnapshot, totals: LearningSummary?, continueReading: ContinueReading?) {
        self.plan = plan
        self.totals = totals
        self.continueReading = continueReading
    }
}
