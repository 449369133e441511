/// The AI's analysis of what a learner recalled of a lesson.
package struct RecallAnalysis: Sendable, Hashable {
    /// The analysis's id on the server.
    package var analysisID: String
    /// The learning session the input was recorded as.
    package var sessionID: String
    /// The lesson.
    package var lessonID: String
    /// The mastery score, 0–100, when the AI gave one.
    package var masteryScore: Int?
    /// The points the learner missed or got wrong.
    package var weakPoints: [String]
    /// What to do next, one sentence each.
    package var suggestions: [String]

    /// Creates an analysis.
    package init(analysisID: String, sessionID: String, lessonID: String, masteryScore: Int?, weakPoints: [String], suggestions: [String]) {
        self.analysisID = analysisID
        self.sessionID = sessionID
        self.lessonID = lessonID
        self.masteryScore = masteryScore
        self.weakPoints = weakPoints
        self.suggestions = suggestions
    }
}
