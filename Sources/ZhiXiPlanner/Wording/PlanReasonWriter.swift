import ZhiXiCore
import ZhiXiModel

/// Writes the `reason` of a planned task — why this review, of this type, on this day — from
/// the sentences of a ``PlanWording`` table. Texts are assembled as UTF-8 bytes in one buffer
/// (a plan may hold hundreds of thousands of tasks).
struct PlanReasonWriter: Sendable {
    let wording: PlanWording

    /// What a reason says about one task.
    struct Facts {
        var type: ReviewType
        var weakPoint: String?
        /// When the weak point was (last) named.
        var namedOn: CivilDate
        var latestScore: Int?
        var lastReview: CivilDate
        var lastAttemptFailed: Bool
        var stabilityDays: Double
        /// Predicted recall on the scheduled day, 0–100.
        var recallPercent: Int
        var scheduledDay: CivilDate
        var overdueDays: Int
        /// The day the AI's analysis suggested reviewing by, when that brought the review forward.
        var suggestedBy: CivilDate?
        var deferredFrom: CivilDate?
        /// The day it was deferred from had no study time.
        var deferredFromDayWithoutStudy = false
        /// A move for a break or on request, and the day it fell on before.
        var move = PlanMove.none
        var movedFrom: CivilDate?
        /// For a task that fell in a break: the first study day after it, its predicted recall
        /// then (0–100), and whether that made it fragile.
        var returnDay: CivilDate?
        var recallAfterBreakPercent = 0
        var fragile = false
        /// The desired retention, 0–100.
        var targetPercent = 90
        /// The days it would have without the breaks, the minutes per weekday or the moves
        /// asked for, where the rest of the reason does not say why it left them.
        var shifts = Shifts()
    }

    /// A task's days in the plans without each setting that moved it (``PlanShiftCause``),
    /// for the reason's last sentences.
    struct Shifts {
        /// The day without the breaks, and the break it is put down to (first and last day).
        var withoutBreak: (day: CivilDate, from: CivilDate, to: CivilDate)?
        /// The day with the daily minutes on every weekday.
        var withoutWeekdayMinutes: CivilDate?
        /// The day without the moves asked for (postpone, advance).
        var withoutRequests: CivilDate?
    }

    /// The reason of a task: what to do and why, the predicted recall on the day with the
    /// memory's strength, and whether it is overdue, back after a failure, brought forward by
    /// the AI's suggested review time, moved for a break or on request, or moved for the budget.
    func reason(_ facts: Facts) -> String {
        var text = UTF8Text(capacity: 256)
        let typeSentence: PlanWording.Sentence
        switch facts.type {
        case .weakPoint: typeSentence = wording.weakPointReason
        case .feynman: typeSentence = facts.latestScore == nil ? wording.feynmanReasonUnscored : wording.feynmanReason
        case .spacedRepetition: typeSentence = facts.latestScore == nil ? wording.recallReasonUnscored : wording.spacedRepetitionReason
        default: typeSentence = facts.latestScore == nil ? wording.recallReasonUnscored : wording.recallReason
        }
        typeSentence.render(into: &text) { blank, text in
            switch blank {
            case .weakPoint: text.append(facts.weakPoint ?? "")
            case .score: text.append(facts.latestScore ?? 0)
            case .date: wording.appendDate(facts.type == .weakPoint ? facts.namedOn : facts.lastReview, to: &text)
            default: break
            }
        }
        if facts.lastAttemptFailed {
            text.append(wording.sentenceSeparator)
            wording.afterFailure.render(into: &text) { _, _ in }
        }
        text.append(wording.sentenceSeparator)
        wording.predictedRecall.render(into: &text) { blank, text in
            switch blank {
            case .date: wording.appendDate(facts.scheduledDay, to: &text)
            case .recall: text.append(facts.recallPercent)
            default: wording.appendStrength(stabilityDays: facts.stabilityDays, to: &text)
            }
        }
        if let suggestedBy = facts.suggestedBy {
            text.append(wording.sentenceSeparator)
            wording.suggestedReview.render(into: &text) { _, text in wording.appendDate(suggestedBy, to: &text) }
        }
        if facts.overdueDays > 0 {
            text.append(wording.sentenceSeparator)
            wording.overdue.form(facts.overdueDays).render(into: &text) { _, text in text.append(facts.overdueDays) }
        }
        if let movedFrom = facts.movedFrom {
            let sentence: PlanWording.Sentence?
            switch facts.move {
            case .beforeBreak: sentence = wording.movedBeforeBreak
            case .afterBreak: sentence = facts.fragile ? wording.movedAfterBreakWithoutRoom : wording.movedAfterBreak
            case .postponed: sentence = wording.postponedOnRequest
            case .advanced: sentence = wording.advancedOnRequest
            case .none: sentence = nil
            }
            if let sentence {
                text.append(wording.sentenceSeparator)
                sentence.render(into: &text) { blank, text in
                    switch blank {
                    case .endDate: if let returnDay = facts.returnDay { wording.appendDate(returnDay, to: &text) }
                    case .recall: text.append(facts.recallAfterBreakPercent)
                    case .target: text.append(facts.targetPercent)
                    default: wording.appendDate(movedFrom, to: &text)
                    }
                }
            }
        }
        if let deferredFrom = facts.deferredFrom {
            text.append(wording.sentenceSeparator)
            let sentence = facts.deferredFromDayWithoutStudy ? wording.deferredFromDayWithoutStudy : wording.deferred
            sentence.render(into: &text) { _, text in wording.appendDate(deferredFrom, to: &text) }
        }
        appendShifts(facts.shifts, to: &text)
        return text.string
    }

    /// The sentences on the days a task would have without the settings that moved it.
    private func appendShifts(_ shifts: Shifts, to text: inout UTF8Text) {
        if let (day, from, to) = shifts.withoutBreak {
            text.append(wording.sentenceSeparator)
            wording.shiftedByBreak.render(into: &text) { blank, text in
                switch blank {
                case .startDate: wording.appendDate(from, to: &text)
                case .endDate: wording.appendDate(to, to: &text)
                default: wording.appendDate(day, to: &text)
                }
            }
        }
        if let day = shifts.withoutWeekdayMinutes {
            text.append(wording.sentenceSeparator)
            wording.shiftedByWeekdayMinutes.render(into: &text) { _, text in wording.appendDate(day, to: &text) }
        }
        if let day = shifts.withoutRequests {
            text.append(wording.sentenceSeparator)
            wording.shiftedByRequests.render(into: &text) { _, text in wording.appendDate(day, to: &text) }
        }
    }
}
