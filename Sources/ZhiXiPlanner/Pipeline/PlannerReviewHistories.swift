import Foundation
import ZhiXiCore
import ZhiXiMemory
import ZhiXiModel
import ZhiXiScheduler

/// One item the planner schedules — a lesson, or one weak point of a lesson — with every
/// review the planner's replay gave it: the learner's history as the memory model sees it,
/// for fitting the model's parameters to this learner.
package struct PlannerReviewHistory: Sendable, Hashable {
    /// The lesson's id.
    package var lessonID: String
    /// The weak point's text as first written, or `nil` for the lesson itself.
    package var weakPoint: String?
    /// The reviews, oldest first: the rating the planner gave each (a session's score through
    /// the ``MasteryRatingScale``, Again or Hard for a weak point, the completed-task rating
    /// for a task marked done), when it happened and its study day.
    package var reviews: [StudyDayReview]

    /// Creates a history.
    /// - Complexity: O(1).
    package init(lessonID: String, weakPoint: String?, reviews: [StudyDayReview]) {
        self.lessonID = lessonID
        self.weakPoint = weakPoint
        self.reviews = reviews
    }
}

extension ReviewPlanner {
    /// Every lesson's and every weak point's reviews, exactly as ``plan(_:now:)`` replays them
    /// (same events, rating scale, weak-point rules and completed tasks, days on the learner's
    /// calendar): the input of parameter fitting for this learner. A weak point retired and
    /// named again later starts a new history, as it starts a new memory.
    ///
    /// Histories come lesson by lesson in input order, each lesson first, then its weak points
    /// in the order they were first named. Records dated after `now` are left out, as in a
    /// plan made at `now`.
    /// - Throws: ``PlannerError`` as ``plan(_:now:)`` does.
    /// - Complexity: O(n log n) in sessions and analyses.
    package func reviewHistories(_ input: PlannerInput, now: Date) throws(PlannerError) -> [PlannerReviewHistory] {
        try input.withRecords { (records) throws(PlannerError) -> [PlannerReviewHistory] in
            var run = try PlannerReplayRun(configuration, input: input, records: records, now: now)
            let log = PlannerReviewLog()
            run.replay.reviewLog = log
            var items: [PlannerItem] = []
            for lesson in records.lessons.indices {
                _ = run.replayLesson(lesson, retiredSinceDay: .max, into: &items)
                items.removeAll(keepingCapacity: true)
            }
            return log.histories.map { history in
                PlannerReviewHistory(lessonID: records.lessons[Int(history.lessonIndex)].id,
                                     weakPoint: history.weakPointSource.map { records.weakPointText($0) },
                                     reviews: history.reviews)
            }
        }
    }
}

/// Collects the reviews a ``LessonReplay`` applies, item by item. Used from one thread.
final class PlannerReviewLog {
    struct History {
        var lessonIndex: Int32
        var weakPointSource: WeakPointSource?
        var reviews: [StudyDayReview]
    }

    private(set) var histories: [History] = []
    /// The history each item (lesson, weak-point hash) is adding to.
    private var current: [ItemKey: Int] = [:]

    private struct ItemKey: Hashable {
        var lessonIndex: Int32
        var weakPointHash: UInt64
    }

    /// Records the review an item has just received (its first starts a new history).
    func record(_ item: PlannerItem, rating: Rating) {
        let key = ItemKey(lessonIndex: item.lessonIndex, weakPointHash: item.weakPointHash)
        let review = StudyDayReview(rating: rating, secondsSince1970: item.lastSecond, studyDay: item.lastDay)
        if item.reviewCount == 1 || current[key] == nil {
            current[key] = histories.count
            histories.append(History(lessonIndex: item.lessonIndex, weakPointSource: item.isWeakPoint ? item.weakPointSource : nil,
                                     reviews: [review]))
        } else {
            histories[current[key]!].reviews.append(review)
        }
    }
}
