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
    }

    /// The reason of a task: what to do and why, the predicted recall on the day with the
    /// memory's strength, and whether it is overdue, back after a failure, brought forward by
    /// the AI's suggested review time or moved for the budget.
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
        if let deferredFrom = facts.deferredFrom {
            text.append(wording.sentenceSeparator)
            wording.deferred.render(into: &text) { _, text in wording.appendDate(deferredFrom, to: &text) }
        }
        return text.string
    }
}
