import Foundation
import ZhiXiCore
import ZhiXiModel
import ZhiXiScheduler

extension PlanPlacement {
    /// The days of "this week" after tomorrow: `today + 2 ..< end` (see ``WeekGrouping``).
    func thisWeekEnd() -> Int {
        configuration.weekGrouping.endOfThisWeek(today: today, calendar: settings.calendar)
    }

    /// Writes the plan: tasks with explanations, grouped and ordered, the days' workload and
    /// the placement's notes. The texts are written on all cores.
    func output(_ tasks: [PlacedTask], items: [PlannerItem], userID: String, records: PlannerRecords) -> PlannerResult {
        let calendar = settings.calendar
        let today = today
        let writer = PlanReasonWriter(wording: PlanWording.forLanguage(settings.language).inYear(calendar.localDate(ofDay: today).year))
        // Order: by day, most urgent (lowest predicted recall) first, then by id. (Recalls are
        // non-negative, so their bit patterns order as the numbers do.)
        let recalls = tasks.map { recall(of: items[$0.itemIndex], onDay: $0.day) }
        let order = tasks.indices.map { index in
            OrderKey(first: Int64(tasks[index].day), second: recalls[index].bitPattern,
                     third: tasks[index].identifier.high, index: Int32(index))
        }.sorted().map { Int($0.index) }
        let starts = DayStarts(calendar: calendar, days: tasks.lazy.flatMap { [$0.day, $0.idealDay] })
        let schedule = settings.schedule
        let returnDays = returnDays

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

        // What the reason says of a day the breaks, the minutes per weekday or a request changed.
        @Sendable func shifts(of placed: PlacedTask) -> PlanReasonWriter.Shifts {
            var shifts = PlanReasonWriter.Shifts()
            if let day = unexplainedShift(of: placed, by: .breaks) {
                let range = schedule.awayDays[breakIndex(forDayWithoutBreaks: day)]
                shifts.withoutBreak = (calendar.localDate(ofDay: day), calendar.localDate(ofDay: range.lowerBound),
                                       calendar.localDate(ofDay: range.upperBound))
            }
            shifts.withoutWeekdayMinutes = unexplainedShift(of: placed, by: .weekdayMinutes).map { calendar.localDate(ofDay: $0) }
            shifts.withoutRequests = unexplainedShift(of: placed, by: .requests).map { calendar.localDate(ofDay: $0) }
            return shifts
        }

        @Sendable func planned(_ position: Int) -> PlannedReviewTask {
            let placed = tasks[order[position]]
            let item = items[placed.itemIndex]
            let lessonIndex = Int(item.lessonIndex)
            let recall = recalls[order[position]]
            let deferred = placed.deferredFrom == Int.min ? nil : placed.deferredFrom
            let movedFrom = placed.movedFrom == Int.min ? nil : placed.movedFrom
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
                deferredFrom: deferred.map { calendar.localDate(ofDay: $0) },
                deferredFromDayWithoutStudy: deferred.map { !schedule.isStudyDay($0) } ?? false,
                move: placed.move, movedFrom: movedFrom.map { calendar.localDate(ofDay: $0) },
                returnDay: placed.breakIndex >= 0 ? calendar.localDate(ofDay: returnDays[Int(placed.breakIndex)]) : nil,
                recallAfterBreakPercent: Int((placed.recallAfterBreak * 100).rounded()), fragile: placed.fragile,
                targetPercent: Int((settings.desiredRetention * 100).rounded()),
                shifts: shifts(of: placed)))
            let task = ReviewTask(
                id: placed.identifier.text, userID: userID, lessonID: records.lessons[lessonIndex].id,
                sourceSessionID: item.sourceSessionIndex >= 0 ? records.sessions[Int(item.sourceSessionIndex)].id : nil,
                reviewType: type, scheduledAt: starts.start(ofDay: placed.day), completedAt: nil, status: .pending)
            let explanation = ReviewTaskExplanation(
                predictedRecall: recall, stability: item.state.stability, difficulty: item.state.difficulty,
                estimatedMinutes: placed.minutes, dueAt: starts.start(ofDay: placed.idealDay),
                weakPoint: weakPoint,
                sourceAnalysisID: item.sourceAnalysisIndex >= 0 ? records.analyses[Int(item.sourceAnalysisIndex)].id : nil,
                lessonTitle: records.lessons[lessonIndex].title, reason: reason, deferredFrom: deferred.map { starts.start(ofDay: $0) },
                movedFrom: movedFrom.map { starts.start(ofDay: $0) }, move: placed.move.reviewTaskMove)
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
                       taskCount: counts[offset], minutes: minutes[offset],
                       budgetMinutes: schedule.minutes(onDay: today + offset))
        }
        let budget = settings.dailyMinutes
        var notes = overBudgetDays.map { day, minutes in
            PlanNote.overBudget(date: calendar.localDate(ofDay: day), minutes: minutes, budget: schedule.minutes(onDay: day) ?? budget)
        }
        if let backlog {
            let days = backlog.lastDay - today + 1, lastDate = calendar.localDate(ofDay: backlog.lastDay)
            notes.append(schedule.isUniform
                ? .backlog(count: backlog.count, minutes: backlog.minutes, days: days, lastDate: lastDate, budget: budget)
                : .backlogWithinWeek(count: backlog.count, minutes: backlog.minutes, days: days, lastDate: lastDate))
        }
        if deferredCount > 0 {
            notes.append(schedule.isUniform ? .deferred(count: deferredCount, budget: budget) : .deferredWithinWeek(count: deferredCount))
        }
        notes += moveNotes(tasks, recalls: recalls)
        return PlannerResult(plan: plan, days: days, notes: notes, dailyMinutes: budget, schedule: schedule, calendar: calendar,
                             language: settings.language)
    }

    /// The notes on the moves: one per break that moved tasks (how many of those due during it
    /// came before it and how many after, the lowest recall after it, and how many other tasks
    /// it moved earlier or later), and one per request.
    func moveNotes(_ tasks: [PlacedTask], recalls: [Double]) -> [PlanNote] {
        let calendar = settings.calendar
        var notes: [PlanNote] = []
        let awayDays = settings.schedule.awayDays
        var before = [Int](repeating: 0, count: awayDays.count), after = before
        // The other tasks whose day the break changed, now earlier and later than without it.
        var earlier = before, later = before
        var worst = [(recall: Double, day: Int)?](repeating: nil, count: awayDays.count)
        var worstPostponed: Double?
        for (index, task) in tasks.enumerated() {
            switch task.move {
            case .beforeBreak:
                before[Int(task.breakIndex)] += 1
            case .afterBreak:
                let breakIndex = Int(task.breakIndex)
                after[breakIndex] += 1
                if worst[breakIndex].map({ recalls[index] < $0.recall }) ?? true { worst[breakIndex] = (recalls[index], task.day) }
            case .postponed:
                worstPostponed = min(worstPostponed ?? 1, recalls[index])
            default:
                break
            }
            if let day = unexplainedShift(of: task, by: .breaks) {
                let breakIndex = breakIndex(forDayWithoutBreaks: day)
                if task.day < day { earlier[breakIndex] += 1 } else { later[breakIndex] += 1 }
            }
        }
        for (breakIndex, range) in awayDays.enumerated()
        where before[breakIndex] + after[breakIndex] + earlier[breakIndex] + later[breakIndex] > 0 {
            notes.append(.breakMoves(from: calendar.localDate(ofDay: range.lowerBound), to: calendar.localDate(ofDay: range.upperBound),
                                     before: before[breakIndex], after: after[breakIndex],
                                     worstRecall: worst[breakIndex].map { Int(($0.recall * 100).rounded()) },
                                     worstDate: worst[breakIndex].map { calendar.localDate(ofDay: $0.day) },
                                     otherEarlier: earlier[breakIndex], otherLater: later[breakIndex]))
        }
        if postponed.requested > 0 {
            notes.append(.postponedOnRequest(count: postponed.done, requested: postponed.requested,
                                             worstRecall: worstPostponed.map { Int(($0 * 100).rounded()) }))
        }
        if advanced.requested > 0 { notes.append(.advancedOnRequest(count: advanced.done, requested: advanced.requested)) }
        return notes
    }
}
