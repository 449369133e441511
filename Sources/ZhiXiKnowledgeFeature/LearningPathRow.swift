/// One learning path on the library page: open it with ``id``
/// (`AppContainer.makeLearningPathViewModel(pathID:)`).
public struct LearningPathRow: Sendable, Hashable, Identifiable {
    /// The path's id.
    public var id: String
    /// Its title.
    public var title: String
    /// What it teaches, if said.
    public var description: String?
    /// Its lessons.
    public var lessonCount: Int
    /// Those studied at least once.
    public var studiedLessonCount: Int
    /// `6 节课`.
    public var lessonCountText: String
    /// `已学 3/6 节`.
    public var studiedText: String
    /// The share of its lessons studied, 0–1 (0 for a path without lessons), for a progress bar.
    public var progress: Double
    /// `约 7 天`, when the path says how long it takes.
    public var durationText: String?

    /// Creates a row.
    public init(id: String, title: String, description: String?, lessonCount: Int, studiedLessonCount: Int, lessonCountText: String,
                studiedText: String, progress: Double, durationText: String?) {
        self.id = id
        self.title = title
        self.description = description
        self.lessonCount = lessonCount
        self.studiedLessonCount = studiedLessonCount
        self.lessonCountText = lessonCountText
        self.studiedText = studiedText
        self.progress = progress
        self.durationText = durationText
    }
}
