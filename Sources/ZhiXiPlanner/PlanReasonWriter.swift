import ZhiXiCore
import ZhiXiModel

/// Writes the `reason` of a planned task — why this review, of this type, on this day — in
/// English or Simplified Chinese. Texts are assembled as UTF-8 bytes in one buffer (a plan
/// may hold hundreds of thousands of tasks).
struct PlanReasonWriter: Sendable {
    let language: AppLanguage
    var chinese: Bool { language == .simplifiedChinese }

    typealias LocalDate = CivilDate

    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Dec 1` or `12月1日` for a local calendar date.
    func dayText(_ date: LocalDate) -> String {
        var buffer = UTF8Text(capacity: 192)
        appendDay(date, to: &buffer)
        return buffer.string
    }

    private func appendDay(_ date: LocalDate, to buffer: inout UTF8Text) {
        if chinese {
            buffer.append(date.month)
            buffer.append("月")
            buffer.append(date.day)
            buffer.append("日")
        } else {
            buffer.append(Self.monthNames[date.month - 1])
            buffer.append(" ")
            buffer.append(date.day)
        }
    }

    /// The reason of a task.
    /// - Parameters:
    ///   - recallPercent: predicted recall on the scheduled day, 0–100.
    ///   - lastReview: local date of the item's last review.
    ///   - deferredFrom: the day the task was moved away from for the daily budget, if it was.
    func reason(type: ReviewType, weakPoint: String?, latestScore: Int?, stabilityDays: Double, recallPercent: Int,
                scheduledDay: LocalDate, lastReview: LocalDate, overdueDays: Int, deferredFrom: LocalDate?) -> String {
        var text = UTF8Text(capacity: 192)
        switch (type, chinese) {
        case (.weakPoint, true):
            text.append("薄弱点「")
            text.append(weakPoint ?? "")
            text.append("」（")
            appendDay(lastReview, to: &text)
            text.append("的分析指出）：专项练习。")
        case (.weakPoint, false):
            text.append("Weak point “")
            text.append(weakPoint ?? "")
            text.append("” (named by the analysis of ")
            appendDay(lastReview, to: &text)
            text.append("): drill it.")
        case (.feynman, true):
            text.append("理解尚不完整（上次得分 ")
            appendScore(latestScore, to: &text)
            text.append("）：用自己的话讲解一遍。")
        case (.feynman, false):
            text.append("Understanding is partial (last score ")
            appendScore(latestScore, to: &text)
            text.append("): explain it in your own words.")
        case (.spacedRepetition, true):
            text.append("已巩固（稳定性 ")
            text.appendFixed(stabilityDays, decimals: 1)
            text.append(" 天）：快速间隔复习即可保持。")
        case (.spacedRepetition, false):
            text.append("Consolidated (stability ")
            text.appendFixed(stabilityDays, decimals: 1)
            text.append(" days): a quick spaced review keeps it.")
        case (_, true):
            text.append("主动回忆（")
            if let latestScore {
                text.append("上次得分 ")
                text.append(latestScore)
                text.append("，")
            }
            text.append("上次复习 ")
            appendDay(lastReview, to: &text)
            text.append("）：写下你记得的内容。")
        case (_, false):
            text.append("Active recall (")
            if let latestScore {
                text.append("last score ")
                text.append(latestScore)
                text.append(", ")
            }
            text.append("last reviewed ")
            appendDay(lastReview, to: &text)
            text.append("): write down what you remember.")
        }
        if chinese {
            text.append(" 预计")
            appendDay(scheduledDay, to: &text)
            text.append("回忆率 ")
            text.append(recallPercent)
            text.append("%，稳定性 ")
            text.appendFixed(stabilityDays, decimals: 1)
            text.append(" 天。")
            if overdueDays > 0 {
                text.append(" 已逾期 ")
                text.append(overdueDays)
                text.append(" 天。")
            }
            if let deferredFrom {
                text.append(" 因")
                appendDay(deferredFrom, to: &text)
                text.append("超出每日时间预算而顺延。")
            }
        } else {
            text.append(" Predicted recall ")
            text.append(recallPercent)
            text.append("% on ")
            appendDay(scheduledDay, to: &text)
            text.append(", stability ")
            text.appendFixed(stabilityDays, decimals: 1)
            text.append(" days.")
            if overdueDays > 0 {
                text.append(" Overdue by ")
                text.append(overdueDays)
                text.append(overdueDays == 1 ? " day." : " days.")
            }
            if let deferredFrom {
                text.append(" Moved from ")
                appendDay(deferredFrom, to: &text)
                text.append(", which was over the daily budget.")
            }
        }
        return text.string
    }

    private func appendScore(_ score: Int?, to text: inout UTF8Text) {
        if let score { text.append(score) } else { text.append("?") }
    }
}
