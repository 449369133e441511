import Foundation
import ZhiXiMemory
import ZhiXiModel

extension PlanPlacement {
    /// Before the budget fill: sends the tasks that fell in a break to the first study day
    /// after it (the fill brings the fragile ones forward when it reaches the break), and
    /// postpones the due tasks asked for (``PlannerConfiguration/postponeCount``), those whose
    /// postponement costs least (``MoveRanking``). O(n log n).
    mutating func prepareMoves(_ tasks: inout [PlacedTask], items: [PlannerItem]) {
        let schedule = settings.schedule
        if !schedule.awayDays.isEmpty {
            for index in tasks.indices {
                let day = tasks[index].day
                guard let breakIndex = schedule.awayDays.firstIndex(where: { $0.contains(day) }) else { continue }
                tasks[index].breakIndex = Int32(breakIndex)
                tasks[index].move = .afterBreak
                tasks[index].movedFrom = day
                tasks[index].day = returnDays[breakIndex]
            }
        }
        if configuration.postponeCount > 0 { postponeDueTasks(&tasks, items: items) }
    }

    /// Postpones the due tasks whose postponement costs least: ranked by
    /// ``MoveRanking/postponementCost(recallAfter:desiredRetention:)`` at the elapsed days
    /// after a postponement of ``MoveRanking/postponementFraction`` of the interval (then the
    /// stronger memory first), each moved to the first study day at least that far on. A
    /// lesson back after a failure is not postponed; a weak point is postponed only while its
    /// lesson is not due today and its new day is no later than the lesson's.
    mutating func postponeDueTasks(_ tasks: inout [PlacedTask], items: [PlannerItem]) {
        let requested = configuration.postponeCount
        let retention = settings.desiredRetention
        let schedule = settings.schedule
        let lessonTask = Self.lessonTasks(tasks, items: items)
        var ranked: [(cost: Double, stability: Double, high: UInt64, low: UInt64, index: Int, newDay: Int)] = []
        for index in tasks.indices where tasks[index].day == today && tasks[index].move == .none {
            let item = items[tasks[index].itemIndex]
            guard item.isWeakPoint || item.lastRating != .again else { continue }   // a lesson back after a failure stays
            let interval = max(1, tasks[index].idealDay - item.lastDay)
            let delay = max(1, Int((MoveRanking.postponementFraction * Double(interval)).rounded(.up)))
            let newDay = schedule.firstStudyDay(onOrAfter: today + delay)
            if item.isWeakPoint, lessonTask[index] >= 0 {
                let lessonDay = tasks[Int(lessonTask[index])].day
                guard lessonDay > today, newDay <= lessonDay else { continue }
            }
            let elapsedAfter = Double(today - item.lastDay) + MoveRanking.postponementFraction * Double(interval)
            let recallAfter = settings.model.retrievability(elapsedDays: elapsedAfter, stability: item.state.stability)
            ranked.append((MoveRanking.postponementCost(recallAfter: recallAfter, desiredRetention: retention), item.state.stability,
                           tasks[index].identifier.high, tasks[index].identifier.low, index, newDay))
        }
        ranked.sort { ($0.cost, -$0.stability, $0.high, $0.low) < ($1.cost, -$1.stability, $1.high, $1.low) }
        for entry in ranked.prefix(requested) {
            tasks[entry.index].move = .postponed
            tasks[entry.index].movedFrom = today
            tasks[entry.index].day = entry.newDay
        }
        postponed = (min(requested, ranked.count), requested)
    }
}
