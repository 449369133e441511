import ZhiXiMemory

/// One thing the planner schedules: a lesson, or one weak point of a lesson, with its own
/// memory state replayed from the learner's history.
struct PlannerItem: Sendable {
    /// The lesson's position in the input.
    var lessonIndex: Int32
    /// The weak point's key (see ``WeakPointKey``), `nil` for the lesson itself.
    var weakPointKey: String?
    /// The weak point as first written, for display.
    var weakPointText: String?
    /// ``StableHash/fnv1a64(_:)`` of the weak point's key; 0 for the lesson itself.
    var weakPointHash: UInt64 = 0
    /// The memory state after the last review; meaningless while `reviewCount` is 0.
    var state = MemoryState(stability: 0, difficulty: 0)
    /// Study day and instant (seconds since 1970) of the last review.
    var lastDay = 0
    var lastSecond = 0.0
    /// Reviews so far: the item's generation.
    var reviewCount = 0
    /// The latest mastery score of the lesson (lessons only).
    var latestScore: Int?
    /// The session and analysis of the last assessment that concerned the item (-1: none).
    var sourceSessionIndex: Int32 = -1
    var sourceAnalysisIndex: Int32 = -1
    /// Times this generation's task was skipped, and the first day a new task may fall on.
    var attempt = 0
    var notBeforeDay = Int.min
    /// This generation's task was cancelled: no task until the next review.
    var cancelled = false

    init(lessonIndex: Int32, weakPointKey: String? = nil, weakPointText: String? = nil, weakPointHash: UInt64 = 0) {
        self.lessonIndex = lessonIndex
        self.weakPointKey = weakPointKey
        self.weakPointText = weakPointText
        self.weakPointHash = weakPointHash
    }

    /// Records a review: the new memory state, and a fresh generation.
    mutating func review(_ rating: Rating, second: Double, day: Int, model: MemoryModel) {
        state = reviewCount == 0
            ? model.initialState(rating: rating)
            : model.nextState(after: state, elapsedDays: Double(max(0, day - lastDay)), rating: rating)
        lastDay = day
        lastSecond = second
        reviewCount += 1
        attempt = 0
        notBeforeDay = Int.min
        cancelled = false
    }
}
