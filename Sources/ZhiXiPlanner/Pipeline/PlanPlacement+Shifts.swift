import Foundation
import ZhiXiModel

extension PlanPlacement {
    /// For every ``PlanShiftCause`` in force, places the same items again without it and
    /// records each task's day there (``PlacedTask/daysWithout``), so that the reasons and
    /// notes can say which tasks a break, the minutes per weekday or a request moved — those
    /// it moved itself and those whose days changed because the moved ones changed how the
    /// days around them are filled. Nothing is placed again when no cause is in force.
    /// O(causes · n log n).
    func recordShifts(_ tasks: inout [PlacedTask], items: [PlannerItem], records: PlannerRecords, replay: LessonReplay,
                      lessonHashes: [UInt64], profile: UserLearningProfile) {
        for cause in PlanShiftCause.allCases where cause.isActive(settings: settings, configuration: configuration, today: today) {
            let alternative = cause.removed(from: configuration)
            guard let alternativeSettings = try? PlannerSettings(configuration: alternative, profile: profile) else { continue }
            var placement = PlanPlacement(settings: alternativeSettings, configuration: alternative, now: now)
            let placed = placement.schedule(items, records: records, replay: replay, lessonHashes: lessonHashes)
            // The same items give the same tasks, in the same order.
            guard placed.count == tasks.count else { continue }
            for index in tasks.indices where placed[index].itemIndex == tasks[index].itemIndex {
                tasks[index].daysWithout[cause] = placed[index].day
            }
        }
    }

    /// The day a task would have without `cause`, when that differs from its day and its
    /// reason does not already say why it left that day: a review moved for a break says so
    /// already (``PlanMove``), a review postponed or advanced on request too, and one moved off
    /// a day without study time names that day. `nil` otherwise.
    func unexplainedShift(of task: PlacedTask, by cause: PlanShiftCause) -> Int? {
        let other = task.daysWithout[cause]
        guard other != Int.min, other != task.day else { return nil }
        switch cause {
        case .breaks:
            if task.move == .beforeBreak || task.move == .afterBreak { return nil }
        case .weekdayMinutes:
            if task.deferredFrom == other, !settings.schedule.isStudyDay(other) { return nil }
        case .requests:
            if task.move == .postponed || task.move == .advanced { return nil }
        }
        return other
    }

    /// The break (an index of the schedule's `awayDays`) that a task's change of day without
    /// breaks is put down to: the one that day falls in, else the nearest one.
    func breakIndex(forDayWithoutBreaks day: Int) -> Int {
        let awayDays = settings.schedule.awayDays
        var best = 0, bestDistance = Int.max
        for (index, range) in awayDays.enumerated() {
            let distance = range.contains(day) ? 0 : min(abs(day - range.lowerBound), abs(day - range.upperBound))
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
        }
        return best
    }
}
