import Foundation
import ZhiXiMemory
import ZhiXiModel
import ZhiXiScheduler

/// One item's next review while the plan is being placed on days.
struct PlacedTask: Sendable {
    var itemIndex: Int
    var identifier: ReviewTaskIdentifier
    var kind: PlannedReviewKind
    var minutes: Int
    /// The first and last day the task may fall on: its fuzz window, not before today, not
    /// before the day after the last review or after a skip. An overdue task (its ideal day
    /// has passed) has no fuzz: its window is today.
    var earliest: Int
    var latest: Int
    /// The last day the task may move to when its day is over budget: ``latest``, or for an
    /// overdue task as many days after today as it is late (within the horizon, at least its
    /// fuzz margin), so that a backlog spreads over the coming days.
    var latestOverBudget: Int
    /// The day the memory model gives without fuzz (the task's `dueAt`).
    var idealDay: Int
    /// The chosen day.
    var day: Int
    /// The day it was moved away from for the daily budget, or `Int.min`.
    var deferredFrom = Int.min
}

/// Places planner items on days: fuzz, load balancing, and the daily budget; then writes the
/// plan.
struct PlanPlacement {
    let settings: PlannerSettings
    let configuration: PlannerConfiguration
    let now: Date
    let today: Int
    /// Tasks moved for the budget.
    private(set) var deferredCount = 0
    /// Days of the horizon still over budget after moving: (day, minutes).
    private(set) var overBudgetDays: [(day: Int, minutes: Int)] = []

    init(settings: PlannerSettings, configuration: PlannerConfiguration, now: Date) {
        self.settings = settings
        self.configuration = configuration
        self.now = now
        today = settings.calendar.dayNumber(of: now)
    }

    private var horizonEnd: Int { today + configuration.horizonDays }

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
            let exact = model.interval(stability: item.state.stability, desiredRetention: settings.desiredRetention)
            let rounded = MemoryModel.roundedInterval(exact, maximumInterval: configuration.maximumIntervalDays)
            var lower = rounded, upper = rounded
            if configuration.fuzz {
                let range = FuzzRange(intervalDays: exact, maximumIntervalDays: configuration.maximumIntervalDays)
                lower = range.lowerDays
                upper = range.upperDays
            }
            let idealDay = item.lastDay + rounded
            let earliest = max(today, item.lastDay + lower, item.notBeforeDay)
            var latest = max(earliest, item.lastDay + upper)
            var latestOverBudget = latest
            if idealDay < today {
                // Overdue: due today (no fuzz any more), but when today is over budget a
                // backlog may spread over as many days as it is late, within the horizon.
                latest = earliest
                latestOverBudget = earliest + max(upper - rounded, min(today - idealDay, configuration.horizonDays - 1))
            }
            return PlacedTask(
                itemIndex: index, identifier: replay.identifier(of: item, lessonHash: lessonHashes[Int(item.lessonIndex)]),
                kind: kind, minutes: configuration.durations.minutes(for: kind.reviewType, lessonMinutes: lessonMinutes),
                earliest: earliest, latest: latest, latestOverBudget: latestOverBudget, idealDay: idealDay, day: earliest)
        }
        var tasks = candidates.compactMap { $0 }

        // Place in a stable order, earliest windows first, so the load each choice sees is
        // the same on every run. (Sorting compact keys, not the tasks, keeps the sort in cache.)
        let order = tasks.indices.map { index in
            let task = tasks[index]
            return OrderKey(first: Int64(task.earliest) << 32 | Int64(task.latest - task.earliest),
                            second: task.identifier.high, third: task.identifier.low, index: Int32(index))
        }.sorted().map { Int($0.index) }
        var load = DueDayLoad(firstDay: today, dayCount: configuration.horizonDays + LoadBalancer.maximumBalancedIntervalDays + 30)
        for position in order {
            let task = tasks[position]
            let lastDay = items[task.itemIndex].lastDay
            var day = task.earliest
            if task.latest > task.earliest {
                var generator = FuzzSeed(itemHash: task.identifier.high, reviewCount: 0).generator
                let balanced = configuration.loadBalancing && task.latest - lastDay <= LoadBalancer.maximumBalancedIntervalDays
                    && load.covers(task.earliest ... task.latest)
                if balanced {
                    day = LoadBalancer.balancedDay(in: task.earliest ... task.latest, lastReviewDay: lastDay, load: load,
                                                   generator: &generator)
                } else {
                    day = task.earliest + Int(generator.nextUnitInterval() * Double(task.latest - task.earliest + 1))
                    day = min(day, task.latest)
                }
            }
            tasks[position].day = day
            load.add(onDay: day)
        }
        fitToBudget(&tasks, items: items)
        return tasks
    }

    /// Moves the least urgent tasks away from days of the horizon over the daily budget to the
    /// lightest day of their window that has room (inside the horizon; else the first day of
    /// their window after it). O(n log n + n·w) for windows of w days.
    private mutating func fitToBudget(_ tasks: inout [PlacedTask], items: [PlannerItem]) {
        let horizon = configuration.horizonDays
        let budget = settings.dailyMinutes
        var minutes = [Int](repeating: 0, count: horizon)
        var byDay = [[Int]](repeating: [], count: horizon)
        for (index, task) in tasks.enumerated() where task.day < horizonEnd {
            minutes[task.day - today] += task.minutes
            byDay[task.day - today].append(index)
        }
        for offset in 0..<horizon where minutes[offset] > budget {
            let day = today + offset
            // Least urgent first: the highest predicted recall on this day (computed once each).
            let candidates = byDay[offset].map { index in (index, recall(of: items[tasks[index].itemIndex], onDay: day)) }
                .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : tasks[$0.0].identifier.high < tasks[$1.0].identifier.high }
            for (index, _) in candidates {
                guard minutes[offset] > budget else { break }
                let task = tasks[index]
                guard let target = lightestDay(for: task, minutes: minutes, budget: budget) else { continue }
                minutes[offset] -= task.minutes
                if target < horizonEnd {
                    minutes[target - today] += task.minutes
                    byDay[target - today].append(index)
                }
                if tasks[index].deferredFrom == Int.min { tasks[index].deferredFrom = day }
                tasks[index].day = target
                deferredCount += 1
            }
            if minutes[offset] > budget { overBudgetDays.append((day, minutes[offset])) }
        }
    }

    /// The day a task moves to: inside the horizon, the day of its window with the fewest
    /// minutes that still has room (ties: nearest to its ideal day, then earlier); otherwise
    /// the first day of its window after the horizon; `nil` if neither exists.
    private func lightestDay(for task: PlacedTask, minutes: [Int], budget: Int) -> Int? {
        var best: Int?
        for candidate in task.earliest ... task.latestOverBudget where candidate != task.day {
            guard candidate < horizonEnd else { break }
            let load = minutes[candidate - today]
            guard load + task.minutes <= budget else { continue }
            if let current = best {
                let currentLoad = minutes[current - today]
                if load < currentLoad
                    || (load == currentLoad && abs(candidate - task.idealDay) < abs(current - task.idealDay)) {
                    best = candidate
                }
            } else {
                best = candidate
            }
        }
        if best == nil, task.latestOverBudget >= horizonEnd { best = max(horizonEnd, task.earliest) }
        return best
    }

    /// Writes the plan: tasks with explanations, grouped and ordered, the days' workload and
    /// notes. The texts are written on all cores.
    func output(_ tasks: [PlacedTask], items: [PlannerItem], userID: String, records: PlannerRecords) -> PlannerResult {
        let calendar = settings.calendar
        let writer = PlanReasonWriter(language: configuration.language)
        let today = today
        // Order: by day, most urgent (lowest predicted recall) first, then by id. (Recalls are
        // non-negative, so their bit patterns order as the numbers do.)
        let recalls = tasks.map { recall(of: items[$0.itemIndex], onDay: $0.day) }
        let order = tasks.indices.map { index in
            OrderKey(first: Int64(tasks[index].day), second: recalls[index].bitPattern,
                     third: tasks[index].identifier.high, index: Int32(index))
        }.sorted().map { Int($0.index) }
        let starts = DayStarts(calendar: calendar, days: tasks.lazy.flatMap { [$0.day, $0.idealDay] })

        @Sendable func planned(_ position: Int) -> PlannedReviewTask {
            let placed = tasks[order[position]]
            let item = items[placed.itemIndex]
            let lessonIndex = Int(item.lessonIndex)
            let recall = recalls[order[position]]
            let deferred = placed.deferredFrom == Int.min ? nil : placed.deferredFrom
            let weakPoint = item.isWeakPoint ? records.weakPointText(item.weakPointSource) : nil
            let type = placed.kind.reviewType
            let reason = writer.reason(
                type: type, weakPoint: weakPoint, latestScore: item.latestScore < 0 ? nil : Int(item.latestScore),
                stabilityDays: item.state.stability, recallPercent: Int((recall * 100).rounded()),
                scheduledDay: calendar.localDate(ofDay: placed.day), lastReview: calendar.localDate(ofDay: item.lastDay),
                overdueDays: max(0, today - placed.idealDay), deferredFrom: deferred.map { calendar.localDate(ofDay: $0) })
            let task = ReviewTask(
                id: placed.identifier.text, userID: userID, lessonID: records.lessons[lessonIndex].id,
                sourceSessionID: item.sourceSessionIndex >= 0 ? records.sessions[Int(item.sourceSessionIndex)].id : nil,
                reviewType: type, scheduledAt: starts.start(ofDay: placed.day), completedAt: nil, status: .pending)
            let explanation = ReviewTaskExplanation(
                predictedRecall: recall, stability: item.state.stability, difficulty: item.state.difficulty,
                estimatedMinutes: placed.minutes, dueAt: starts.start(ofDay: placed.idealDay),
                weakPoint: weakPoint,
                sourceAnalysisID: item.sourceAnalysisIndex >= 0 ? records.analyses[Int(item.sourceAnalysisIndex)].id : nil,
                lessonTitle: records.lessons[lessonIndex].title, reason: reason, deferredFrom: deferred.map { starts.start(ofDay: $0) })
            return PlannedReviewTask(task: task, explanation: explanation)
        }

        let weekEnd: Int
        switch configuration.weekGrouping {
        case .rolling:
            weekEnd = today + max(configuration.horizonDays, 2)
        case .calendarWeek(let firstWeekday):
            let untilNextWeek = (firstWeekday - calendar.weekday(ofDay: today) + 7) % 7
            weekEnd = today + (untilNextWeek == 0 ? 7 : untilNextWeek)
        }
        // The groups are consecutive runs of the order (it is sorted by day).
        func end(before day: Int, from start: Int) -> Int {
            var position = start
            while position < order.count && tasks[order[position]].day < day { position += 1 }
            return position
        }
        let todayEnd = end(before: today + 1, from: 0)
        let tomorrowEnd = end(before: today + 2, from: todayEnd)
        let weekEndPosition = end(before: weekEnd, from: tomorrowEnd)
        func group(_ range: Range<Int>) -> [PlannedReviewTask] {
            ParallelChunks.array(count: range.count, minimumChunk: 4_000) { planned(range.lowerBound + $0) }
        }
        let plan = ReviewPlan(generatedAt: now, timezone: calendar.timeZoneIdentifier,
                              today: group(0 ..< todayEnd), tomorrow: group(todayEnd ..< tomorrowEnd),
                              thisWeek: group(tomorrowEnd ..< weekEndPosition), later: group(weekEndPosition ..< order.count))

        var counts = [Int](repeating: 0, count: configuration.horizonDays)
        var minutes = [Int](repeating: 0, count: configuration.horizonDays)
        for task in tasks where task.day >= today && task.day < horizonEnd {
            counts[task.day - today] += 1
            minutes[task.day - today] += task.minutes
        }
        let days = (0 ..< configuration.horizonDays).map { offset in
            PlannedDay(start: calendar.start(ofDay: today + offset), localDate: calendar.localDate(ofDay: today + offset).description,
                       taskCount: counts[offset], minutes: minutes[offset])
        }
        let notes = overBudgetDays.map { day, minutes in
            PlanNote.overBudget(localDate: calendar.localDate(ofDay: day).description, minutes: minutes, budget: settings.dailyMinutes)
        }
        return PlannerResult(plan: plan, days: days, notes: notes, dailyMinutes: settings.dailyMinutes)
    }

}

/// A sort key of a task: three fields compared in turn, then the task's position (so the
/// order is total and the same on every run).
struct OrderKey: Comparable, Sendable {
    var first: Int64
    var second: UInt64
    var third: UInt64
    var index: Int32

    static func < (lhs: OrderKey, rhs: OrderKey) -> Bool {
        (lhs.first, lhs.second, lhs.third, lhs.index) < (rhs.first, rhs.second, rhs.third, rhs.index)
    }
}

/// The review types as a plain byte, so that placed tasks are plain values.
enum PlannedReviewKind: UInt8, Sendable {
    case spacedRepetition, feynman, recall, weakPoint

    init(_ type: ReviewType) {
        switch type {
        case .spacedRepetition: self = .spacedRepetition
        case .feynman: self = .feynman
        case .weakPoint: self = .weakPoint
        default: self = .recall
        }
    }

    var reviewType: ReviewType {
        switch self {
        case .spacedRepetition: .spacedRepetition
        case .feynman: .feynman
        case .recall: .recall
        case .weakPoint: .weakPoint
        }
    }
}

/// The start of every study day from the first to the last of some days, computed once each
/// (a plan's tasks fall on few distinct days); days outside are computed on demand.
struct DayStarts: Sendable {
    let calendar: StudyCalendar
    let first: Int
    let starts: [Date]

    init<Days: Sequence<Int>>(calendar: StudyCalendar, days: Days) {
        self.calendar = calendar
        var low = Int.max, high = Int.min
        for day in days {
            low = min(low, day)
            high = max(high, day)
        }
        if low <= high, high - low < 200_000 {
            first = low
            starts = (low ... high).map { calendar.start(ofDay: $0) }
        } else {
            first = 0
            starts = []
        }
    }

    func start(ofDay day: Int) -> Date {
        let offset = day - first
        return offset >= 0 && offset < starts.count ? starts[offset] : calendar.start(ofDay: day)
    }
}
