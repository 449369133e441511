import ZhiXiModel

/// One learning path as the library lists it: how many lessons it has and how many the
/// learner has studied.
public struct LearningPathEntry: Sendable, Hashable, Identifiable {
    /// The path.
    public var path: LearningPath
    /// Its lessons that the device knows.
    public var lessonCount: Int
    /// Those with at least one learning session.
    public var studiedLessonCount: Int
    /// The minutes of all its lessons.
    public var totalMinutes: Int

    /// The path's id.
    public var id: String { path.id }

    /// Creates an entry.
    public init(path: LearningPath, lessonCount: Int, studiedLessonCount: Int, totalMinutes: Int) {
        self.path = path
        self.lessonCount = lessonCount
        self.studiedLessonCount = studiedLessonCount
        self.totalMinutes = totalMinutes
    }
}
