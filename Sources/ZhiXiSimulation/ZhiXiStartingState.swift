import ZhiXiMemory
import ZhiXiPlanner

/// Where a ZhiXi simulation starts: the course's lessons, each with its estimated study time
/// and, if the learner has studied it, its present memory and active weak points. Day 0 of the
/// simulation is the snapshot's day; lessons not yet studied are studied in order at the
/// new-lesson rate.
package struct ZhiXiStartingState: Sendable, Hashable {
    /// The lessons, in the order new ones are studied: the planner's lessons of a memory
    /// snapshot (each memory's `lastReviewDay` 0 or earlier, day 0 being the simulation's first
    /// day; ids and weak points' texts are not used).
    package var lessons: [PlannerMemorySnapshot.Lesson]

    /// A starting state of these lessons.
    /// - Complexity: O(1): the lessons are shared, not copied.
    package init(lessons: [PlannerMemorySnapshot.Lesson]) {
        self.lessons = lessons
    }

    /// A course of `count` new lessons of `minutes` each.
    /// - Complexity: O(count).
    package static func newCourse(lessons count: Int, minutes: Int) -> ZhiXiStartingState {
        ZhiXiStartingState(lessons: [PlannerMemorySnapshot.Lesson](repeating: .init(estimatedMinutes: minutes), count: max(0, count)))
    }

    /// A real learner's present state, from the planner's replay of their workspace
    /// (`ReviewPlanner.memorySnapshot(of:now:)`). Weak points beyond `maximumWeakPointsPerLesson`
    /// (the oldest first kept) are left out.
    /// - Complexity: O(lessons + weak points of the snapshot).
    package init(snapshot: PlannerMemorySnapshot, maximumWeakPointsPerLesson: Int = 16) {
        func started(_ memory: PlannerMemorySnapshot.Memory) -> PlannerMemorySnapshot.Memory {
            var memory = memory
            memory.lastReviewDay = min(0, memory.lastReviewDay)
            return memory
        }
        lessons = snapshot.lessons.map { lesson in
            var lesson = lesson
            lesson.estimatedMinutes = max(1, lesson.estimatedMinutes)
            lesson.memory = lesson.memory.map(started)
            lesson.weakPoints = lesson.weakPoints.prefix(maximumWeakPointsPerLesson).map { .init(text: $0.text, memory: started($0.memory)) }
            return lesson
        }
    }

    /// Lessons with a memory.
    package var studiedCount: Int { lessons.lazy.filter { $0.memory != nil }.count }
}
