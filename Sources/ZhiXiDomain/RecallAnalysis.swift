/// The AI's analysis of what a learner recalled of a lesson.
public struct RecallAnalysis: Sendable, Hashable {
    /// The analysis's id on the server.
    public var analysisID: String
    /// The learning session the input was recorded as.
    public var sessionID: String
    /// The lesson.
    public var lessonID: String
    /// The mastery score, 0–100, when the AI gave one.
    public var masteryScore: Int?
    /// The points the learner missed or got wrong.
    public var weakPoints: [String]
    /// What to do next, one sentence each.
    public var suggestions: [String]

    /// Creates an analysis.
    public init(analysisID: String, sessionID: String, lessonID: String, masteryScore: Int?, weakPoints: [String], suggestions: [String]) {
        self.analysisID = analysisID
        self.sessionID = sessionID
        self.lessonID = lessonID
        self.masteryScore = masteryScore
        self.weakPoints = weakPoints
        self.suggestions = suggestions
    }
}
