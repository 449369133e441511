/// The analysis page's result: the AI's analysis and the lesson's next review as the plan
/// now has it.
package struct AnalysisOutcome: Sendable, Hashable {
    /// The AI's analysis.
    package var analysis: RecallAnalysis
    /// The lesson's next review after the analysis, `nil` when none is planned (or the plan
    /// could not be made on the device).
    package var nextReview: ReviewItem?

    /// Creates an outcome.
    package init(analysis: RecallAnalysis, nextReview: ReviewItem?) {
        self.analysis = analysis
        self.nextReview = nextReview
    }
}
