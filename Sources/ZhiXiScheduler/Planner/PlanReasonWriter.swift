import ZhiXiModel

/// Writes the `reason` of a planned task — why this review, of this type, on this day — in
/// English or Simplified Chinese.
struct PlanReasonWriter: Sendable {
    let language: AppLanguage
    var chinese: Bool { language == .simplifiedChinese }

    /// `Dec 1` or `12月1日` for a local calendar date.
    func dayText(_ date: (year: Int, month: Int, day: Int)) -> String {
        if chinese { return "\(date.month)月\(date.day)日" }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return months[date.month - 1] + " \(date.day)"
    }

    /// The reason of a task.
    /// - Parameters:
    ///   - recallPercent: predicted recall on the scheduled day, 0–100.
    ///   - lastReview: local date of the item's last review.
    ///   - deferredFrom: the day the task was moved away from for the daily budget, if it was.
    func reason(type: ReviewType, weakPoint: String?, latestScore: Int?, stabilityDays: Double, recallPercent: Int,
                scheduledDay: (year: Int, month: Int, day: Int), lastReview: (year: Int, month: Int, day: Int),
                overdueDays: Int, deferredFrom: (year: Int, month: Int, day: Int)?) -> String {
        let stability = Self.oneDecimal(stabilityDays)
        var text: String
        switch type {
        case .weakPoint:
            let name = weakPoint ?? ""
            text = chinese ? "薄弱点「\(name)」（\(dayText(lastReview))的分析指出）：专项练习。"
                : "Weak point “\(name)” (named by the analysis of \(dayText(lastReview))): drill it."
        case .feynman:
            let score = latestScore.map(String.init) ?? "?"
            text = chinese ? "理解尚不完整（上次得分 \(score)）：用自己的话讲解一遍。"
                : "Understanding is partial (last score \(score)): explain it in your own words."
        case .spacedRepetition:
            text = chinese ? "已巩固（稳定性 \(stability) 天）：快速间隔复习即可保持。"
                : "Consolidated (stability \(stability) days): a quick spaced review keeps it."
        default:
            let score = latestScore.map { chinese ? "上次得分 \($0)，" : "last score \($0), " } ?? ""
            text = chinese ? "主动回忆（\(score)上次复习 \(dayText(lastReview))）：写下你记得的内容。"
                : "Active recall (\(score)last reviewed \(dayText(lastReview))): write down what you remember."
        }
        if chinese {
            text += " 预计\(dayText(scheduledDay))回忆率 \(recallPercent)%，稳定性 \(stability) 天。"
            if overdueDays > 0 { text += " 已逾期 \(overdueDays) 天。" }
            if let deferredFrom { text += " 因\(dayText(deferredFrom))超出每日时间预算而顺延。" }
        } else {
            text += " Predicted recall \(recallPercent)% on \(dayText(scheduledDay)), stability \(stability) days."
            if overdueDays > 0 { text += " Overdue by \(overdueDays) day\(overdueDays == 1 ? "" : "s")." }
            if let deferredFrom { text += " Moved from \(dayText(deferredFrom)), which was over the daily budget." }
        }
        return text
    }

    /// A number with one decimal, e.g. `9.3`.
    static func oneDecimal(_ value: Double) -> String {
        guard value.isFinite else { return "∞" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
