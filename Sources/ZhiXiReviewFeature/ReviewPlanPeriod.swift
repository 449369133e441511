/// The three groups of the review-plan page.
public enum ReviewPlanPeriod: String, Sendable, Hashable, CaseIterable {
    /// 今天: today's tasks, overdue ones included, then those done today.
    case today
    /// 明天.
    case tomorrow
    /// 本周: the rest of the week after tomorrow.
    case thisWeek
}
