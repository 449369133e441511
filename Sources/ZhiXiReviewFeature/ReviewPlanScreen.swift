import ZhiXiDomain
import ZhiXiModel

/// The review-plan page's content: today's, tomorrow's and this week's tasks, whether the
/// plan was made offline, and a notice to show once.
public struct ReviewPlanScreen: Sendable, Hashable {
    /// 今天: today's tasks (overdue included), then those done today.
    public var today: ReviewTaskGroup
    /// 明天.
    public var tomorrow: ReviewTaskGroup
    /// 本周: the rest of the week.
    public var thisWeek: ReviewTaskGroup
    /// `true` when the server did not answer and the plan was made on the device.
    public var isOffline: Bool
    /// The banner to show when offline, saying why (the server not reached, its failure, its
    /// refusal, its unreadable answer); `nil` online.
    public var offlineMessage: String?
    /// Completions and skips waiting on the device to be sent.
    public var waitingCount: Int
    /// The line that says so, `nil` when nothing waits.
    public var waitingMessage: String?
    /// Something to tell the learner once (a completion the server refused because the task
    /// is gone, or one that could not be saved); cleared by the next load or
    /// ``ReviewPlanViewModel/dismissNotice()``.
    public var notice: String?

    /// The three groups in page order.
    public var groups: [ReviewTaskGroup] { [today, tomorrow, thisWeek] }

    /// Creates a screen.
    public init(today: ReviewTaskGroup, tomorrow: ReviewTaskGroup, thisWeek: ReviewTaskGroup, isOffline: Bool, offlineMessage: String?,
                waitingCount: Int, waitingMessage: String?, notice: String?) {
        self.today = today
        self.tomorrow = tomorrow
        self.thisWeek = thisWeek
        self.isOffline = isOffline
        self.offlineMessage = offlineMessage
        self.waitingCount = waitingCount
        self.waitingMessage = waitingMessage
        self.notice = notice
    }

    /// The screen of `snapshot` in `wording`'s language, with the learner's actions since it
    /// was made drawn in (`done`: checked; `hidden`: skipped or gone).
    init(snapshot: ReviewPlanSnapshot, done: Set<String>, hidden: Set<String>, waitingCount: Int, notice: String?,
         wording: LearnerWording) {
        func group(_ period: ReviewPlanPeriod, _ title: String, _ items: [ReviewItem]) -> ReviewTaskGroup {
            let rows = items.filter { !hidden.contains($0.id) }.map { item in
                let isDone = item.isDone || done.contains(item.id)
                return ReviewTaskRow(item, isDone: isDone, wording: wording)
            }
            let total = rows.reduce(0) { $0 + $1.minutes }
            let remaining = rows.reduce(0) { $0 + ($1.isDone ? 0 : $1.minutes) }
            let summary = rows.isEmpty ? wording.groupEmpty
                : wording.fill(wording.groupSummary.form(rows.count), [.count: String(rows.count), .minutes: String(total)])
            return ReviewTaskGroup(period: period, title: title, rows: rows, totalMinutes: total, remainingMinutes: remaining, summary: summary)
        }
        self.init(today: group(.today, wording.today, snapshot.today), tomorrow: group(.tomorrow, wording.tomorrow, snapshot.tomorrow),
                  thisWeek: group(.thisWeek, wording.thisWeek, snapshot.thisWeek), isOffline: snapshot.isOffline,
                  offlineMessage: snapshot.isOffline ? wording.offlineMessage(for: snapshot.offlineCause) : nil, waitingCount: waitingCount,
                  waitingMessage: waitingCount > 0 ? wording.fill(wording.waitingToSync.form(waitingCount), [.count: String(waitingCount)]) : nil,
                  notice: notice)
    }
}
