/// What the analysis page shows before the learner writes: the lesson and its recall
/// questions.
package struct LessonPrompt: Sendable, Hashable {
    /// The lesson's id.
    package var lessonID: String
    /// The lesson's title.
    package var title: String
    /// Questions that prompt recall, in the lesson's order (may be empty).
    package var recallQuestions: [String]

    /// Creates a prompt.
    package init(lessonID: String, title: String, recallQuestions: [String]) {
        self.lessonID = lessonID
        self.title = title
        self.recallQuestions = recallQuestions
    }
}
