import Foundation
import ZhiXiCore
import ZhiXiMemory
import ZhiXiModel
import ZhiXiScheduler

/// A learner's present memory as the planner sees it: for every lesson, the memory state
/// replayed from its sessions and analyses (exactly the planner's replay: ratings from the
/// ``MasteryRatingScale``, study days of the learner's calendar, completed tasks counted as
/// reviews), and the same for each weak point still active. What a simulation of the
/// learner's next days starts from.
package struct PlannerMemorySnapshot: Sendable, Hashable {
    /// The memory of one lesson or weak point (also where a ZhiXi simulation starts from).
    package struct Memory: Sendable, Hashable {
        /// Stability (days) and difficulty (1–10) after the last review.
        package var state: MemoryState
        /// The study day of the last review, counted from the snapshot's day: 0 is today,
        /// −3 three days ago.
        package var lastReviewDay: Int
        /// Reviews so far.
        package var reviewCount: Int

        /// A memory last reviewed on study day `lastReviewDay` (counted from the snapshot's or
        /// the simulation's day 0), after `reviewCount` reviews.
        /// - Parameters:
        ///   - state: stability and difficulty after the last review.
        ///   - lastReviewDay: the study day of the last review, 0 or earlier.
        ///   - reviewCount: reviews so far.
        package init(state: MemoryState, lastReviewDay: Int, reviewCount: Int = 0) {
            self.state = state
            self.lastReviewDay = lastReviewDay
            self.reviewCount = reviewCount
        }
    }

    /// A weak point of a lesson that is still drilled.
    package struct WeakPoint: Sendable, Hashable {
        /// The weak point's text as first written, trimmed.
        package var text: String
        /// Its memory.
        package var memory: Memory

        /// A weak point of this text and memory.
        /// - Parameters:
        ///   - text: the weak point's text (empty for a simulated one).
        ///   - memory: its memory.
        package init(text: String = "", memory: Memory) {
            self.text = text
            self.memory = memory
        }
    }

    /// One lesson of the workspace.
    package struct Lesson: Sendable, Hashable {
        /// The lesson's id.
        package var id: String
        /// Its estimated study time in minutes.
        package var estimatedMinutes: Int
        /// Its memory; `nil` for a lesson never studied.
        package var memory: Memory?
        /// The latest mastery score (0–100) of the lesson, if any.
        package var latestScore: Int?
        /// Its active weak points, in order of first naming.
        package var weakPoints: [WeakPoint]

        /// A lesson; without memory it was never studied.
        /// - Parameters:
        ///   - id: the lesson's id (empty for a lesson of a simulated course).
        ///   - estimatedMinutes: its estimated study time in minutes.
        ///   - memory: its memory, `nil` if it was never studied.
        ///   - latestScore: its latest mastery score (0–100), if any.
        ///   - weakPoints: its active weak points.
        package init(id: String = "", estimatedMinutes: Int, memory: Memory? = nil, latestScore: Int? = nil,
                    weakPoints: [WeakPoint] = []) {
            self.id = id
            self.estimatedMinutes = estimatedMinutes
            self.memory = memory
            self.latestScore = latestScore
            self.weakPoints = weakPoints
        }
    }

    /// The study day number of the snapshot's instant on the learner's calendar.
    package var today: Int
    /// Every lesson of the input, in input order.
    package var lessons: [Lesson]
    /// The desired retention the planner plans with (configuration, else profile).
    package var desiredRetention: Double
    /// The daily study budget in minutes the planner plans with (configuration, else profile).
    package var dailyMinutes: Int
    /// How often the learner's assessments named new weak points, over their whole history.
    package var weakPointHistory = WeakPointHistory()
}

extension ReviewPlanner {
    /// The learner's present memory as of `now`: the first half of ``plan(_:now:)`` (checking
    /// and replaying every lesson's history), without placing any task.
    /// - Throws: ``PlannerError`` as ``plan(_:now:)`` does.
    /// - Complexity: O(n log n) in sessions and analyses, on all cores.
    package func memorySnapshot(of input: PlannerInput, now: Date) throws(PlannerError) -> PlannerMemorySnapshot {
        try input.withRecords { (records) throws(PlannerError) -> PlannerMemorySnapshot in
            let run = try PlannerReplayRun(configuration, input: input, records: records, now: now)
            let settings = run.settings
            let today = settings.calendar.dayNumber(of: now)
            var lessons = records.lessons.map {
                PlannerMemorySnapshot.Lesson(id: $0.id, estimatedMinutes: $0.estimatedMinutes, memory: nil, latestScore: nil,
                                             weakPoints: [])
            }
            var items: [PlannerItem] = []
            var weakPointHistory = WeakPointHistory()
            for lesson in records.lessons.indices {
                let events = run.events(ofLesson: lesson)
                guard !events.isEmpty else { continue }
                weakPointHistory.add(events: events, mentions: run.collected.mentions, ratingScale: configuration.ratingScale)
                items.removeAll(keepingCapacity: true)
                _ = run.replayLesson(lesson, retiredSinceDay: today, into: &items)
                for item in items {
                    let memory = PlannerMemorySnapshot.Memory(state: item.state, lastReviewDay: item.lastDay - today,
                                                              reviewCount: item.reviewCount)
                    if item.isWeakPoint {
                        lessons[lesson].weakPoints.append(.init(text: records.weakPointText(item.weakPointSource), memory: memory))
                    } else {
                        lessons[lesson].memory = memory
                        lessons[lesson].latestScore = item.latestScore < 0 ? nil : Int(item.latestScore)
                    }
                }
            }
            return PlannerMemorySnapshot(today: today, lessons: lessons, desiredRetention: settings.desiredRetention,
                                         dailyMinutes: settings.dailyMinutes, weakPointHistory: weakPointHistory)
        }
    }
}
