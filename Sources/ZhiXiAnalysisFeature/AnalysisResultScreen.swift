import ZhiXiDomain

/// The AI's analysis as the page shows it: the mastery score, weak points, suggestions, and
/// the lesson's next review as the plan now has it.
public struct AnalysisResultScreen: Sendable, Hashable {
    /// The lesson's title.
    public var lessonTitle: String
    /// The mastery score, 0–100, when the AI gave one.
    public var masteryScore: Int?
    /// `掌握度 72`, or that no score was given.
    public var scoreText: String
    /// The weak points' heading.
    public var weakPointsHeading: String
    /// The weak points.
    public var weakPoints: [String]
    /// Shown instead when there is none, `nil` otherwise.
    public var noWeakPointsText: String?
    /// The suggestions' heading.
    public var suggestionsHeading: String
    /// The suggestions.
    public var suggestions: [String]
    /// The lesson's next review, `nil` when none is planned.
    public var nextReview: NextReviewCard?
    /// The next review's line, or that none is planned.
    public var nextReviewText: String

    /// Creates a screen.
    public init(lessonTitle: String, masteryScore: Int?, scoreText: String, weakPointsHeading: String, weakPoints: [String],
                noWeakPointsText: String?, suggestionsHeading: String, suggestions: [String], nextReview: NextReviewCard?,
                nextReviewText: String) {
        self.lessonTitle = lessonTitle
        self.masteryScore = masteryScore
        self.scoreText = scoreText
        self.weakPointsHeading = weakPointsHeading
        self.weakPoints = weakPoints
        self.noWeakPointsText = noWeakPointsText
        self.suggestionsHeading = suggestionsHeading
        self.suggestions = suggestions
        self.nextReview = nextReview
        self.nextReviewText = nextReviewText
    }

    /// The screen of `outcome` for the lesson titled `lessonTitle`, in `wording`'s language.
    init(_ outcome: AnalysisOutcome, lessonTitle: String, wording: LearnerWording) {
        let analysis = outcome.analysis
        let next = outcome.nextReview.map { item in
            let date = wording.date(item.day)
            return NextReviewCard(reviewType: item.task.reviewType, dateText: date,
                                  text: wording.fill(wording.nextReview, [.date: date, .type: item.task.reviewType.displayName(language: wording.language)]),
                                  reason: ScreenText.lines(item.reason), minutes: item.estimatedMinutes)
        }
        self.init(lessonTitle: ScreenText.line(lessonTitle), masteryScore: analysis.masteryScore,
                  scoreText: analysis.masteryScore.map { wording.fill(wording.masteryScore, [.score: String($0)]) } ?? wording.masteryUnscored,
                  weakPointsHeading: wording.weakPointsHeading, weakPoints: analysis.weakPoints.map { ScreenText.line($0) },
                  noWeakPointsText: analysis.weakPoints.isEmpty ? wording.noWeakPoints : nil,
                  suggestionsHeading: wording.suggestionsHeading, suggestions: analysis.suggestions.map { ScreenText.lines($0) }, nextReview: next,
                  nextReviewText: next?.text ?? wording.noNextReview)
    }
}
