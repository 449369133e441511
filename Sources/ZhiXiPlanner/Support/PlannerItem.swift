import ZhiXiMemory

/// One thing the planner schedules: a lesson, or one weak point of a lesson, with its own
/// memory state replayed from the learner's history. Plain values only (no strings), so
/// that copying items costs no reference counting.
struct PlannerItem: Sendable {
    /// The lesson's position in the input.
    var lessonIndex: Int32
    /// ``WeakPointKey/hash(_:)`` of the weak point; 0 for the lesson itself.
    var weakPointHash: UInt64 = 0
    /// Where the weak point's text was first written (for display).
    var weakPointSource = WeakPointSource(isAnalysis: false, recordIndex: -1, position: -1)
    /// The memory state after the last review; meaningless while `reviewCount` is 0.
    var state = MemoryState(stability: 0, difficulty: 0)
    /// Study day and instant (seconds since 1970) of the last review.
    var lastDay = 0
    var lastSecond = 0.0
    /// Reviews so far: the item's generation.
    var reviewCount = 0
    /// The rating of the last review (meaningless while `reviewCount` is 0).
    var lastRating = Rating.good
    /// The latest mastery score of the lesson (lessons only; -1: never scored).
    var latestScore: Int16 = -1
    /// The session and analysis of the last assessment that concerned the item (-1: none).
    var sourceSessionIndex: Int32 = -1
    var sourceAnalysisIndex: Int32 = -1
    /// Times this generation's task was skipped, and the first day a new task may fall on.
    var attempt = 0
    var notBeforeDay = Int.min
    /// This generation's task was cancelled: no task until the next review.
    var cancelled = false

    init(lessonIndex: Int32) {
        self.lessonIndex = lessonIndex
    }

    init(lessonIndex: Int32, weakPointHash: UInt64, source: WeakPointSource) {
        self.lessonIndex = lessonIndex
        self.weakPointHash = weakPointHash
        self.weakPointSource = source
    }

    /// Whether the item is a weak point rather than the lesson itself.
    var isWeakPoint: Bool { weakPointSource.recordIndex >= 0 }

    /// Records a review: the new memory state, and a fresh generation.
    mutating func review(_ rating: Rating, second: Double, day: Int, model: MemoryModel) {
        state = reviewCount == 0
            ? model.initialState(rating: rating)
            : model.nextState(after: state, elapsedDays: Double(max(0, day - lastDay)), rating: rating)
        lastDay = day
        lastSecond = second
        lastRating = rating
        reviewCount += 1
        attempt = 0
        notBeforeDay = Int.min
        cancelled = false
    }
}

/// Where a weak point's text stands in the input: `weakPoints[position]` of a session or an
/// analysis.
struct WeakPointSource: Sendable, Hashable {
    var isAnalysis: Bool
    var recordIndex: Int32
    var position: Int32
}

extension PlannerRecords {
    /// The weak point's text as first written, trimmed.
    func weakPointText(_ source: WeakPointSource) -> String {
        let texts = source.isAnalysis ? analyses[Int(source.recordIndex)].weakPoints : sessions[Int(source.recordIndex)].weakPoints
        return WeakPointKey.display(texts[Int(source.position)])
    }
}
