import ZhiXiMemory
import ZhiXiPlanner

/// Where a ZhiXi simulation starts: the course's lessons, each with its estimated study time
/// and, if the learner has studied it, its present memory and active weak points. Day 0 of the
/// simulation is the snapshot's day; lessons not yet studied are studied in order at the
/// new-lesson rate.
public struct ZhiXiStartingState: Sendable, Hashable {
    /// The memory of a lesson or weak point at the start.
    public struct Memory: Sendable, Hashable {
        /// Stability (days) and difficulty (1–10).
        public var state: MemoryState
        /// The day of the last review, 0 or earlier (−3: three days before day 0).
        public var lastReviewDay: Int

        /// A memory last reviewed on `lastReviewDay` (≤ 0).
        /// - Complexity: O(1).
        public init(state: MemoryState, lastReviewDay: Int) {
            self.state = state
            self.lastReviewDay = lastReviewDay
        }
    }

    /// One lesson of the course.
    public struct Lesson: Sendable, Hashable {
        /// Its estimated study time in minutes (at least 1).
        public var estimatedMinutes: Int
        /// Its memory, or `nil` if it was never studied.
        public var memory: Memory?
        /// Its latest mastery score (0–100), if any: the `ReviewTypePolicy` needs it.
        public var latestScore: Int?
        /// The memories of its active weak points.
        public var weakPoints: [Memory]

        /// A lesson; without memory it is new.
        /// - Complexity: O(1): the weak points are shared, not copied.
        public init(estimatedMinutes: Int, memory: Memory? = nil, latestScore: Int? = nil, weakPoints: [Memory] = []) {
            self.estimatedMinutes = estimatedMinutes
            self.memory = memory
            self.latestScore = latestScore
            self.weakPoints = weakPoints
        }
    }

    /// The lessons, in the order new ones are studied.
    public var lessons: [Lesson]

    /// A starting state of these lessons.
    /// - Complexity: O(1): the lessons are shared, not copied.
    public init(lessons: [Lesson]) {
        self.lessons = lessons
    }

    /// A course of `count` new lessons of `minutes` each.
    /// - Complexity: O(count).
    public static func newCourse(lessons count: Int, minutes: Int) -> ZhiXiStartingState {
        ZhiXiStartingState(lessons: [Lesson](repeating: Lesson(estimatedMinutes: minutes), count: max(0, count)))
    }

    /// A real learner's present state, from the planner's replay of their workspace
    /// (`ReviewPlanner.memorySnapshot(of:now:)`). Weak points beyond `maximumWeakPointsPerLesson`
    /// (the oldest first kept) are left out.
    /// - Complexity: O(lessons + weak points of the snapshot).
    public init(snapshot: PlannerMemorySnapshot, maximumWeakPointsPerLesson: Int = 16) {
        lessons = snapshot.lessons.map { lesson in
            Lesson(estimatedMinutes: max(1, lesson.estimatedMinutes),
                   memory: lesson.memory.map { Memory(state: $0.state, lastReviewDay: min(0, $0.lastReviewDay)) },
                   latestScore: lesson.latestScore,
                   weakPoints: lesson.weakPoints.prefix(maximumWeakPointsPerLesson).map {
                       Memory(state: $0.memory.state, lastReviewDay: min(0, $0.memory.lastReviewDay))
                   })
        }
    }

    /// Lessons with a memory.
    public var studiedCount: Int { lessons.lazy.filter { $0.memory != nil }.count }
}
