import Foundation
import ZhiXiCore
import ZhiXiMemory
import ZhiXiModel
import ZhiXiScheduler

/// One item's next review while the plan is being placed on days.
struct PlacedTask: Sendable {
    var itemIndex: Int
    var identifier: ReviewTaskIdentifier
    var kind: PlannedReviewKind
    var minutes: Int
    /// The first and last day the memory model allows: its fuzz window, not before today, not
    /// before the day after the last review or after a skip. An overdue task (its ideal day
    /// has passed) and a task after a failure have no fuzz.
    var earliest: Int
    var latest: Int
    /// The day the memory model gives without fuzz (the task's `dueAt`).
    var idealDay: Int
    /// The day chosen within the window (fuzz, load balancing), then the day the budget gives.
    var day: Int
    /// The day it was moved away from for the daily budget, or `Int.min`.
    var deferredFrom = Int.min
    /// The day of the `reviewAt` the AI suggested for the lesson, when that brought its
    /// window forward; `Int.min` when no suggestion did.
    var suggestedDay = Int.min
    /// Predicted recall today (0–1): lower is more urgent. A weak point's is at most its
    /// lesson's, so that it comes before its lesson's review.
    var urgency: Double
    /// How it was moved for a break or on request, and the day it fell on before
    /// (`Int.min` when not moved).
    var move = PlanMove.none
    var movedFrom = Int.min
    /// The break (index in the schedule's `awayDays`) its day fell in, or -1.
    var breakIndex: Int32 = -1
    /// For a task that fell in a break: its predicted recall (0–1) on the first study day
    /// after the break, and whether that made it fragile (``MoveRanking``).
    var recallAfterBreak = 0.0
    var fragile = false
    /// Its day in the placements made without each cause of moves in force (breaks, minutes
    /// per weekday, requests): see ``PlanShiftCause``.
    var daysWithout = PlanShiftDays()
}

/// Places planner items on days: each item's window, fuzz and load balancing within it (with
/// Easy Days when the days' budgets differ), the moves for breaks and requests, then each
/// day's budget, filled day by day from today with the most urgent tasks first.
struct PlanPlacement {
    let settings: PlannerSettings
    let configuration: PlannerConfiguration
    let now: Date
    let today: Int
    /// Tasks moved to a later day for the budget.
    var deferredCount = 0
    /// Days on which a single task is longer than the whole budget: (day, minutes).
    var overBudgetDays: [(day: Int, minutes: Int)] = []
    /// The tasks due today (overdue included) and how the budget spread them: their number,
    /// minutes, and the last day one of them was placed on.
    var backlog: (count: Int, minutes: Int, lastDay: Int)?
    /// Tasks postponed and advanced on request: how many were, of how many asked.
    var postponed = (done: 0, requested: 0)
    var advanced = (done: 0, requested: 0)
    /// The first study day after each break of the schedule.
    let returnDays: [Int]

    /// The budget is balanced over at least this many days from today, whatever the number of
    /// days shown, and further while tasks are still waiting for room.
    static let minimumCapacityDays = 28

    init(settings: PlannerSettings, configuration: PlannerConfiguration, now: Date) {
        self.settings = settings
        self.configuration = configuration
        self.now = now
        today = settings.calendar.dayNumber(of: now)
        let schedule = settings.schedule
        returnDays = schedule.awayDays.map { schedule.firstStudyDay(onOrAfter: $0.upperBound + 1) }
    }

    func recall(of item: PlannerItem, onDay day: Int) -> Double {
        settings.model.retrievability(elapsedDays: Double(max(0, day - item.lastDay)), stability: item.state.stability)
    }

    /// Chooses a day for every item's next review. O(n log n).
    mutating func schedule(_ items: [PlannerItem], records: PlannerRecords, replay: LessonReplay, lessonHashes: [UInt64]) -> [PlacedTask] {
        let model = settings.model
        let settings = settings, configuration = configuration, today = today
        // Each item's task, on all cores; cancelled items are dropped after.
        let candidates = ParallelChunks.array(count: items.count, minimumChunk: 20_000) { index -> PlacedTask? in
            let item = items[index]
            guard !item.cancelled else { return nil }
            let lessonMinutes = records.lessons[Int(item.lessonIndex)].estimatedMinutes
            let type: ReviewType = item.isWeakPoint
                ? .weakPoint
                : configuration.typePolicy.lessonReviewType(latestScore: item.latestScore < 0 ? nil : Int(item.latestScore),
                                                            stability: item.state.stability)
            let kind = PlannedReviewKind(type)
            var rounded = 1, lower = 1, upper = 1
            if item.lastRating != .again {
                // After a failure the item is back the next day, whatever its stability says.
                let exact = model.interval(stability: item.state.stability, desiredRetention: settings.desiredRetention)
                rounded = MemoryModel.roundedInterval(exact, maximumInterval: configuration.maximumIntervalDays)
                lower = rounded
                upper = rounded
                if configuration.fuzz {
                    let range = FuzzRange(intervalDays: exact, maximumIntervalDays: configuration.maximumIntervalDays)
                    lower = range.lowerDays
                    upper = range.upperDays
                }
            }
            let idealDay = item.lastDay + rounded
            var earliest = max(today, item.lastDay + lower, item.notBeforeDay)
            // Overdue: due today, without fuzz.
            var latest = idealDay < today ? earliest : max(earliest, item.lastDay + upper)
            // The AI's suggested review time of the lesson's last session: no later than that
            // day (nor before today, the day after the session, or the day after a skip).
            var suggestedDay = Int.min
            if let day = Self.suggestedReviewDay(of: item, records: records, calendar: settings.calendar) {
                let cap = max(day, today, item.lastDay + 1, item.notBeforeDay)
                if cap < latest {
                    latest = cap
                    earliest = min(earliest, cap)
                    suggestedDay = day
                }
            }
            return PlacedTask(
                itemIndex: index, identifier: replay.identifier(of: item, lessonHash: lessonHashes[Int(item.lessonIndex)]),
                kind: kind, minutes: configuration.durations.minutes(for: kind.reviewType, lessonMinutes: lessonMinutes),
                earliest: earliest, latest: latest, idealDay: idealDay, day: earliest, suggestedDay: suggestedDay,
                urgency: model.retrievability(elapsedDays: Double(max(0, today - item.lastDay)), stability: item.state.stability))
        }
        // A lesson's weak points come before its own review: their urgency is at most its.
        // (Items are in lesson order: the lesson, then its weak points.)
        var tasks: [PlacedTask] = []
        tasks.reserveCapacity(candidates.count)
        var lessonUrgency = (lesson: Int32(-1), urgency: 1.0)
        for candidate in candidates {
            guard var task = candidate else { continue }
            let item = items[task.itemIndex]
            if !item.isWeakPoint {
                lessonUrgency = (item.lessonIndex, task.urgency)
            } else if lessonUrgency.lesson == item.lessonIndex {
                task.urgency = min(task.urgency, lessonUrgency.urgency)
            }
            tasks.append(task)
        }

        // Place in a stable order, earliest windows first, so the load each choice sees is
        // the same on every run. (Sorting compact keys, not the tasks, keeps the sort in cache.)
        let order = tasks.indices.map { index in
            let task = tasks[index]
            return OrderKey(first: Int64(task.earliest) << 32 | Int64(task.latest - task.earliest),
                            second: task.identifier.high, third: task.identifier.low, index: Int32(index))
        }.sorted().map { Int($0.index) }
        var load = DueDayLoad(firstDay: today, dayCount: configuration.horizonDays + LoadBalancer.maximumBalancedIntervalDays + 30)
        let studySchedule = settings.schedule
        let uniform = studySchedule.isUniform
        for position in order {
            let task = tasks[position]
            let lastDay = items[task.itemIndex].lastDay
            var day = task.earliest
            if task.latest > task.earliest {
                var generator = FuzzSeed(itemHash: task.identifier.high, reviewCount: 0).generator
                let balanced = configuration.loadBalancing && task.latest - lastDay <= LoadBalancer.maximumBalancedIntervalDays
                    && load.covers(task.earliest ... task.latest)
                if balanced {
                    day = uniform
                        ? LoadBalancer.balancedDay(in: task.earliest ... task.latest, lastReviewDay: lastDay, load: load,
                                                   generator: &generator)
                        // Easy Days: lighter days of the window draw fewer tasks, days without study none.
                        : LoadBalancer.balancedDay(in: task.earliest ... task.latest, lastReviewDay: lastDay, load: load,
                                                   dayShare: { studySchedule.share(ofDay: $0, forMinutes: task.minutes) },
                                                   generator: &generator)
                } else {
                    let window = task.earliest ... task.latest, unit = generator.nextUnitInterval()
                    day = uniform ? min(window.lowerBound + Int(unit * Double(window.count)), window.upperBound)
                                  : studySchedule.fuzzedDay(in: window, unit: unit)
                }
            }
            tasks[position].day = day
            load.add(onDay: day)
        }
        let moves = !uniform || configuration.postponeCount > 0 || configuration.advanceCount > 0
        if moves { prepareMoves(&tasks, items: items) }
        if settings.dailyMinutes > 0 || !uniform || configuration.advanceCount > 0 {
            fitToBudget(&tasks, items: items)
        }
        if !uniform { leaveDaysWithoutStudy(&tasks) }
        return tasks
    }

    /// The study day of the `reviewAt` of a lesson's last review, when that review was a
    /// session that has one (a review done after the session answers its suggestion).
    static func suggestedReviewDay(of item: PlannerItem, records: PlannerRecords, calendar: StudyCalendar) -> Int? {
        guard !item.isWeakPoint, item.sourceSessionIndex >= 0 else { return nil }
        let session = records.sessions[Int(item.sourceSessionIndex)]
        guard let reviewAt = session.reviewAt,
              (session.endedAt ?? session.startedAt).timeIntervalSince1970 == item.lastSecond else { return nil }
        return calendar.dayNumber(of: reviewAt)
    }
}
