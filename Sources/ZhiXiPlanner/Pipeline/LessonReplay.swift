import ZhiXiMemory
import ZhiXiModel

/// Replays one lesson's events into planner items: the lesson's memory, and a memory for
/// each weak point its assessments named. The rules:
///
/// - Every event is a review of the lesson, rated by the ``MasteryRatingScale`` (an event
///   without a score is rated ``PlannerConfiguration/unscoredSessionRating``).
/// - A weak point named for the first time starts its own memory with Again (it was not
///   known); named again, it is reviewed with Hard (Again if the whole session was Again).
///   A scored assessment that no longer names an active weak point retires it; an unscored
///   session drills the weak points it names but retires none (it is not a verdict).
/// - A review task of the item's current generation marked completed counts as a review
///   (``PlannerConfiguration/completedTaskRating``) at its completion time, unless a scored
///   session of the lesson on the same study day follows it (then the session is the record
///   of how it went). A skipped task makes the next task a new one, not before the day after
///   the skip; a cancelled task suppresses the item until its next review.
struct LessonReplay {
    let model: MemoryModel
    let ratingScale: MasteryRatingScale
    let completedTaskRating: Rating
    let unscoredSessionRating: Rating
    let userHash: UInt64
    let tasks: [ReviewTaskIdentifier: PlannerTaskRecord]
    /// Receives every review applied, for ``ReviewPlanner/reviewHistories(_:now:)``; `nil` when planning.
    var reviewLog: PlannerReviewLog? = nil

    /// The identifier of an item's current task.
    func identifier(of item: PlannerItem, lessonHash: UInt64) -> ReviewTaskIdentifier {
        ReviewTaskIdentifier(userHash: userHash, lessonHash: lessonHash, itemHash: item.weakPointHash,
                             generation: item.reviewCount, attempt: item.attempt)
    }

    /// Applies what happened to the item's tasks up to an instant: completions, skips and
    /// cancellations of its current generation.
    func settle(_ item: inout PlannerItem, lessonHash: UInt64, before second: Double, nextDay: Int, nextIsAssessment: Bool) {
        guard !tasks.isEmpty, item.reviewCount > 0 else { return }
        while let record = tasks[identifier(of: item, lessonHash: lessonHash)],
              record.second <= second, record.second >= item.lastSecond {
            switch record.outcome {
            case .completed:
                if nextIsAssessment && record.day == nextDay { return }
                item.review(completedTaskRating, second: record.second, day: record.day, model: model)
                reviewLog?.record(item, rating: completedTaskRating)
            case .skipped:
                item.attempt += 1
                item.notBeforeDay = max(item.notBeforeDay, record.day + 1)
            case .cancelled:
                item.cancelled = true
                return
            case .pending:
                return
            }
        }
    }

    /// Replays a lesson's events (sorted by time) and appends its items (the lesson, then its
    /// active weak points in order of first naming) to `items`. Returns how many weak points
    /// were retired on or after study day `retiredSinceDay`.
    func replay(lessonIndex: Int32, lessonHash: UInt64, events: ArraySlice<LessonEvent>, mentions: [WeakPointMention],
                retiredSinceDay: Int, into items: inout [PlannerItem]) -> Int {
        var lesson = PlannerItem(lessonIndex: lessonIndex)
        var weakPoints: [PlannerItem] = []
        var retired = 0
        for event in events {
            if !tasks.isEmpty {
                settle(&lesson, lessonHash: lessonHash, before: event.second, nextDay: event.day, nextIsAssessment: event.isAssessment)
                for index in weakPoints.indices {
                    settle(&weakPoints[index], lessonHash: lessonHash, before: event.second, nextDay: event.day,
                           nextIsAssessment: event.isAssessment)
                }
            }
            let rating = event.isAssessment ? ratingScale.rating(forScore: Int(event.score)) : unscoredSessionRating
            lesson.review(rating, second: event.second, day: event.day, model: model)
            reviewLog?.record(lesson, rating: rating)
            lesson.sourceSessionIndex = event.sessionIndex
            lesson.sourceAnalysisIndex = event.analysisIndex
            if event.isAssessment { lesson.latestScore = event.score }

            let named = mentions[Int(event.mentionStart) ..< Int(event.mentionStart + event.mentionCount)]
            if event.isAssessment {
                let before = weakPoints.count
                weakPoints.removeAll { item in !named.contains { $0.hash == item.weakPointHash } }
                if event.day >= retiredSinceDay { retired += before - weakPoints.count }
            }
            let weakRating: Rating = rating == .again ? .again : .hard
            for name in named {
                if let index = weakPoints.firstIndex(where: { $0.weakPointHash == name.hash }) {
                    weakPoints[index].review(weakRating, second: event.second, day: event.day, model: model)
                    reviewLog?.record(weakPoints[index], rating: weakRating)
                    weakPoints[index].sourceSessionIndex = event.sessionIndex
                    weakPoints[index].sourceAnalysisIndex = event.analysisIndex
                } else {
                    var item = PlannerItem(lessonIndex: lessonIndex, weakPointHash: name.hash, source: name.source)
                    item.review(.again, second: event.second, day: event.day, model: model)
                    reviewLog?.record(item, rating: .again)
                    item.sourceSessionIndex = event.sessionIndex
                    item.sourceAnalysisIndex = event.analysisIndex
                    weakPoints.append(item)
                }
            }
        }
        guard lesson.reviewCount > 0 else { return retired }
        settle(&lesson, lessonHash: lessonHash, before: .infinity, nextDay: .max, nextIsAssessment: false)
        items.append(lesson)
        for var item in weakPoints {
            settle(&item, lessonHash: lessonHash, before: .infinity, nextDay: .max, nextIsAssessment: false)
            items.append(item)
        }
        return retired
    }
}
