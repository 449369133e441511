import ZhiXiDomain
import ZhiXiModel

/// The study home's content: today's review work against the daily budget, "continue
/// reading", the learner's totals.
public struct StudyHomeScreen: Sendable, Hashable {
    /// Today's review tasks (overdue included), then those done today.
    public var todayTasks: [ReviewTaskRow]
    /// The minutes of today's tasks not done yet.
    public var todayMinutes: Int
    /// Today's study budget in minutes (0: a day without study), `nil` without a limit.
    public var budgetMinutes: Int?
    /// `今日复习约 25 分钟 / 每日 30 分钟`.
    public var workText: String
    /// `true` when today's remaining work is longer than the budget.
    public var isOverBudget: Bool
    /// A note on the budget (over budget, or a day without study), `nil` otherwise.
    public var budgetNote: String?
    /// What to continue reading, if anything.
    public var continueReading: ContinueReadingCard?
    /// The learner's totals; `nil` when the server could not give them (offline).
    public var summary: LearningSummaryCard?
    /// `true` when the tasks were planned on the device because the server did not answer.
    public var isOffline: Bool
    /// The banner to show when offline, saying why (the server not reached, its failure, its
    /// refusal, its unreadable answer); `nil` online.
    public var offlineMessage: String?

    /// Creates a screen.
    public init(todayTasks: [ReviewTaskRow], todayMinutes: Int, budgetMinutes: Int?, workText: String, isOverBudget: Bool,
                budgetNote: String?, continueReading: ContinueReadingCard?, summary: LearningSummaryCard?, isOffline: Bool,
                offlineMessage: String?) {
        self.todayTasks = todayTasks
        self.todayMinutes = todayMinutes
        self.budgetMinutes = budgetMinutes
        self.workText = workText
        self.isOverBudget = isOverBudget
        self.budgetNote = budgetNote
        self.continueReading = continueReading
        self.summary = summary
        self.isOffline = isOffline
        self.offlineMessage = offlineMessage
    }

    /// The screen of `data` in `wording`'s language.
    init(_ data: StudyHomeData, wording: LearnerWording) {
        let rows = data.plan.today.map { item in
            ReviewTaskRow(item, isDone: item.isDone, wording: wording)
        }
        let minutes = rows.reduce(0) { $0 + ($1.isDone ? 0 : $1.minutes) }
        let budget = data.plan.todayBudgetMinutes
        let workText = budget.map { budget in
            budget > 0 ? wording.fill(wording.todayWork, [.minutes: String(minutes), .budget: String(budget)])
                : wording.fill(wording.todayWorkWithoutBudget, [.minutes: String(minutes)])
        } ?? wording.fill(wording.todayWorkWithoutBudget, [.minutes: String(minutes)])
        let isOverBudget = budget.map { $0 > 0 && minutes > $0 } ?? false
        let note: String? = budget == 0 ? wording.dayWithoutStudy : isOverBudget ? wording.overBudget : nil
        let reading = data.continueReading.map { reading in
            ContinueReadingCard(heading: wording.continueReading, materialID: reading.materialID, title: ScreenText.line(reading.title),
                                progress: reading.progress,
                                progressText: reading.progress.map { wording.fill(wording.readingProgress, [.percent: String(Int(($0 * 100).rounded()))]) },
                                readingTargetType: reading.readingTargetType)
        }
        let summary = data.totals.map { totals in
            let average = totals.averageMastery.map { Int($0.rounded()) }
            return LearningSummaryCard(
                streakDays: totals.streakDays, streakText: wording.fill(wording.streak.form(totals.streakDays), [.days: String(totals.streakDays)]),
                totalMinutes: totals.totalMinutes, totalMinutesText: wording.fill(wording.totalMinutes, [.minutes: String(totals.totalMinutes)]),
                averageMastery: average, averageMasteryText: average.map { wording.fill(wording.averageMastery, [.score: String($0)]) },
                dueReviewCount: totals.dueReviewCount,
                dueReviewsText: wording.fill(wording.dueReviews.form(totals.dueReviewCount), [.count: String(totals.dueReviewCount)]))
        }
        self.init(todayTasks: rows, todayMinutes: minutes, budgetMinutes: budget, workText: workText, isOverBudget: isOverBudget,
                  budgetNote: note, continueReading: reading, summary: summary, isOffline: data.plan.isOffline,
                  offlineMessage: data.plan.isOffline ? wording.offlineMessage(for: data.plan.offlineCause) : nil)
    }
}
