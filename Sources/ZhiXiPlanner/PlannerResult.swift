import Foundation
import ZhiXiModel

/// What the planner returns: the plan, the learner's daily workload, and notes on what it
/// had to do (days over budget, tasks moved, superseded tasks).
public struct PlannerResult: Sendable, Hashable {
    /// The review tasks grouped into today (with overdue), tomorrow, this week and later.
    public var plan: ReviewPlan
    /// Estimated minutes and task count of each day of the horizon, today first.
    public var days: [PlannedDay]
    /// What the planner noticed or had to do, in a stable order.
    public var notes: [PlanNote]
    /// The daily budget in minutes the plan was balanced against.
    public var dailyMinutes: Int
}

/// One day of the planning horizon.
public struct PlannedDay: Sendable, Hashable {
    /// When the study day starts.
    public var start: Date
    /// Its local calendar date, `YYYY-MM-DD`.
    public var localDate: String
    /// The number of tasks on the day.
    public var taskCount: Int
    /// Their estimated minutes.
    public var minutes: Int
}

/// Something the planner reports about a plan.
public enum PlanNote: Sendable, Hashable {
    /// A day's tasks exceed the budget even after moving what could be moved.
    case overBudget(localDate: String, minutes: Int, budget: Int)
    /// Tasks were moved away from a day over budget to lighter days within their fuzz window.
    case deferred(count: Int)
    /// Pending tasks in the input that no longer match the plan (a later session replaced them).
    case supersededPendingTasks(count: Int)
    /// Weak points that an analysis of the past seven days no longer named: no longer drilled.
    case retiredWeakPoints(count: Int)
    /// Analyses with neither a session nor a lesson, which could not be used.
    case unattributedAnalyses(count: Int)

    /// A sentence for people, in `language`.
    public func text(language: AppLanguage) -> String {
        let chinese = language == .simplifiedChinese
        switch self {
        case .overBudget(let date, let minutes, let budget):
            return chinese ? "\(date) 预计 \(minutes) 分钟，超过每日 \(budget) 分钟的时间预算（已无可推迟的任务）"
                : "\(date) needs about \(minutes) min, over the \(budget)-minute daily budget (nothing left that may move)"
        case .deferred(let count):
            return chinese ? "为了不超过每日时间预算，\(count) 个最不紧急的任务被移到了较空闲的日子（仍在其间隔浮动范围内）"
                : "\(count) least urgent task\(count == 1 ? " was" : "s were") moved to lighter days within their fuzz window to stay within the daily budget"
        case .supersededPendingTasks(let count):
            return chinese ? "\(count) 个待办任务已被之后的学习记录取代"
                : "\(count) pending task\(count == 1 ? " was" : "s were") superseded by later sessions"
        case .retiredWeakPoints(let count):
            return chinese ? "最近 7 天的分析不再指出 \(count) 个原有薄弱点，已停止专项练习"
                : "\(count) weak point\(count == 1 ? " was" : "s were") no longer named by an analysis in the past 7 days and \(count == 1 ? "is" : "are") no longer drilled"
        case .unattributedAnalyses(let count):
            return chinese ? "\(count) 个分析既没有对应会话也没有课程，已忽略"
                : "\(count) analys\(count == 1 ? "is has" : "es have") neither a session nor a lesson and were ignored"
        }
    }
}
