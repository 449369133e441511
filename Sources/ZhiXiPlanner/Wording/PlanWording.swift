import ZhiXiCore
import ZhiXiLocalization
import ZhiXiModel

/// Every sentence and label the planner and its command line show a learner, read from the
/// language's files (`ZhiXiLocalization`: `<language>.lproj/Planner.strings` and
/// `Planner.stringsdict`, the dates and review types from `Common.strings`), parsed once per
/// language. A translator edits the files and sees whole sentences, with their blanks
/// (`{date}`, `{recall}`, …) where the language puts them; each property's name is its key.
///
/// The command line's own diagnostics (errors, `--help`) are in English and live with the
/// option declarations; everything in a plan is here.
package struct PlanWording: Sendable, Hashable {
    /// The blanks a sentence may have.
    package enum Blank: String, CaseIterable, Sendable {
        /// A short date, a weekday name, a month name or number, a day of the month.
        case date, weekday, monthName, month, day
        /// A weak point's text, a lesson title, a learner's name, a time zone.
        case weakPoint, title, name, zone
        /// A mastery score 0–100, a predicted recall in percent, a memory strength (``strengthDays`` …).
        case score, recall, strength
        /// Counts: days, hours, tasks, minutes, the daily budget in minutes.
        case days, hours, count, minutes, budget
        /// Record ids and the two scores of a disagreement.
        case sessionID, analysisID, sessionScore, analysisScore
        /// The first and last day of a range of dates (a break), and the day of a predicted recall.
        case startDate, endDate, recallDate
        /// The desired retention in percent; more counts (tasks earlier and later because of a
        /// break); the number of tasks asked for; a list (minutes per weekday).
        case target, earlierCount, laterCount, requested, list
    }

    /// A sentence with blanks.
    package typealias Sentence = TextTemplate<Blank>

    /// A sentence with a count: the form for exactly one, and the form for any other count.
    package typealias Counted = CountedTextTemplate<Blank>

    /// The language of the table.
    package let language: AppLanguage

    /// The lookup the table was read from (dates, numbers, plural rules).
    package let localization: Localization

    /// The year the plan is made in (of its first study day): a date of another year is
    /// written with its year (`Jan 4, 2027`, `2027年1月4日`), one of this year without.
    /// `nil` (the table as read) writes every date without its year.
    package var currentYear: Int?

    // MARK: Reasons

    /// Put between the sentences of a reason: a space in English, nothing in Chinese.
    package var sentenceSeparator: String
    /// A weak-point drill. Blanks: weakPoint, date (when it was named).
    package var weakPointReason: Sentence
    /// A Feynman review. Blank: score.
    package var feynmanReason: Sentence
    /// A Feynman review of a lesson without a score.
    package var feynmanReasonUnscored: Sentence
    /// A spaced-repetition review of a consolidated lesson. Blank: score.
    package var spacedRepetitionReason: Sentence
    /// An active-recall review. Blanks: date (of the last review), score.
    package var recallReason: Sentence
    /// An active-recall review of a lesson without a score. Blank: date.
    package var recallReasonUnscored: Sentence
    /// Added when a lesson's last attempt failed (rated Again), so it is back within a day.
    package var afterFailure: Sentence
    /// The predicted recall on the scheduled day and the memory's strength. Blanks: date, recall, strength.
    package var predictedRecall: Sentence
    /// A memory strength of whole days. Blank: days.
    package var strengthDays: Counted
    /// A memory strength of whole hours (under a day). Blank: hours.
    package var strengthHours: Counted
    /// A memory strength under an hour.
    package var strengthUnderAnHour: Sentence
    /// The AI's analysis suggested reviewing the lesson by a day, and the review was brought
    /// forward to it. Blank: date.
    package var suggestedReview: Sentence
    /// How late the review is. Blank: days.
    package var overdue: Counted
    /// The review was moved away from a full day. Blank: date.
    package var deferred: Sentence
    /// The review was moved away from a day without study time (a weekday at 0 minutes).
    /// Blank: date.
    package var deferredFromDayWithoutStudy: Sentence
    /// A fragile review brought forward before a break. Blanks: date (its day in the break),
    /// endDate (the first study day after the break), recall (then), target.
    package var movedBeforeBreak: Sentence
    /// A review moved after a break, holding up well enough. Blanks: date, endDate, recall.
    package var movedAfterBreak: Sentence
    /// A fragile review moved after a break because it could not be fitted in before it (the
    /// days before were full, or its last review was too recent). Blanks: date, endDate, recall.
    package var movedAfterBreakWithoutRoom: Sentence
    /// A review postponed on request. Blank: date (the day it was due).
    package var postponedOnRequest: Sentence
    /// A review brought forward to today on request. Blank: date (the day it was due).
    package var advancedOnRequest: Sentence
    /// A review on another day than it would have without a break (drawn off the break's days,
    /// or moved as the days around it filled differently). Blanks: date (its day without the
    /// break), startDate, endDate (the break).
    package var shiftedByBreak: Sentence
    /// A review on another day than it would have with the same minutes every day. Blank: date.
    package var shiftedByWeekdayMinutes: Sentence
    /// A review on another day than it would have without the reviews postponed or brought
    /// forward on request. Blank: date.
    package var shiftedByRequests: Sentence

    // MARK: The plan as text

    /// The first line. Blanks: name, date, zone, minutes.
    package var planTitle: Sentence
    /// After the title's minutes, the weekdays whose minutes differ. Blank: list.
    package var weekdayMinutesList: Sentence
    /// One weekday of that list. Blanks: weekday, minutes.
    package var weekdayMinutesEntry: Sentence
    /// Put between the entries of a list.
    package var listSeparator: String
    /// Group headings.
    package var today: String, tomorrow: String, thisWeek: String, later: String
    /// A group without tasks. Blank: title.
    package var groupEmpty: Sentence
    /// A group's heading with its size. Blanks: title, count, minutes.
    package var groupSummary: Counted
    /// A task's estimated minutes. Blank: minutes.
    package var taskMinutes: Sentence
    /// Tasks beyond the days shown. Blanks: count, date.
    package var beyondShownDays: Counted
    /// The label of the daily workload line, with its colon and space.
    package var minutesPerDay: String
    /// The label of the notes, with its colon.
    package var notesHeading: String
    /// The name of an exported calendar.
    package var calendarName: String

    // MARK: Notes

    /// A day over budget because one task alone is longer than the budget. Blanks: date, minutes, budget.
    package var noteOverBudget: Sentence
    /// Tasks moved to later days for the budget. Blanks: count, budget.
    package var noteDeferred: Counted
    /// A backlog longer than the budget. Blanks: count, minutes, budget, days, date.
    package var noteBacklog: Counted
    /// ``noteDeferred`` when the days' budgets differ. Blank: count.
    package var noteDeferredWithinWeek: Counted
    /// ``noteBacklog`` when the days' budgets differ. Blanks: count, minutes, days, date.
    package var noteBacklogWithinWeek: Counted
    /// The tasks of a break, some before and some after it. Counted by those before. Blanks:
    /// date, endDate (the break), count (before), laterCount (after), recall, recallDate (the
    /// lowest recall after it, and its day).
    package var noteBreak: Counted
    /// The tasks of a break, all before it. Blanks: date, endDate, count.
    package var noteBreakAllBefore: Counted
    /// A break that moved tasks, none of which fell in it (they were drawn off its days, or
    /// moved as the days around it filled). Counted by all. Blanks: date, endDate, count,
    /// earlierCount, laterCount.
    package var noteBreakShifts: Counted
    /// After ``noteBreak`` or ``noteBreakAllBefore``, when the break moved other tasks too: all
    /// it moved. Counted by all. Blanks: count, earlierCount, laterCount.
    package var noteBreakShiftsInAll: Counted
    /// Tasks postponed on request. Blanks: count, recall (the lowest on their new days).
    package var notePostponed: Counted
    /// Fewer tasks postponed than asked for. Blanks: count, requested.
    package var notePostponeShortfall: Counted
    /// Tasks brought forward to today on request. Blank: count.
    package var noteAdvanced: Counted
    /// Fewer tasks brought forward than asked for. Blanks: count, requested.
    package var noteAdvanceShortfall: Counted
    /// Pending tasks a later session replaced. Blank: count.
    package var noteSuperseded: Counted
    /// Weak points no longer named. Blank: count.
    package var noteRetiredWeakPoints: Counted
    /// Analyses with neither a session nor a lesson. Blank: count.
    package var noteUnattributedAnalyses: Counted
    /// Completed, skipped or cancelled tasks whose ids the planner did not make. Blank: count.
    package var noteForeignTasks: Counted
    /// Sessions and analyses after the planning time. Blanks: count, date.
    package var noteFutureRecords: Counted
    /// Records that repeat an id. Blanks: count, name (the kind of record).
    package var noteDuplicateIDs: Counted
    /// Sessions whose score differs from their analysis's. Blanks: count, sessionID, sessionScore, analysisID, analysisScore.
    package var noteScoreDisagreement: Counted
    /// Analyses linked to a session of another lesson. Blanks: count, analysisID, sessionID.
    package var noteAnalysisOfOtherLesson: Counted
    /// The names of the kinds of records, for ``noteDuplicateIDs``: sessions, analyses, lessons.
    package var sessionsName: String, analysesName: String, lessonsName: String

    /// The table of `language`, read from its files once and kept.
    /// - Complexity: O(size of the files) the first time, O(1) after.
    package static func forLanguage(_ language: AppLanguage) -> PlanWording {
        language.localization.prepared(PlanWording.init(localization:))
    }

    /// This table, writing a date of another year than `year` with its year (``currentYear``).
    package func inYear(_ year: Int) -> PlanWording {
        var wording = self
        wording.currentYear = year
        return wording
    }

    /// The English table.
    package static var english: PlanWording { forLanguage(.english) }
    /// The Simplified Chinese table (简体中文).
    package static var chinese: PlanWording { forLanguage(.simplifiedChinese) }

    /// Reads every sentence of the table. Each key is the property's name.
    init(localization: Localization) {
        language = AppLanguage(tag: localization.language, files: localization.files)
        self.localization = localization
        sentenceSeparator = localization.text("sentenceSeparator", in: .planner)
        weakPointReason = localization.template("weakPointReason", in: .planner)
        feynmanReason = localization.template("feynmanReason", in: .planner)
        feynmanReasonUnscored = localization.template("feynmanReasonUnscored", in: .planner)
        spacedRepetitionReason = localization.template("spacedRepetitionReason", in: .planner)
        recallReason = localization.template("recallReason", in: .planner)
        recallReasonUnscored = localization.template("recallReasonUnscored", in: .planner)
        afterFailure = localization.template("afterFailure", in: .planner)
        predictedRecall = localization.template("predictedRecall", in: .planner)
        strengthDays = localization.counted("strengthDays", in: .planner)
        strengthHours = localization.counted("strengthHours", in: .planner)
        strengthUnderAnHour = localization.template("strengthUnderAnHour", in: .planner)
        suggestedReview = localization.template("suggestedReview", in: .planner)
        overdue = localization.counted("overdue", in: .planner)
        deferred = localization.template("deferred", in: .planner)
        deferredFromDayWithoutStudy = localization.template("deferredFromDayWithoutStudy", in: .planner)
        movedBeforeBreak = localization.template("movedBeforeBreak", in: .planner)
        movedAfterBreak = localization.template("movedAfterBreak", in: .planner)
        movedAfterBreakWithoutRoom = localization.template("movedAfterBreakWithoutRoom", in: .planner)
        postponedOnRequest = localization.template("postponedOnRequest", in: .planner)
        advancedOnRequest = localization.template("advancedOnRequest", in: .planner)
        shiftedByBreak = localization.template("shiftedByBreak", in: .planner)
        shiftedByWeekdayMinutes = localization.template("shiftedByWeekdayMinutes", in: .planner)
        shiftedByRequests = localization.template("shiftedByRequests", in: .planner)
        planTitle = localization.template("planTitle", in: .planner)
        weekdayMinutesList = localization.template("weekdayMinutesList", in: .planner)
        weekdayMinutesEntry = localization.template("weekdayMinutesEntry", in: .planner)
        listSeparator = localization.text("listSeparator", in: .planner)
        today = localization.text("today", in: .planner)
        tomorrow = localization.text("tomorrow", in: .planner)
        thisWeek = localization.text("thisWeek", in: .planner)
        later = localization.text("later", in: .planner)
        groupEmpty = localization.template("groupEmpty", in: .planner)
        groupSummary = localization.counted("groupSummary", in: .planner)
        taskMinutes = localization.template("taskMinutes", in: .planner)
        beyondShownDays = localization.counted("beyondShownDays", in: .planner)
        minutesPerDay = localization.text("minutesPerDay", in: .planner)
        notesHeading = localization.text("notesHeading", in: .planner)
        calendarName = localization.text("calendarName", in: .planner)
        noteOverBudget = localization.template("noteOverBudget", in: .planner)
        noteDeferred = localization.counted("noteDeferred", in: .planner)
        noteBacklog = localization.counted("noteBacklog", in: .planner)
        noteDeferredWithinWeek = localization.counted("noteDeferredWithinWeek", in: .planner)
        noteBacklogWithinWeek = localization.counted("noteBacklogWithinWeek", in: .planner)
        noteBreak = localization.counted("noteBreak", in: .planner)
        noteBreakAllBefore = localization.counted("noteBreakAllBefore", in: .planner)
        noteBreakShifts = localization.counted("noteBreakShifts", in: .planner)
        noteBreakShiftsInAll = localization.counted("noteBreakShiftsInAll", in: .planner)
        notePostponed = localization.counted("notePostponed", in: .planner)
        notePostponeShortfall = localization.counted("notePostponeShortfall", in: .planner)
        noteAdvanced = localization.counted("noteAdvanced", in: .planner)
        noteAdvanceShortfall = localization.counted("noteAdvanceShortfall", in: .planner)
        noteSuperseded = localization.counted("noteSuperseded", in: .planner)
        noteRetiredWeakPoints = localization.counted("noteRetiredWeakPoints", in: .planner)
        noteUnattributedAnalyses = localization.counted("noteUnattributedAnalyses", in: .planner)
        noteForeignTasks = localization.counted("noteForeignTasks", in: .planner)
        noteFutureRecords = localization.counted("noteFutureRecords", in: .planner)
        noteDuplicateIDs = localization.counted("noteDuplicateIDs", in: .planner)
        noteScoreDisagreement = localization.counted("noteScoreDisagreement", in: .planner)
        noteAnalysisOfOtherLesson = localization.counted("noteAnalysisOfOtherLesson", in: .planner)
        sessionsName = localization.text("sessionsName", in: .planner)
        analysesName = localization.text("analysesName", in: .planner)
        lessonsName = localization.text("lessonsName", in: .planner)
    }

    // MARK: Writing

    /// Whether `date` is written with its year: it is of another year than ``currentYear``.
    private func needsYear(_ date: CivilDate) -> Bool { currentYear.map { $0 != date.year } ?? false }

    /// Appends a short date: `Nov 28`, `11月28日`; with its year when of another year than
    /// ``currentYear``: `Jan 4, 2027`, `2027年1月4日`.
    /// - Complexity: Amortised O(1).
    package func appendDate(_ date: CivilDate, to text: inout UTF8Text) {
        localization.appendDate(date, year: needsYear(date), to: &text)
    }

    /// A short date (with its year when of another year than ``currentYear``).
    /// - Complexity: O(1).
    package func date(_ date: CivilDate) -> String {
        localization.date(date, year: needsYear(date))
    }

    /// A date with its weekday: `Sat Nov 28`, `11月28日（周六）`; with its year when of another
    /// year than ``currentYear``: `Mon Jan 4, 2027`, `2027年1月4日（周一）`.
    /// - Complexity: O(1).
    package func dateWithWeekday(_ date: CivilDate) -> String {
        localization.date(date, weekday: true, year: needsYear(date))
    }

    /// Appends a memory strength in words: days, hours, or under an hour.
    /// - Complexity: Amortised O(1).
    package func appendStrength(stabilityDays: Double, to text: inout UTF8Text) {
        if stabilityDays >= 0.9999 {
            let days = Int(stabilityDays.rounded())
            strengthDays.form(days).render(into: &text) { _, text in text.append(days) }
        } else if stabilityDays * 24 >= 0.9999 {
            let hours = Int((stabilityDays * 24).rounded())
            strengthHours.form(hours).render(into: &text) { _, text in text.append(hours) }
        } else {
            strengthUnderAnHour.render(into: &text) { _, _ in }
        }
    }
}
