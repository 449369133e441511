import ZhiXiModel

/// Everything the study home shows, gathered by ``StudyHomeUseCase``.
public struct StudyHomeData: Sendable, Hashable {
    /// The review plan: today's tasks and budget are the home's.
    public var plan: ReviewPlanSnapshot
    /// The learner's totals; `nil` when the server could not give them (offline).
    public var totals: LearningSummary?
    /// What to offer as "continue reading", if anything.
    public var continueReading: ContinueReading?

    /// Creates the data.
    public init(plan: ReviewPlanSnapshot, totals: LearningSummary?, continueReading: ContinueReading?) {
        self.plan = plan
        self.totals = totals
        self.continueReading = continueReading
    }
}
