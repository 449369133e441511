import Foundation
import ZhiXiCore
import ZhiXiModel
import ZhiXiScheduler

/// What the planner returns: the plan, the learner's daily workload, and notes on what it
/// had to do or noticed.
public struct PlannerResult: Sendable, Hashable {
    /// The review tasks grouped into today (with overdue), tomorrow, this week and later
    /// (see ``WeekGrouping`` for what each group holds).
    public var plan: ReviewPlan
    /// Estimated minutes and task count of each day shown (``PlannerConfiguration/horizonDays``),
    /// today first.
    public var days: [PlannedDay]
    /// What the planner noticed or had to do, in a stable order.
    public var notes: [PlanNote]
    /// The daily budget in minutes the plan was balanced against (0: no limit).
    public var dailyMinutes: Int
    /// Each day's budget: the daily minutes, minutes per weekday and breaks the plan was
    /// balanced against.
    public var schedule: StudySchedule
    /// The study calendar the plan was made on (the learner's time zone and day-start hour):
    /// every date of the plan is a study day of this calendar, starting at its day-start hour.
    public var calendar: StudyCalendar
    /// The language the tasks' reasons are written in (``PlannerConfiguration/language``, else
    /// the learner's `preferredLanguage`, else Simplified Chinese): the one to say the
    /// ``notes`` in (``PlanNote/text(language:)``).
    public var language: AppLanguage

    /// The year of the plan's first study day (`ReviewPlan.generatedAt` on ``calendar``).
    public var year: Int { calendar.localDate(ofDay: calendar.dayNumber(of: plan.generatedAt)).year }

    /// The wording of `language` for this plan: a date of another year than the plan's is
    /// written with its year (``PlanWording/inYear(_:)``).
    package func wording(_ language: AppLanguage) -> PlanWording {
        PlanWording.forLanguage(language).inYear(year)
    }
}

/// One day of the plan.
public struct PlannedDay: Sendable, Hashable {
    /// When the study day starts (the day-start hour in the learner's time zone).
    public var start: Date
    /// Its local calendar date.
    public var date: CivilDate
    /// The number of tasks on the day.
    public var taskCount: Int
    /// Their estimated minutes.
    public var minutes: Int
    /// The day's budget in minutes (0: no study that day), `nil` for no limit.
    public var budgetMinutes: Int?
}

/// Something the planner reports about a plan. ``text(language:)`` says it in words, from the
/// `PlanWording` table of the language.
public enum PlanNote: Sendable, Hashable {
    /// Kinds of records, for ``duplicateIDs(kind:count:)``.
    public enum RecordKind: Sendable, Hashable { case sessions, analyses }

    /// On `date`, one task alone (`minutes`) is longer than the daily budget.
    case overBudget(date: CivilDate, minutes: Int, budget: Int)
    /// Tasks were moved to later days to keep each day within the budget.
    case deferred(count: Int, budget: Int)
    /// The tasks due today (overdue included), `count` of them taking `minutes`, need `days`
    /// days at the budget, until `lastDate`.
    case backlog(count: Int, minutes: Int, days: Int, lastDate: CivilDate, budget: Int)
    /// ``deferred(count:budget:)`` when the days' budgets differ (minutes per weekday, breaks).
    case deferredWithinWeek(count: Int)
    /// ``backlog(count:minutes:days:lastDate:budget:)`` when the days' budgets differ.
    case backlogWithinWeek(count: Int, minutes: Int, days: Int, lastDate: CivilDate)
    /// The tasks the break `from`–`to` moved: of those that fell in it, `before` brought
    /// forward before it and `after` moved after it, the lowest predicted recall of those after
    /// (percent) and its day; and the other tasks whose day differs from the plan without the
    /// break (drawn off its days within their window, or moved as the days around it filled
    /// differently), `otherEarlier` now earlier and `otherLater` later.
    case breakMoves(from: CivilDate, to: CivilDate, before: Int, after: Int, worstRecall: Int?, worstDate: CivilDate?,
                    otherEarlier: Int, otherLater: Int)
    /// `count` of the `requested` due tasks were postponed on request; the lowest predicted
    /// recall (percent) on their new days.
    case postponedOnRequest(count: Int, requested: Int, worstRecall: Int?)
    /// `count` of the `requested` tasks not yet due were brought forward to today on request.
    case advancedOnRequest(count: Int, requested: Int)
    /// Pending tasks in the input that no longer match the plan (a later session replaced them).
    case supersededPendingTasks(count: Int)
    /// Weak points that a recent analysis no longer named: no longer drilled.
    case retiredWeakPoints(count: Int)
    /// Analyses with neither a session nor a lesson, which could not be used.
    case unattributedAnalyses(count: Int)
    /// Completed, skipped or cancelled review tasks whose ids the planner did not make; they
    /// were not counted as reviews.
    case foreignTasks(count: Int)
    /// Sessions and analyses dated after the planning time, left out.
    case futureRecords(count: Int, after: CivilDate)
    /// Records that repeat an id used before; only the first with each id counted.
    case duplicateIDs(kind: RecordKind, count: Int)
    /// Sessions whose score differs from their analysis's; the session's score counted. The
    /// ids and scores are those of the first such session.
    case scoreDisagreement(count: Int, sessionID: String, sessionScore: Int, analysisID: String, analysisScore: Int)
    /// Analyses that name another lesson than their session; the session's lesson counted. The
    /// ids are those of the first such analysis.
    case analysisOfOtherLesson(count: Int, analysisID: String, sessionID: String)

    /// A sentence for people, in `language`.
    /// - Complexity: O(tasks) for the text.
    public func text(language: AppLanguage) -> String {
        text(wording: .forLanguage(language))
    }

    /// A sentence for people, from a wording table.
    /// - Complexity: O(tasks) for the text.
    package func text(wording: PlanWording) -> String {
        func fill(_ sentence: PlanWording.Sentence, _ values: [PlanWording.Blank: String]) -> String {
            sentence.string { blank, text in text.append(values[blank] ?? "") }
        }
        func count(_ count: Int) -> String { String(count) }
        switch self {
        case .overBudget(let date, let minutes, let budget):
            return fill(wording.noteOverBudget, [.date: wording.date(date), .minutes: String(minutes), .budget: String(budget)])
        case .deferred(let number, let budget):
            return fill(wording.noteDeferred.form(number), [.count: count(number), .budget: String(budget)])
        case .backlog(let number, let minutes, let days, let lastDate, let budget):
            return fill(wording.noteBacklog.form(number), [.count: count(number), .minutes: String(minutes), .days: String(days),
                                                           .date: wording.date(lastDate), .budget: String(budget)])
        case .deferredWithinWeek(let number):
            return fill(wording.noteDeferredWithinWeek.form(number), [.count: count(number)])
        case .backlogWithinWeek(let number, let minutes, let days, let lastDate):
            return fill(wording.noteBacklogWithinWeek.form(number), [.count: count(number), .minutes: String(minutes),
                                                                     .days: String(days), .date: wording.date(lastDate)])
        case .breakMoves(let from, let to, let before, let after, let worstRecall, let worstDate, let otherEarlier, let otherLater):
            var values: [PlanWording.Blank: String] = [.date: wording.date(from), .endDate: wording.date(to), .count: count(before),
                                                       .laterCount: count(after)]
            let total = before + after + otherEarlier + otherLater
            let allMoved: [PlanWording.Blank: String] = [
                .date: wording.date(from), .endDate: wording.date(to), .count: count(total),
                .earlierCount: count(before + otherEarlier), .laterCount: count(after + otherLater),
            ]
            guard before + after > 0 else { return fill(wording.noteBreakShifts.form(total), allMoved) }
            var sentence: String
            if let worstRecall, let worstDate, after > 0 {
                values[.recall] = String(worstRecall)
                values[.recallDate] = wording.date(worstDate)
                sentence = fill(wording.noteBreak.form(before), values)
            } else {
                sentence = fill(wording.noteBreakAllBefore.form(before), values)
            }
            if otherEarlier + otherLater > 0 {
                sentence += wording.sentenceSeparator + fill(wording.noteBreakShiftsInAll.form(total), allMoved)
            }
            return sentence
        case .postponedOnRequest(let number, let requested, let worstRecall):
            var sentences: [String] = []
            if number > 0 {
                sentences.append(fill(wording.notePostponed.form(number), [.count: count(number), .recall: String(worstRecall ?? 0)]))
            }
            if number < requested {
                sentences.append(fill(wording.notePostponeShortfall.form(number), [.count: count(number), .requested: String(requested)]))
            }
            return sentences.joined(separator: wording.sentenceSeparator)
        case .advancedOnRequest(let number, let requested):
            var sentences: [String] = []
            if number > 0 { sentences.append(fill(wording.noteAdvanced.form(number), [.count: count(number)])) }
            if number < requested {
                sentences.append(fill(wording.noteAdvanceShortfall.form(number), [.count: count(number), .requested: String(requested)]))
            }
            return sentences.joined(separator: wording.sentenceSeparator)
        case .supersededPendingTasks(let number):
            return fill(wording.noteSuperseded.form(number), [.count: count(number)])
        case .retiredWeakPoints(let number):
            return fill(wording.noteRetiredWeakPoints.form(number), [.count: count(number)])
        case .unattributedAnalyses(let number):
            return fill(wording.noteUnattributedAnalyses.form(number), [.count: count(number)])
        case .foreignTasks(let number):
            return fill(wording.noteForeignTasks.form(number), [.count: count(number)])
        case .futureRecords(let number, let after):
            return fill(wording.noteFutureRecords.form(number), [.count: count(number), .date: wording.date(after)])
        case .duplicateIDs(let kind, let number):
            let name = kind == .sessions ? wording.sessionsName : wording.analysesName
            return fill(wording.noteDuplicateIDs.form(number), [.count: count(number), .name: name])
        case .scoreDisagreement(let number, let sessionID, let sessionScore, let analysisID, let analysisScore):
            return fill(wording.noteScoreDisagreement.form(number),
                        [.count: count(number), .sessionID: sessionID, .sessionScore: String(sessionScore),
                         .analysisID: analysisID, .analysisScore: String(analysisScore)])
        case .analysisOfOtherLesson(let number, let analysisID, let sessionID):
            return fill(wording.noteAnalysisOfOtherLesson.form(number),
                        [.count: count(number), .analysisID: analysisID, .sessionID: sessionID])
        }
    }
}
