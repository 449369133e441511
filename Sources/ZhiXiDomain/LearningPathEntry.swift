import ZhiXiModel

/// One learning path as the library lists it: how many lessons it has and how many the
/// learner has studied.
package struct LearningPathEntry: Sendable, Hashable, Identifiable {
    /// The path.
    package var path: LearningPath
    /// Its lessons that the device knows.
    package var lessonCount: Int
    /// Those with at least one learning session.
    package var studiedLessonCount: Int
    /// The minutes of all its lessons.
    package var totalMinutes: Int

    /// The path's id.
    package var id: String { path.id }

    /// Creates an entry.
    package init(path: LearningPath, lessonCount: Int, studiedLessonCount: Int, totalMinutes: Int) {
        self.path = path
        self.lessonCount = lessonCount
        self.studiedLessonCount = studiedLessonCount
        self.totalMinutes = totalMinutes
    }
}
