import ZhiXiMemory
import ZhiXiModel

extension PlanPlacement {
    /// Fills each day's budget (``StudySchedule``) day by day from today. Each day takes the
    /// tasks due that day and those still waiting from earlier days, most urgent first (lowest
    /// predicted recall today; a weak point before its lesson's review), as long as they fit;
    /// a task that does not fit waits for the next day, and a smaller, less urgent one may take
    /// the room it left. So no day keeps room that a waiting task could use, and a backlog
    /// spreads over as many days as it needs. A day without study time (a weekday at 0, a day
    /// away) takes nothing. A task longer than the week's largest budget gets a day of its
    /// own, on a day with that budget.
    ///
    /// Moves take only the room the fill leaves, so they change nothing for the tasks it
    /// placed: reviews brought forward on request go into today's room after today's fill; the
    /// fragile reviews of a break go into the room of the days before it, latest day first,
    /// when the fill reaches the break (``MoveRanking``).
    ///
    /// Balanced over ``minimumCapacityDays`` (or the days shown, if more, and at least to the
    /// first study day after the last break) and on while tasks wait, so the load of a day does
    /// not depend on how many days are shown. O(n log n + n·m) for m distinct task lengths.
    mutating func fitToBudget(_ tasks: inout [PlacedTask], items: [PlannerItem]) {
        guard !tasks.isEmpty else { return }
        let schedule = settings.schedule
        let largest = schedule.largestMinutes
        var capacityEnd = today + max(configuration.horizonDays, Self.minimumCapacityDays)
        for (index, range) in schedule.awayDays.enumerated() where range.upperBound >= today {
            capacityEnd = max(capacityEnd, returnDays[index] + 1)
        }
        let byDay = tasks.indices.map { index in
            OrderKey(first: Int64(tasks[index].day), second: 0, third: 0, index: Int32(index))
        }.sorted().map { Int($0.index) }

        // One heap per task length, lengths ascending: the tasks that fit a day's remaining
        // room are the heaps up to that length.
        let lengths = Array(Set(tasks.map(\.minutes))).sorted()
        var heapOfLength = [Int](repeating: 0, count: (lengths.last ?? 0) + 1)
        for (position, length) in lengths.enumerated() { heapOfLength[length] = position }
        var heaps = [UrgencyHeap](repeating: UrgencyHeap(), count: lengths.count)
        var waiting = 0
        var next = 0
        var day = today
        let backlogFirstDay = today
        var backlogCount = 0, backlogMinutes = 0, backlogLastDay = today

        // What the moves need: the minutes placed on each day from today, which tasks are
        // placed, each task's lesson task, the tasks of each break.
        let movesRequested = configuration.advanceCount > 0 || !schedule.awayDays.isEmpty
        var moves = MoveState(used: [Int](repeating: 0, count: movesRequested ? capacityEnd - today + 1 : 0),
                              placed: [Bool](repeating: false, count: movesRequested ? tasks.count : 0),
                              lessonTask: movesRequested ? Self.lessonTasks(tasks, items: items) : [],
                              breakTasks: [[Int]](repeating: [], count: schedule.awayDays.count))
        if movesRequested {
            for index in tasks.indices where tasks[index].breakIndex >= 0 {
                moves.breakTasks[Int(tasks[index].breakIndex)].append(index)
            }
        }
        var nextBreak = schedule.awayDays.firstIndex { $0.upperBound >= today } ?? schedule.awayDays.count
        var advanceDone = configuration.advanceCount == 0

        while true {
            if waiting == 0 {
                guard next < byDay.count else { break }
                day = max(day, tasks[byDay[next]].day)
                if day >= capacityEnd { break }
            }
            if !advanceDone, day > today {
                advanceToToday(&tasks, items: items, moves: &moves)
                advanceDone = true
            }
            while nextBreak < schedule.awayDays.count, schedule.awayDays[nextBreak].lowerBound <= day {
                placeBeforeBreak(nextBreak, tasks: &tasks, items: items, fillDay: day, moves: &moves)
                nextBreak += 1
            }
            while next < byDay.count, tasks[byDay[next]].day <= day {
                let index = byDay[next]
                next += 1
                let task = tasks[index]
                if task.move.isPinned { continue }   // placed by a move, into room already counted
                let isLesson: UInt64 = items[task.itemIndex].isWeakPoint ? 0 : 1
                heaps[heapOfLength[task.minutes]].push(UrgencyHeap.Entry(
                    key: OrderKey(first: 0, second: task.urgency.bitPattern, third: isLesson << 63 | task.identifier.high >> 1,
                                  index: Int32(index)),
                    task: Int32(index)))
                if task.day == backlogFirstDay {
                    backlogCount += 1
                    backlogMinutes += task.minutes
                }
                waiting += 1
            }
            let budget = schedule.minutes(onDay: day)
            var used = 0
            while waiting > 0, budget != 0 {
                var best = -1
                for (position, length) in lengths.enumerated() {
                    // Within the day's budget, or alone on an empty day with the week's largest budget.
                    guard budget.map({ used + length <= $0 || (used == 0 && $0 == largest) }) ?? true else { break }
                    guard let top = heaps[position].top else { continue }
                    if best < 0 || top < heaps[best].top! { best = position }
                }
                guard best >= 0, let entry = heaps[best].pop() else { break }
                waiting -= 1
                let index = Int(entry.task)
                used += tasks[index].minutes
                if let budget, tasks[index].minutes > budget { overBudgetDays.append((day, tasks[index].minutes)) }
                if day > tasks[index].day {
                    tasks[index].deferredFrom = tasks[index].day
                    deferredCount += 1
                }
                if tasks[index].day == backlogFirstDay { backlogLastDay = max(backlogLastDay, day) }
                tasks[index].day = day
                if movesRequested { moves.placed[index] = true }
            }
            if movesRequested { moves.add(used, onDay: day - today) }
            if !advanceDone, day == today {
                advanceToToday(&tasks, items: items, moves: &moves)
                advanceDone = true
            }
            day += 1
        }
        if !advanceDone { advanceToToday(&tasks, items: items, moves: &moves) }
        if backlogLastDay > schedule.firstStudyDay(onOrAfter: today) { backlog = (backlogCount, backlogMinutes, backlogLastDay) }
    }

    /// Moves the tasks left on days without study time (beyond the days the budget fill
    /// covers) to the next study day.
    mutating func leaveDaysWithoutStudy(_ tasks: inout [PlacedTask]) {
        let schedule = settings.schedule
        for index in tasks.indices where !schedule.isStudyDay(tasks[index].day) {
            if tasks[index].deferredFrom == Int.min {
                tasks[index].deferredFrom = tasks[index].day
                deferredCount += 1
            }
            tasks[index].day = schedule.firstStudyDay(onOrAfter: tasks[index].day)
        }
    }

    /// The budget fill's record for the moves.
    struct MoveState {
        /// Minutes placed on each day from today (index 0: today).
        var used: [Int]
        /// Whether each task has its final day.
        var placed: [Bool]
        /// Each task's lesson's task (for a weak point), or -1.
        var lessonTask: [Int32]
        /// The tasks that fell in each break.
        var breakTasks: [[Int]]

        mutating func add(_ minutes: Int, onDay offset: Int) {
            if offset >= used.count { used.append(contentsOf: repeatElement(0, count: offset - used.count + 1)) }
            used[offset] += minutes
        }

        func minutes(onDay offset: Int) -> Int { offset < used.count ? used[offset] : 0 }
    }

    /// For each task of a weak point, the task of its lesson (-1 when the lesson has none);
    /// -1 for lesson tasks. (Tasks are in item order: a lesson, then its weak points.) O(n).
    static func lessonTasks(_ tasks: [PlacedTask], items: [PlannerItem]) -> [Int32] {
        var result = [Int32](repeating: -1, count: tasks.count)
        var current = (lesson: Int32(-1), task: Int32(-1))
        for (index, task) in tasks.enumerated() {
            let item = items[task.itemIndex]
            if !item.isWeakPoint {
                current = (item.lessonIndex, Int32(index))
            } else if current.lesson == item.lessonIndex {
                result[index] = current.task
            }
        }
        return result
    }

    /// The tasks of the weak points of the lesson task at `index`: the tasks right after it.
    static func weakPointTasks(of index: Int, tasks: [PlacedTask], items: [PlannerItem]) -> Range<Int> {
        let lesson = items[tasks[index].itemIndex].lessonIndex
        var end = index + 1
        while end < tasks.count, items[tasks[end].itemIndex].isWeakPoint, items[tasks[end].itemIndex].lessonIndex == lesson {
            end += 1
        }
        return index + 1 ..< end
    }

    /// The room left on `day` (an offset from today), `Int.max` for no limit.
    func room(onDay day: Int, moves: MoveState) -> Int {
        guard let budget = settings.schedule.minutes(onDay: day) else { return Int.max }
        return budget - moves.minutes(onDay: day - today)
    }

    /// Brings forward to today the reviews not yet due that are most at risk (``MoveRanking``),
    /// as many as asked and as today's room allows, after today's own tasks. A lesson is
    /// brought forward only when its weak points are already placed today or earlier.
    mutating func advanceToToday(_ tasks: inout [PlacedTask], items: [PlannerItem], moves: inout MoveState) {
        let requested = configuration.advanceCount
        advanced = (0, requested)
        guard requested > 0 else { return }
        var room = room(onDay: today, moves: moves)
        guard room > 0 else { return }
        let retention = settings.desiredRetention
        let candidates = tasks.indices.filter { index in
            let task = tasks[index], item = items[task.itemIndex]
            return task.move == .none && task.day > today && !moves.placed[index] && max(item.lastDay + 1, item.notBeforeDay) <= today
        }
        let ranked = candidates.map { index in
            let task = tasks[index], item = items[task.itemIndex]
            let key = MoveRanking.earliness(recallNow: recall(of: item, onDay: today), desiredRetention: retention)
            return (key: key, stability: item.state.stability, identifier: task.identifier, index: index)
        }.sorted { ($0.key, -$0.stability, $0.identifier.high, $0.identifier.low) < ($1.key, -$1.stability, $1.identifier.high, $1.identifier.low) }
        var count = 0
        for candidate in ranked where count < requested {
            let index = candidate.index
            guard tasks[index].minutes <= room else { continue }
            if !items[tasks[index].itemIndex].isWeakPoint {
                let drills = Self.weakPointTasks(of: index, tasks: tasks, items: items)
                guard drills.allSatisfy({ moves.placed[$0] && tasks[$0].day <= today }) else { continue }
            }
            tasks[index].movedFrom = tasks[index].day
            tasks[index].day = today
            tasks[index].move = .advanced
            moves.placed[index] = true
            moves.add(tasks[index].minutes, onDay: 0)
            room -= tasks[index].minutes
            count += 1
        }
        advanced = (count, requested)
    }

    /// Decides, for the tasks that fell in break `breakIndex`, which come before it: the
    /// fragile ones (``MoveRanking/fragileRecallFloor(desiredRetention:)`` on the first study
    /// day after the break), most fragile first, each on the latest day before the break with
    /// room for it (not before today or the day after its last review). The others stay after
    /// the break, where the budget fill places them. A lesson's weak points are no later than
    /// the lesson: a lesson whose weak point must wait stays after the break too. Called when
    /// the fill reaches the break (`fillDay`), so the days before it are final.
    mutating func placeBeforeBreak(_ breakIndex: Int, tasks: inout [PlacedTask], items: [PlannerItem], fillDay: Int,
                                   moves: inout MoveState) {
        let members = moves.breakTasks[breakIndex]
        guard !members.isEmpty else { return }
        let range = settings.schedule.awayDays[breakIndex]
        let returnDay = returnDays[breakIndex]
        let floor = MoveRanking.fragileRecallFloor(desiredRetention: settings.desiredRetention)
        var isMember = Set(members)
        for index in members { tasks[index].recallAfterBreak = recall(of: items[tasks[index].itemIndex], onDay: returnDay) }
        // A weak point is at least as fragile as its lesson, so it comes first.
        func key(_ index: Int) -> Double {
            let lesson = Int(moves.lessonTask[index])
            let own = tasks[index].recallAfterBreak
            return lesson >= 0 && isMember.contains(lesson) ? min(own, tasks[lesson].recallAfterBreak) : own
        }
        let ordered = members.map { index in
            (key: key(index), isLesson: items[tasks[index].itemIndex].isWeakPoint ? 0 : 1, high: tasks[index].identifier.high,
             index: index)
        }.sorted { ($0.key, $0.isLesson, $0.high, $0.index) < ($1.key, $1.isLesson, $1.high, $1.index) }
        var lessonsHeldBack = Set<Int>()
        for entry in ordered {
            let index = entry.index
            tasks[index].fragile = entry.key < floor
            guard tasks[index].fragile else { continue }
            let item = items[tasks[index].itemIndex]
            var lower = max(today, item.lastDay + 1, item.notBeforeDay)
            var upper = range.lowerBound - 1
            let lesson = Int(moves.lessonTask[index])
            if item.isWeakPoint {
                if lesson >= 0, !isMember.contains(lesson), moves.placed[lesson], tasks[lesson].day < range.lowerBound {
                    upper = min(upper, tasks[lesson].day)
                }
            } else {
                if lessonsHeldBack.contains(index) { continue }
                var heldBack = false
                for drill in Self.weakPointTasks(of: index, tasks: tasks, items: items) {
                    if moves.placed[drill] {
                        if tasks[drill].day < range.lowerBound { lower = max(lower, tasks[drill].day) }
                    } else if tasks[drill].day < fillDay || isMember.contains(drill) {
                        heldBack = true   // waiting, or staying after the break: after this lesson's review
                    }
                }
                if heldBack { continue }
            }
            var chosen: Int?
            if lower <= upper {
                for candidate in stride(from: upper, through: lower, by: -1)
                where settings.schedule.isStudyDay(candidate) && tasks[index].minutes <= room(onDay: candidate, moves: moves) {
                    chosen = candidate
                    break
                }
            }
            guard let chosen else {
                if item.isWeakPoint, lesson >= 0 { lessonsHeldBack.insert(lesson) }
                continue
            }
            tasks[index].day = chosen
            tasks[index].move = .beforeBreak
            moves.placed[index] = true
            moves.add(tasks[index].minutes, onDay: chosen - today)
            isMember.remove(index)
        }
    }
}
