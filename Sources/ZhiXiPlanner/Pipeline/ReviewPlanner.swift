import Foundation
import ZhiXiCore
import ZhiXiMemory
import ZhiXiModel
import ZhiXiScheduler

/// The ZhiXi review planner: turns a learner's learning sessions and AI analyses into dated
/// review tasks of four types — spaced repetition, Feynman, recall, weak point — grouped into
/// today (with anything overdue), tomorrow, this week and later, and fitted to the learner's
/// daily study time.
///
/// ```swift
/// let planner = ReviewPlanner()
/// let result = try planner.plan(PlannerInput(workspace: workspace), now: Date())
/// for task in result.plan.today { print(task.task.reviewType, task.explanation.reason) }
/// ```
///
/// How it plans:
/// 1. Each lesson's sessions (and analyses without a session) are replayed in time order
///    through the FSRS-6 memory model, days counted on the learner's study calendar (time
///    zone, day-start hour); mastery scores become ratings by the ``MasteryRatingScale``. Each
///    weak point an analysis names gets a memory of its own and is retired when a later
///    analysis no longer names it (the lesson replay).
/// 2. Every item gets one task: its next review, due when predicted recall falls to the
///    desired retention, spread within Anki's fuzz range and, with load balancing, towards
///    days with fewer tasks; never before today or before the day after the last review.
///    A review whose day has passed is overdue: due today, without fuzz, but it may wait as
///    many days as it is already late (within the horizon) when today is over budget, so a
///    backlog spreads over the coming days.
///    The type follows the ``ReviewTypePolicy``.
/// 3. Capacity: each day is filled to its own budget (the daily minutes, or the profile's
///    minutes for its weekday; nothing on a weekday at 0 or a day away), most urgent first;
///    what does not fit waits for the next day with room, and the task says so. With minutes
///    per weekday the load balancer draws tasks towards the lighter days of their fuzz window
///    (Anki's Easy Days). A task falling in a break comes before it when waiting would let its
///    predicted recall fall too far below the desired retention, after it otherwise
///    (`MoveRanking`); ``PlannerConfiguration/postponeCount`` and
///    ``PlannerConfiguration/advanceCount`` move tasks as FSRS Helper ranks them. Every move is
///    in the task's reason and summed up in the notes.
/// 4. Task ids are deterministic (see "Ids" in docs/PLANNER.md): planning the same input
///    again gives the same tasks, a completed task counts as a review and is never planned
///    again, a skipped one is replaced by a new one from the next day on.
///
/// Complexity: O(n log n) in sessions and analyses; the replay runs on all cores. No I/O.
public struct ReviewPlanner: Sendable {
    /// The planner's settings.
    public var configuration: PlannerConfiguration

    /// Creates a planner.
    /// - Complexity: O(1).
    public init(configuration: PlannerConfiguration = PlannerConfiguration()) {
        self.configuration = configuration
    }

    /// Plans the learner's reviews as of `now`.
    /// - Throws: ``PlannerError`` for input that cannot be planned (unknown lesson ids, scores
    ///   outside 0–100, an unknown time zone, …), naming the record.
    /// - Complexity: O(n log n) in sessions and analyses (their replay on all cores), plus the days planned
    ///   for each task.
    public func plan(_ input: PlannerInput, now: Date) throws(PlannerError) -> PlannerResult {
        try input.withRecords { (records) throws(PlannerError) -> PlannerResult in
            try plan(input, records: records, now: now)
        }
    }

    private func plan(_ input: PlannerInput, records: PlannerRecords, now: Date) throws(PlannerError) -> PlannerResult {
        let run = try PlannerReplayRun(configuration, input: input, records: records, now: now)
        let (settings, collected, replay, lessonHashes) = (run.settings, run.collected, run.replay, run.lessonHashes)
        let (tasks, foreignTasks) = (replay.tasks, run.foreignTaskCount)

        // Replay every lesson, on all cores, in lesson order.
        let recentDays = settings.calendar.dayNumber(of: now) - 6
        let chunks = ParallelChunks.map(count: records.lessons.count, minimumChunk: 2_000) { lessons in
            var items: [PlannerItem] = []
            var retired = 0
            for lesson in lessons { retired += run.replayLesson(lesson, retiredSinceDay: recentDays, into: &items) }
            return (items, retired)
        }
        let items = chunks.flatMap(\.0)
        let retired = chunks.reduce(0) { $0 + $1.1 }

        var placement = PlanPlacement(settings: settings, configuration: configuration, now: now)
        var scheduled = placement.schedule(items, records: records, replay: replay, lessonHashes: lessonHashes)
        placement.recordShifts(&scheduled, items: items, records: records, replay: replay, lessonHashes: lessonHashes,
                               profile: input.profile)
        var result = placement.output(scheduled, items: items, userID: input.userID, records: records)

        var superseded = input.reviewTasks.filter { $0.status == .pending && ReviewTaskIdentifier($0.id) == nil }.count
        if tasks.values.contains(where: { $0.outcome == .pending }) {
            let current = Set(scheduled.map(\.identifier))
            superseded += tasks.filter { $0.value.outcome == .pending && !current.contains($0.key) }.count
        }
        let findings = collected.findings
        if superseded > 0 { result.notes.append(.supersededPendingTasks(count: superseded)) }
        if retired > 0 { result.notes.append(.retiredWeakPoints(count: retired)) }
        if foreignTasks > 0 { result.notes.append(.foreignTasks(count: foreignTasks)) }
        if findings.futureRecords > 0 {
            result.notes.append(.futureRecords(count: findings.futureRecords, after: settings.calendar.localDate(ofDay: settings.calendar.dayNumber(of: now))))
        }
        if findings.duplicateSessionIDs > 0 { result.notes.append(.duplicateIDs(kind: .sessions, count: findings.duplicateSessionIDs)) }
        if findings.duplicateAnalysisIDs > 0 { result.notes.append(.duplicateIDs(kind: .analyses, count: findings.duplicateAnalysisIDs)) }
        if let (session, analysis) = findings.firstDisagreement {
            result.notes.append(.scoreDisagreement(
                count: findings.scoreDisagreements, sessionID: records.sessions[Int(session)].id,
                sessionScore: records.sessions[Int(session)].masteryScore ?? 0, analysisID: records.analyses[Int(analysis)].id,
                analysisScore: records.analyses[Int(analysis)].masteryScore ?? 0))
        }
        if let (session, analysis) = findings.firstAnalysisOfOtherLesson {
            result.notes.append(.analysisOfOtherLesson(count: findings.analysesOfOtherLessons,
                                                       analysisID: records.analyses[Int(analysis)].id,
                                                       sessionID: records.sessions[Int(session)].id))
        }
        if findings.unattributedAnalyses > 0 { result.notes.append(.unattributedAnalyses(count: findings.unattributedAnalyses)) }
        return result
    }

    /// The input's review tasks whose ids the planner made, by id, and the number of completed,
    /// skipped or cancelled tasks whose ids it did not make (they cannot be matched to an item).
    static func taskRecords(_ tasks: [ReviewTask], calendar: StudyCalendar)
        -> (records: [ReviewTaskIdentifier: PlannerTaskRecord], foreign: Int) {
        var records: [ReviewTaskIdentifier: PlannerTaskRecord] = [:]
        var foreign = 0
        for task in tasks {
            guard let identifier = ReviewTaskIdentifier(task.id), identifier.isPlannerMade else {
                if task.status == .completed || task.status == .skipped || task.status == .cancelled { foreign += 1 }
                continue
            }
            let outcome: PlannerTaskRecord.Outcome
            switch task.status {
            case .completed: outcome = .completed
            case .skipped: outcome = .skipped
            case .cancelled: outcome = .cancelled
            default: outcome = .pending
            }
            let second = (task.completedAt ?? task.scheduledAt).timeIntervalSince1970
            records[identifier] = PlannerTaskRecord(outcome: outcome, second: second,
                                                    day: calendar.dayNumber(ofSecondsSince1970: second))
        }
        return (records, foreign)
    }
}

/// The settings of one planning run: configuration overrides applied to the profile, checked.
struct PlannerSettings: Sendable {
    let calendar: StudyCalendar
    let desiredRetention: Double
    let dailyMinutes: Int
    /// Each day's budget: the daily minutes, minutes per weekday and breaks.
    let schedule: StudySchedule
    let model: MemoryModel
    /// The language of the texts: the configuration's, else the learner's, else the base.
    let language: AppLanguage

    init(configuration: PlannerConfiguration, profile: UserLearningProfile) throws(PlannerError) {
        language = configuration.language ?? AppLanguage(user: nil, profile: profile)
        let zone = configuration.timeZoneIdentifier ?? profile.timeZone
        let hour = configuration.dayStartHour ?? profile.dayStartHour
        do {
            calendar = try StudyCalendar(timeZoneIdentifier: zone, dayStartHour: hour)
        } catch {
            switch error {
            case .unknownTimeZone(let identifier): throw .unknownTimeZone(identifier)
            case .dayStartHourOutOfRange(let value): throw .dayStartHourOutOfRange(value)
            default: throw .dayStartHourOutOfRange(hour)   // a calendar fails for its zone or hour only
            }
        }
        desiredRetention = configuration.desiredRetention ?? profile.desiredRetention
        guard desiredRetention > 0, desiredRetention < 1 else { throw .desiredRetentionOutOfRange(desiredRetention) }
        dailyMinutes = configuration.dailyMinutes ?? profile.dailyMinutes
        guard dailyMinutes >= 0 else { throw .dailyMinutesNegative(dailyMinutes) }
        schedule = try StudySchedule(dailyMinutes: dailyMinutes, weekdayMinutes: configuration.weekdayMinutes ?? profile.weekdayMinutes,
                                     breaks: configuration.breaks ?? profile.breaks ?? [])
        guard configuration.postponeCount >= 0 else { throw .negativeMoveCount(configuration.postponeCount) }
        guard configuration.advanceCount >= 0 else { throw .negativeMoveCount(configuration.advanceCount) }
        guard configuration.horizonDays >= 1 else { throw .horizonTooShort(configuration.horizonDays) }
        model = MemoryModel(parameters: configuration.parameters)
    }
}
