import Foundation
import ZhiXiCore
import ZhiXiDomain
import ZhiXiModel
import ZhiXiPlanner
import ZhiXiScheduler
import ZhiXiServices

/// Makes the plan a page shows from the learner's workspace kept on the device, the server's
/// tasks (when it answered) and the completions and skips waiting in the outbox.
///
/// - **Online** the server's tasks are the plan: its pending tasks of today (overdue ones
///   included), tomorrow and the rest of the week, in the order the planner on the device
///   would do them (then by time); minutes, reason and weak point come from the device's
///   plan of the same task (the server plans with the same planner, so the ids agree), else
///   from the lesson.
/// - **Offline** the planner on the device plans the workspace as of now: the same tasks
///   when nothing changed since the server planned them.
/// - Both ways, an action waiting in the outbox counts as done (or skipped), a completed task
///   is never open again (the planner counts it as a review), and today's group ends with
///   the tasks done today.
struct ReviewPlanAssembler: Sendable {
    /// The planner (its configuration: the reasons' language, durations, week grouping).
    let planner: ReviewPlanner
    /// The reasons' language when not the planner configuration's (`nil`): the learner's, or fixed.
    var language: PlanLanguage? = nil

    /// The planner of a plan of `workspace`, in its language.
    func planner(for workspace: LearnerWorkspace) -> ReviewPlanner {
        PlanLanguage.planner(planner, language: language, for: workspace)
    }

    /// `tasks` with the waiting `actions` written in: a completion marks its task completed
    /// at the time of the review (a task already completed keeps its time), a skip marks a
    /// pending task skipped. O(tasks + actions).
    static func applying(_ actions: [ReviewTaskAction], to tasks: [ReviewTask]) -> [ReviewTask] {
        guard !actions.isEmpty else { return tasks }
        var tasks = tasks
        var index: [String: Int] = [:]
        for (position, task) in tasks.enumerated() where index[task.id] == nil { index[task.id] = position }
        for action in actions {
            guard let position = index[action.taskID] else { continue }
            switch action.kind {
            case .complete:
                guard tasks[position].status != .completed else { continue }
                tasks[position].status = .completed
                tasks[position].completedAt = action.completedAt ?? action.recordedAt
            case .skip:
                if tasks[position].status == .pending { tasks[position].status = .skipped }
            }
        }
        return tasks
    }

    /// The plan as of `now`; `serverTasks` is `nil` offline.
    /// - Throws: `RepositoryFailure.malformedAnswer` when the device cannot plan the
    ///   workspace (its data is inconsistent) and there is no server plan to show instead.
    func snapshot(workspace: LearnerWorkspace, serverTasks: [ReviewTask]?, waiting: [ReviewTaskAction],
                  now: Date) throws(RepositoryFailure) -> ReviewPlanSnapshot {
        var local = workspace
        local.reviewTasks = Self.applying(waiting, to: local.reviewTasks)
        let planner = planner(for: local)
        let result = try? planner.plan(PlannerInput(workspace: local), now: now)
        guard result != nil || serverTasks != nil else { throw .malformedAnswer }
        let context = Context(planner: planner, workspace: local, result: result, now: now)

        var openTasks: [(day: Int, position: Int, task: ReviewTask)] = []
        let doneSource: [ReviewTask]
        if let serverTasks {
            let tasks = Self.applying(waiting, to: serverTasks)
            for task in tasks where task.status == .pending {
                let day = max(context.today, context.calendar.dayNumber(of: task.scheduledAt))
                guard day < context.weekEnd else { continue }
                openTasks.append((day, context.explained[task.id]?.position ?? Int.max, task))
            }
            openTasks.sort { ($0.day, $0.position, $0.task.scheduledAt, $0.task.id) < ($1.day, $1.position, $1.task.scheduledAt, $1.task.id) }
            doneSource = tasks
        } else {
            let plan = result!.plan
            for (position, planned) in (plan.today + plan.tomorrow + plan.thisWeek).enumerated() {
                openTasks.append((max(context.today, context.calendar.dayNumber(of: planned.task.scheduledAt)), position, planned.task))
            }
            doneSource = local.reviewTasks
        }
        let doneToday = doneSource
            .filter { task in task.status == .completed && task.completedAt.map { context.calendar.dayNumber(of: $0) == context.today } == true }
            .sorted { ($0.completedAt!, $0.id) < ($1.completedAt!, $1.id) }

        var today: [ReviewItem] = [], tomorrow: [ReviewItem] = [], thisWeek: [ReviewItem] = []
        for entry in openTasks {
            let item = context.item(entry.task, day: entry.day, isDone: false)
            switch entry.day - context.today {
            case 0: today.append(item)
            case 1: tomorrow.append(item)
            default: thisWeek.append(item)
            }
        }
        today += doneToday.map { context.item($0, day: context.today, isDone: true) }
        return ReviewPlanSnapshot(today: today, tomorrow: tomorrow, thisWeek: thisWeek,
                                  todayDate: context.calendar.localDate(ofDay: context.today),
                                  todayBudgetMinutes: result?.days.first?.budgetMinutes, isOffline: serverTasks == nil,
                                  generatedAt: now)
    }

    /// The lesson's next review in the device's plan as of `now`, `nil` when none is planned.
    /// - Throws: `RepositoryFailure.malformedAnswer` when the workspace cannot be planned.
    func nextReview(ofLesson lessonID: String, workspace: LearnerWorkspace, waiting: [ReviewTaskAction],
                    now: Date) throws(RepositoryFailure) -> ReviewItem? {
        var local = workspace
        local.reviewTasks = Self.applying(waiting, to: local.reviewTasks)
        let planner = planner(for: local)
        let result: PlannerResult
        do {
            result = try planner.plan(PlannerInput(workspace: local), now: now)
        } catch {
            throw .malformedAnswer
        }
        let context = Context(planner: planner, workspace: local, result: result, now: now)
        let plan = result.plan
        guard let next = (plan.today + plan.tomorrow + plan.thisWeek + plan.later).first(where: { $0.task.lessonID == lessonID }) else {
            return nil
        }
        return context.item(next.task, day: max(context.today, context.calendar.dayNumber(of: next.task.scheduledAt)), isDone: false)
    }

    /// What making items needs: the calendar, today, the device's plan by task id, the lessons.
    private struct Context {
        let planner: ReviewPlanner
        let calendar: StudyCalendar
        let today: Int
        let weekEnd: Int
        let explained: [String: (planned: PlannedReviewTask, position: Int)]
        let lessons: [String: Lesson]

        init(planner: ReviewPlanner, workspace: LearnerWorkspace, result: PlannerResult?, now: Date) {
            self.planner = planner
            let profile = workspace.profile
            calendar = result?.calendar
                ?? (try? StudyCalendar(timeZoneIdentifier: profile.timeZone, dayStartHour: profile.dayStartHour)) ?? .utc
            today = calendar.dayNumber(of: now)
            weekEnd = planner.configuration.weekGrouping.endOfThisWeek(today: today, calendar: calendar)
            var explained: [String: (planned: PlannedReviewTask, position: Int)] = [:]
            if let plan = result?.plan {
                for (position, planned) in (plan.today + plan.tomorrow + plan.thisWeek + plan.later).enumerated() {
                    explained[planned.id] = (planned, position)
                }
            }
            self.explained = explained
            lessons = Dictionary(workspace.lessons.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        }

        /// The item of `task` on study day `day`.
        func item(_ task: ReviewTask, day: Int, isDone: Bool) -> ReviewItem {
            let explanation = isDone ? nil : explained[task.id]?.planned.explanation
            let lesson = lessons[task.lessonID]
            let minutes = explanation?.estimatedMinutes
                ?? planner.configuration.durations.minutes(for: task.reviewType, lessonMinutes: lesson?.estimatedMinutes ?? 0)
            return ReviewItem(task: task, lessonTitle: explanation?.lessonTitle ?? lesson?.title, estimatedMinutes: minutes,
                              reason: explanation?.reason, weakPoint: explanation?.weakPoint,
                              day: calendar.localDate(ofDay: day), isDone: isDone)
        }
    }
}
