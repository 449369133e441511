import Foundation
import ZhiXiCore

/// The first half of every door of the planner — ``ReviewPlanner/plan(_:now:)``,
/// ``ReviewPlanner/reviewHistories(_:now:)`` and ``ReviewPlanner/memorySnapshot(of:now:)`` —
/// in one place: the settings, each lesson's checked events as of `now`
/// (``LessonEventCollector``), the records of the planner's own tasks, and the replay that turns
/// a lesson's events into items (``LessonReplay``). The doors differ only in what they do with
/// the items: place them into days, log their reviews, or report their memories.
struct PlannerReplayRun {
    /// The learner's calendar, model, budget and retention.
    let settings: PlannerSettings
    /// Each lesson's events, oldest first, and what the collection found.
    let collected: LessonEventCollector.Collected
    /// The replay of one lesson's events (its review log set by the review-histories door).
    var replay: LessonReplay
    /// Completed, skipped or cancelled tasks whose ids the planner did not make.
    let foreignTaskCount: Int
    /// `StableHash.fnv1a64` of each lesson's id, in lesson order.
    let lessonHashes: [UInt64]

    /// Checks and collects the input's records as of `now`. O(n log n) in sessions and analyses.
    /// - Throws: ``PlannerError`` for input that cannot be planned.
    init(_ configuration: PlannerConfiguration, input: PlannerInput, records: PlannerRecords, now: Date) throws(PlannerError) {
        settings = try PlannerSettings(configuration: configuration, profile: input.profile)
        collected = try LessonEventCollector(records: records, calendar: settings.calendar,
                                             lessonIndexByID: LessonIDIndex(records.lessons),
                                             nowSecond: now.timeIntervalSince1970).collect()
        lessonHashes = records.lessons.map { StableHash.fnv1a64($0.id) }
        let (tasks, foreign) = ReviewPlanner.taskRecords(input.reviewTasks, calendar: settings.calendar)
        foreignTaskCount = foreign
        replay = LessonReplay(model: settings.model, ratingScale: configuration.ratingScale,
                              completedTaskRating: configuration.completedTaskRating,
                              unscoredSessionRating: configuration.unscoredSessionRating,
                              userHash: StableHash.fnv1a64(input.userID), tasks: tasks)
    }

    /// The events of lesson `lesson`, oldest first.
    func events(ofLesson lesson: Int) -> ArraySlice<LessonEvent> {
        collected.events[collected.lessonStarts[lesson] ..< collected.lessonStarts[lesson + 1]]
    }

    /// Replays lesson `lesson` into `items` (nothing when it has no events) and returns the
    /// number of its weak points retired on or after `retiredSinceDay`.
    func replayLesson(_ lesson: Int, retiredSinceDay: Int, into items: inout [PlannerItem]) -> Int {
        let events = events(ofLesson: lesson)
        guard !events.isEmpty else { return 0 }
        return replay.replay(lessonIndex: Int32(lesson), lessonHash: lessonHashes[lesson], events: events,
                             mentions: collected.mentions, retiredSinceDay: retiredSinceDay, into: &items)
    }
}
