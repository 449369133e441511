import Foundation
import ZhiXiCore
import ZhiXiModel
import ZhiXiScheduler

extension PlanPlacement {
    /// The days of "this week" after tomorrow: `today + 2 ..< end` (see ``WeekGrouping``).
    func thisWeekEnd() -> Int {
        switch configuration.weekGrouping {
        case .rolling:
            return today + 7
        case .calendarWeek(let firstWeekday):
            let untilNextWeek = (firstWeekday - settings.calendar.weekday(ofDay: today) + 7) % 7
            return max(today + 2, today + (untilNextWeek == 0 ? 7 : untilNextWeek))
        }
    }

    /// Writes the plan: tasks with explanations, grouped and ordered, the days' workload and
    /// the placement's notes. The texts are written on all cores.
    func output(_ tasks: [PlacedTask], items: [PlannerItem], userID: String, records: PlannerRecords) -> PlannerResult {
        let calendar = settings.calendar
        let writer = PlanReasonWriter(wording: .forLanguage(configuration.language))
        let today = today
        // Order: by day, most urgent (lowest predicted recall) first, then by id. (Recalls are
        // non-negative, so their bit patterns order as the numbers do.)
        let recalls = tasks.map { recall(of: items[$0.itemIndex], onDay: $0.day) }
        let order = tasks.indices.map { index in
            OrderKey(first: Int64(tasks[index].day), second: recalls[index].bitPattern,
                     third: tasks[index].identifier.high, index: Int32(index))
        }.sorted().map { Int($0.index) }
        let starts = DayStarts(calendar: calendar, days: tasks.lazy.flatMap { [$0.day, $0.idealDay] })

        @Sendable func namedDay(_ item: PlannerItem) -> Int {
            if item.sourceAnalysisIndex >= 0, item.sourceSessionIndex < 0 {
                return calendar.dayNumber(of: records.analyses[Int(item.sourceAnalysisIndex)].createdAt)
            }
            if item.sourceSessionIndex >= 0 {
                let session = records.sessions[Int(item.sourceSessionIndex)]
                return calendar.dayNumber(of: session.endedAt ?? session.startedAt)
            }
            return item.lastDay
        }

        @Sendable func planned(_ position: Int) -> PlannedReviewTask {
            let placed = tasks[order[position]]
            let item = items[placed.itemIndex]
            let lessonIndex = Int(item.lessonIndex)
            let recall = recalls[order[position]]
            let deferred = placed.deferredFrom == Int.min ? nil : placed.deferredFrom
            let weakPoint = item.isWeakPoint ? records.weakPointText(item.weakPointSource) : nil
            let type = placed.kind.reviewType
            let reason = writer.reason(PlanReasonWriter.Facts(
                type: type, weakPoint: weakPoint,
                namedOn: calendar.localDate(ofDay: item.isWeakPoint ? namedDay(item) : item.lastDay),
                latestScore: item.latestScore < 0 ? nil : Int(item.latestScore),
                lastReview: calendar.localDate(ofDay: item.lastDay), lastAttemptFailed: !item.isWeakPoint && item.lastRating == .again,
                stabilityDays: item.state.stability, recallPercent: Int((recall * 100).rounded()),
                scheduledDay: calendar.localDate(ofDay: placed.day), overdueDays: max(0, today - placed.idealDay),
                suggestedBy: placed.suggestedDay == Int.min ? nil : calendar.localDate(ofDay: placed.suggestedDay),
                deferredFrom: deferred.map { calendar.localDate(ofDay: $0) }))
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

        // The groups are consecutive runs of the order (it is sorted by day).
        func end(before day: Int, from start: Int) -> Int {
            var position = start
            while position < order.count && tasks[order[position]].day < day { position += 1 }
            return position
        }
        let todayEnd = end(before: today + 1, from: 0)
        let tomorrowEnd = end(before: today + 2, from: todayEnd)
        let weekEndPosition = end(before: thisWeekEnd(), from: tomorrowEnd)
        func group(_ range: Range<Int>) -> [PlannedReviewTask] {
            ParallelChunks.array(count: range.count, minimumChunk: 4_000) { planned(range.lowerBound + $0) }
        }
        let plan = ReviewPlan(generatedAt: now, timezone: calendar.timeZoneIdentifier,
                              today: group(0 ..< todayEnd), tomorrow: group(todayEnd ..< tomorrowEnd),
                              thisWeek: group(tomorrowEnd ..< weekEndPosition), later: group(weekEndPosition ..< order.count))

        let shown = configuration.horizonDays
        var counts = [Int](repeating: 0, count: shown)
        var minutes = [Int](repeating: 0, count: shown)
        for task in tasks where task.day >= today && task.day < today + shown {
            counts[task.day - today] += 1
            minutes[task.day - today] += task.minutes
        }
        let days = (0 ..< shown).map { offset in
            PlannedDay(start: calendar.start(ofDay: today + offset), date: calendar.localDate(ofDay: today + offset),
                       taskCount: counts[offset], minutes: minutes[offset])
        }
        let budget = settings.dailyMinutes
        var notes = overBudgetDays.map { day, minutes in
            PlanNote.overBudget(date: calendar.localDate(ofDay: day), minutes: minutes, budget: budget)
        }
        if let backlog {
            notes.append(.backlog(count: backlog.count, minutes: backlog.minutes, days: backlog.lastDay - today + 1,
                                  lastDate: calendar.localDate(ofDay: backlog.lastDay), budget: budget))
        }
        if deferredCount > 0 { notes.append(.deferred(count: deferredCount, budget: budget)) }
        return PlannerResult(plan: plan, days: days, notes: notes, dailyMinutes: budget, calendar: calendar)
    }
}
