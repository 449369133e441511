import Foundation
import Testing
import ZhiXiCore
import ZhiXiMemory
import ZhiXiModel
@testable import ZhiXiPlanner
import ZhiXiScheduler

private typealias F = PlannerFixture
private typealias B = BacklogFixture

/// What the tests need to read a plan on its study days.
private enum WeekFixture {
    static let calendar = B.calendar
    static let dayAfterLastSession = F.date("2026-11-29T09:00:00+08:00")
    /// Sundays without study, Saturdays short.
    static let freeSundays = WeekdayMinutes(saturday: 15, sunday: 0)

    static func day(_ date: Date) -> Int { calendar.dayNumber(of: date) }
    static func day(_ task: PlannedReviewTask) -> Int { day(task.task.scheduledAt) }

    static func plan(now: Date, days: Int = 7, budget: Int? = nil, input: PlannerInput = PlannerInput(workspace: B.workspace),
                     _ adjust: (inout PlannerConfiguration) -> Void = { _ in }) throws -> PlannerResult {
        var configuration = PlannerConfiguration()
        configuration.language = .english   // the tests read the reasons; the default is Simplified Chinese
        configuration.horizonDays = days
        configuration.dailyMinutes = budget
        adjust(&configuration)
        return try ReviewPlanner(configuration: configuration).plan(input, now: now)
    }

    /// The days since the last review on study day `target`, recovered from a task's predicted
    /// recall on its scheduled day and its stability.
    static func elapsed(_ task: PlannedReviewTask, onDay target: Int) -> Double {
        let model = MemoryModel()
        let stability = task.explanation.stability
        let elapsedThen = stability / model.factor * (pow(task.explanation.predictedRecall, 1 / model.decay) - 1)
        return elapsedThen + Double(target - day(task))
    }

    /// A task's predicted recall on study day `target`.
    static func recall(_ task: PlannedReviewTask, onDay target: Int) -> Double {
        MemoryModel().retrievability(elapsedDays: max(0, elapsed(task, onDay: target)), stability: task.explanation.stability)
    }

    static func date(_ text: String) -> Int { CivilDate(iso8601Date: text)!.daysSince1970 }

    static func away(_ from: String, _ to: String) -> StudyBreak {
        StudyBreak(from: CivilDate(iso8601Date: from)!, to: CivilDate(iso8601Date: to)!)
    }

    /// Every earlier guarantee of the budget fill, with each day's own budget: no day over its
    /// budget; a task waiting on a day (due, not yet placed) did not fit the room that day had
    /// left; and what a day took is at least as urgent as what waited, unless it is a smaller
    /// task that filled room the waiting one could not use.
    static func checkBudgetFill(_ result: PlannerResult, today: Int, budget: (Int) -> Int?) {
        let tasks = result.plan.allTasks
        var minutesByDay: [Int: Int] = [:]
        for task in tasks { minutesByDay[day(task), default: 0] += task.explanation.estimatedMinutes }
        let lessonUrgency = Dictionary(tasks.filter { $0.task.reviewType != .weakPoint }.map { ($0.task.lessonID, recall($0, onDay: today)) },
                                       uniquingKeysWith: min)
        func urgency(_ task: PlannedReviewTask) -> Double {
            let own = recall(task, onDay: today)
            return task.task.reviewType == .weakPoint ? min(own, lessonUrgency[task.task.lessonID] ?? 1) : own
        }
        let waited = tasks.filter { $0.explanation.deferredFrom != nil }
        let lastDay = max(today + 27, waited.map { day($0) }.max() ?? today)
        for current in today ... lastDay {
            let used = minutesByDay[current] ?? 0
            guard let limit = budget(current) else { continue }
            if limit == 0 { #expect(used == 0, "day \(current - today) has no study time but carries \(used) min") }
            let largest = (0 ..< 7).compactMap { budget(today + $0) }.max() ?? 0
            let alone = tasks.filter { day($0) == current }.count == 1 && limit == largest
            #expect(used <= limit || alone, "day \(current - today) carries \(used) min of its \(limit)")
            for task in waited where day(task.explanation.deferredFrom!) <= current && day(task) > current {
                #expect(task.explanation.estimatedMinutes > limit - used,
                        "a \(task.explanation.estimatedMinutes)-min task waits while day \(current - today) has \(limit - used) min free")
                for taken in tasks where day(taken) == current && taken.explanation.move == nil && urgency(taken) > urgency(task) + 1e-9 {
                    #expect(taken.explanation.estimatedMinutes < task.explanation.estimatedMinutes)
                }
            }
        }
    }

    /// A lesson's weak points are no later than the lesson's review when both were moved the
    /// same way.
    static func checkWeakPointsFirst(_ result: PlannerResult) {
        let tasks = result.plan.allTasks
        for lesson in tasks where lesson.task.reviewType != .weakPoint && lesson.explanation.move != nil {
            for drill in tasks where drill.task.reviewType == .weakPoint && drill.task.lessonID == lesson.task.lessonID
                && drill.explanation.move == lesson.explanation.move {
                #expect(drill.task.scheduledAt <= lesson.task.scheduledAt, "\(drill.explanation.weakPoint ?? "")")
            }
        }
    }
}

private typealias W = WeekFixture

@Suite("Review planner: minutes per weekday")
struct PlannerWeekdayTests {
    @Test("Sundays at 0 and Saturdays at 15: 28 days of plan without a Sunday task and no day over its budget",
          arguments: [W.dayAfterLastSession, B.now])
    func freeSundays(now: Date) throws {
        let result = try W.plan(now: now, days: 28) { $0.weekdayMinutes = W.freeSundays }
        #expect(result.days.count == 28)
        var sundays = 0
        for day in result.days {
            let expected = day.date.weekday == 1 ? 0 : day.date.weekday == 7 ? 15 : 45
            #expect(day.budgetMinutes == expected)
            #expect(day.minutes <= expected, "\(day.date) carries \(day.minutes) min of its \(expected)")
            if day.date.weekday == 1 {
                sundays += 1
                #expect(day.taskCount == 0, "\(day.date) is a Sunday")
            }
        }
        #expect(sundays == 4)
        // Not only in the days shown: no task of the plan falls on a Sunday.
        for task in result.plan.allTasks { #expect(W.calendar.weekday(ofDay: W.day(task)) != 1) }
        #expect(result.plan.allTasks.count == (try W.plan(now: now, days: 28)).plan.allTasks.count, "nothing is dropped")
    }

    @Test("after sixty days away, every guarantee of the budget fill holds with each weekday's own budget",
          arguments: [WeekdayMinutes(saturday: 15, sunday: 0), WeekdayMinutes(monday: 20, wednesday: 60, friday: 0, sunday: 0)])
    func budgetFillGuarantees(week: WeekdayMinutes) throws {
        let result = try W.plan(now: B.now, budget: 45) { $0.weekdayMinutes = week }
        #expect(result.plan.allTasks.contains { $0.explanation.deferredFrom != nil }, "the backlog has to wait")
        W.checkBudgetFill(result, today: B.today) { week[weekday: W.calendar.weekday(ofDay: $0)] ?? 45 }
        let tasks = result.plan.allTasks
        for lesson in tasks where lesson.task.reviewType != .weakPoint {
            for drill in tasks where drill.task.reviewType == .weakPoint && drill.task.lessonID == lesson.task.lessonID {
                #expect(drill.task.scheduledAt <= lesson.task.scheduledAt, "\(drill.explanation.weakPoint ?? "")")
            }
        }
        #expect(result.notes.contains { if case .backlogWithinWeek = $0 { true } else { false } })
        #expect(result.notes.contains { $0.text(language: .english).contains("with your minutes per weekday") })
    }

    @Test("the days' loads are the same whatever the number of days shown, with weekday minutes", arguments: [1, 7, 30])
    func independentOfDaysShown(days: Int) throws {
        let reference = try W.plan(now: B.now, days: 30) { $0.weekdayMinutes = W.freeSundays }
        let result = try W.plan(now: B.now, days: days) { $0.weekdayMinutes = W.freeSundays }
        #expect(result.days.map(\.minutes) == Array(reference.days.prefix(days).map(\.minutes)))
        #expect(result.plan.allTasks.map(\.task.id).sorted() == reference.plan.allTasks.map(\.task.id).sorted())
    }

    @Test("within its fuzz range a task is drawn towards the lighter days: free Sundays move tasks, they do not add delay")
    func drawnWithinFuzz() throws {
        let plain = try W.plan(now: W.dayAfterLastSession, days: 28, budget: 600)
        let week = try W.plan(now: W.dayAfterLastSession, days: 28, budget: 600) { $0.weekdayMinutes = WeekdayMinutes(sunday: 0) }
        let plainDays = Dictionary(uniqueKeysWithValues: plain.plan.allTasks.map { ($0.task.id, W.day($0)) })
        for task in week.plan.allTasks where task.explanation.deferredFrom == nil {
            // A task whose day was chosen in its window is never more than the window's reach
            // from the memory model's day: the fuzz range of its interval.
            let due = W.day(task.explanation.dueAt)
            let interval = W.elapsed(task, onDay: due)
            let reach = Int(FuzzRange.deltaDays(intervalDays: interval).rounded(.up)) + 1
            #expect(abs(W.day(task) - due) <= reach || due < W.day(W.dayAfterLastSession))
            #expect(plainDays[task.task.id] != nil)
        }
        #expect(!week.plan.allTasks.contains { W.calendar.weekday(ofDay: W.day($0)) == 1 })
    }

    @Test("the same minutes every day are no week at all: the plan is the daily budget's, task for task")
    func uniformWeek() throws {
        let plain = try W.plan(now: B.now)
        let same = try W.plan(now: B.now) {
            $0.weekdayMinutes = WeekdayMinutes(monday: 45, tuesday: 45, wednesday: 45, thursday: 45, friday: 45, saturday: 45, sunday: 45)
        }
        #expect(plain.plan == same.plan)
        #expect(plain.notes == same.notes)
    }

    @Test("weekday minutes outside 0–1440, a week without a study day and a break that ends before it starts are refused")
    func refused() {
        #expect(throws: PlannerError.weekdayMinutesOutOfRange(weekday: "sat", minutes: 1441)) {
            try W.plan(now: B.now) { $0.weekdayMinutes = WeekdayMinutes(saturday: 1441) }
        }
        #expect(throws: PlannerError.noStudyDay) {
            try W.plan(now: B.now) {
                $0.weekdayMinutes = WeekdayMinutes(monday: 0, tuesday: 0, wednesday: 0, thursday: 0, friday: 0, saturday: 0, sunday: 0)
            }
        }
        #expect(throws: PlannerError.breakEndsBeforeStart(index: 0, from: "2027-02-03", to: "2027-02-01")) {
            try W.plan(now: B.now) { $0.breaks = [W.away("2027-02-03", "2027-02-01")] }
        }
        #expect(PlannerError.noStudyDay.path == "profile.weekdayMinutes")
    }

    @Test("the profile's weekday minutes and breaks are used unless the configuration overrides them")
    func fromProfile() throws {
        var workspace = B.workspace
        workspace.profile.weekdayMinutes = W.freeSundays
        let fromProfile = try W.plan(now: B.now, input: PlannerInput(workspace: workspace))
        let fromConfiguration = try W.plan(now: B.now) { $0.weekdayMinutes = W.freeSundays }
        #expect(fromProfile.plan == fromConfiguration.plan)
        let overridden = try W.plan(now: B.now, input: PlannerInput(workspace: workspace)) { $0.weekdayMinutes = WeekdayMinutes() }
        #expect(overridden.plan == (try W.plan(now: B.now)).plan)
    }
}

@Suite("Review planner: days away")
struct PlannerBreakTests {
    static let now = F.date("2026-11-20T09:00:00+08:00")
    static let fourDays = W.away("2026-11-21", "2026-11-24")

    @Test("a four-day break on the sample learner: nothing inside it, the fragile before it, the robust after it")
    func sampleBreak() throws {
        let result = try W.plan(now: Self.now, days: 14) { $0.breaks = [Self.fourDays] }
        let (from, to) = (W.date("2026-11-21"), W.date("2026-11-24"))
        let returnDay = to + 1
        let floor = MoveRanking.fragileRecallFloor(desiredRetention: 0.9)
        for task in result.plan.allTasks { #expect(!(from ... to).contains(W.day(task)), "\(task.explanation.lessonTitle ?? "")") }
        let moved = result.plan.allTasks.filter { $0.explanation.move != nil }
        #expect(moved.contains { $0.explanation.move == .beforeBreak })
        #expect(moved.contains { $0.explanation.move == .afterBreak })
        for task in moved {
            let movedFrom = try #require(task.explanation.movedFrom)
            #expect((from ... to).contains(W.day(movedFrom)))
            // The rule, on predicted recall on the first study day after the break.
            let recallThen = W.recall(task, onDay: returnDay)
            if task.explanation.move == .beforeBreak {
                #expect(recallThen < floor)
                #expect(W.day(task) < from)
                #expect(task.explanation.reason.contains("too far below the 90% aimed at"))
            } else {
                #expect(task.explanation.move == .afterBreak)
                #expect(W.day(task) > to)
                #expect(task.explanation.reason.contains(recallThen < floor ? "could not be fitted in before your break" : "so it can wait"))
            }
        }
        W.checkWeakPointsFirst(result)
        let before = moved.filter { $0.explanation.move == .beforeBreak }.count
        let after = moved.count - before
        let note = try #require(result.notes.first { if case .breakMoves = $0 { true } else { false } })
        #expect(note.text(language: .english).hasPrefix("Away Nov 21–Nov 24: \(before) tasks before your break, \(after) after; at worst"))
        #expect(note.text(language: .simplifiedChinese).hasPrefix("休息 11月21日至11月24日：\(before) 项提前到休息前，\(after) 项推迟到休息后"))
    }

    /// A hundred and twenty lessons studied on different days with different scores, planned without fuzz:
    /// the four days on which most of them fall due make the break.
    static func course() -> PlannerInput {
        let lessons = (0 ..< 120).map { F.lesson("L\($0)", minutes: 10 + $0 % 3 * 5) }
        var sessions: [LearningSession] = []
        for index in 0 ..< 120 {
            let first = 1 + index % 17
            sessions.append(F.session("s\(index)a", lesson: "L\(index)", at: String(format: "2026-10-%02dT10:00:00Z", first + 12),
                                      score: [55, 75, 92, 68, 85][index % 5]))
            if index % 3 != 0 {
                sessions.append(F.session("s\(index)b", lesson: "L\(index)", at: String(format: "2026-11-%02dT10:00:00Z", 3 + index % 13),
                                          score: [80, 95, 62][index % 3]))
            }
        }
        return F.input(lessons: lessons, sessions: sessions)
    }

    static let courseNow = F.date("2026-11-16T12:00:00Z")

    static func busiestFourDays(_ plan: ReviewPlan) -> ClosedRange<Int> {
        let calendar = try! StudyCalendar(timeZoneIdentifier: "UTC", dayStartHour: 4)
        var counts: [Int: Int] = [:]
        for task in plan.tomorrow + plan.thisWeek + plan.later { counts[calendar.dayNumber(of: task.task.scheduledAt), default: 0] += 1 }
        func dueIn(fourDaysFrom first: Int) -> Int {
            var total = 0
            for day in first ..< first + 4 { total += counts[day] ?? 0 }
            return total
        }
        let today = calendar.dayNumber(of: courseNow)
        var start = today + 2
        for first in today + 2 ... today + 20 where dueIn(fourDaysFrom: first) > dueIn(fourDaysFrom: start) { start = first }
        return start ... start + 3
    }

    @Test("the rule on predicted recall: with room before the break, exactly the reviews whose recall on the first study day after it falls below the floor come before it")
    func fragileBeforeRobustAfter() throws {
        let calendar = try StudyCalendar(timeZoneIdentifier: "UTC", dayStartHour: 4)
        let input = Self.course()
        let plain = try F.exactPlanner().plan(input, now: Self.courseNow)
        let range = Self.busiestFourDays(plain.plan)
        let away = StudyBreak(from: CivilDate(daysSince1970: range.lowerBound), to: CivilDate(daysSince1970: range.upperBound))
        let result = try F.exactPlanner { $0.breaks = [away] }.plan(input, now: Self.courseNow)
        let floor = MoveRanking.fragileRecallFloor(desiredRetention: 0.9)
        let inBreak = plain.plan.allTasks.filter { range.contains(calendar.dayNumber(of: $0.task.scheduledAt)) }
        #expect(inBreak.count >= 10, "\(inBreak.count) due in the break")
        var fragile = 0, robust = 0
        let moved = Dictionary(uniqueKeysWithValues: result.plan.allTasks.map { ($0.task.id, $0) })
        for original in inBreak {
            let task = try #require(moved[original.task.id])
            let day = calendar.dayNumber(of: task.task.scheduledAt)
            let recallOnReturn = W.recall(original, onDay: range.upperBound + 1)
            #expect(task.explanation.movedFrom == original.task.scheduledAt)
            if recallOnReturn < floor {
                fragile += 1
                #expect(task.explanation.move == .beforeBreak, "recall \(recallOnReturn) on return")
                #expect(day < range.lowerBound)
            } else {
                robust += 1
                #expect(task.explanation.move == .afterBreak, "recall \(recallOnReturn) on return")
                #expect(day == range.upperBound + 1)
            }
        }
        #expect(fragile > 0 && robust > 0, "the course has both kinds: \(fragile) fragile, \(robust) robust")
        // Tasks not in the break are where they were.
        for original in plain.plan.allTasks where !range.contains(calendar.dayNumber(of: original.task.scheduledAt)) {
            #expect(moved[original.task.id]?.task.scheduledAt == original.task.scheduledAt)
        }
        W.checkWeakPointsFirst(result)
    }

    @Test("without room before the break, the fragile reviews wait until after it, most fragile placed first, and say why")
    func noRoomBeforeTheBreak() throws {
        let calendar = try StudyCalendar(timeZoneIdentifier: "UTC", dayStartHour: 4)
        let input = Self.course()
        let plain = try F.exactPlanner().plan(input, now: Self.courseNow)
        let range = Self.busiestFourDays(plain.plan)
        let away = StudyBreak(from: CivilDate(daysSince1970: range.lowerBound), to: CivilDate(daysSince1970: range.upperBound))
        let result = try F.exactPlanner { $0.breaks = [away]; $0.dailyMinutes = 20 }.plan(input, now: Self.courseNow)
        var minutesByDay: [Int: Int] = [:]
        for task in result.plan.allTasks { minutesByDay[calendar.dayNumber(of: task.task.scheduledAt), default: 0] += task.explanation.estimatedMinutes }
        let waiting = result.plan.allTasks.filter { $0.explanation.move == .afterBreak && $0.explanation.reason.contains("could not be fitted") }
        #expect(!waiting.isEmpty)
        let today = calendar.dayNumber(of: Self.courseNow)
        for task in waiting {
            // No study day before the break had room for it.
            for day in today ..< range.lowerBound {
                #expect(task.explanation.estimatedMinutes > 20 - (minutesByDay[day] ?? 0))
            }
        }
        for task in result.plan.allTasks {
            #expect(!range.contains(calendar.dayNumber(of: task.task.scheduledAt)))
            #expect((minutesByDay[calendar.dayNumber(of: task.task.scheduledAt)] ?? 0) <= 20)
        }
    }

    @Test("with a break, the days' loads are the same whatever the number of days shown, and every other day keeps the budget fill's guarantees",
          arguments: [1, 7, 30])
    func independentOfDaysShown(days: Int) throws {
        let away = [W.away("2027-01-29", "2027-02-01"), W.away("2027-02-20", "2027-02-23")]
        let reference = try W.plan(now: B.now, days: 30) { $0.breaks = away; $0.weekdayMinutes = W.freeSundays }
        let result = try W.plan(now: B.now, days: days) { $0.breaks = away; $0.weekdayMinutes = W.freeSundays }
        #expect(result.days.map(\.minutes) == Array(reference.days.prefix(days).map(\.minutes)))
        #expect(result.plan.allTasks.map(\.task.scheduledAt) == reference.plan.allTasks.map(\.task.scheduledAt))
        let awayDays = Set(away.flatMap { $0.from.daysSince1970 ... $0.to.daysSince1970 })
        W.checkBudgetFill(reference, today: B.today) { day in
            awayDays.contains(day) ? 0 : W.freeSundays[weekday: W.calendar.weekday(ofDay: day)] ?? 45
        }
        W.checkWeakPointsFirst(reference)
        #expect(!reference.plan.allTasks.contains { awayDays.contains(W.day($0)) })
    }

    @Test("a break already begun: nothing before today, what falls due in it waits until after it")
    func breakUnderway() throws {
        let result = try W.plan(now: W.dayAfterLastSession) { $0.breaks = [W.away("2026-11-27", "2026-12-01")] }
        let today = W.day(W.dayAfterLastSession)
        for task in result.plan.allTasks {
            #expect(W.day(task) > W.date("2026-12-01"))
            #expect(task.explanation.move != .beforeBreak)
        }
        #expect(result.plan.today.isEmpty && today == W.date("2026-11-29"))
    }
}

@Suite("Review planner: postpone and advance on request")
struct PlannerRequestTests {
    @Test("--postpone N: the N due reviews whose postponement costs least, as FSRS Helper ranks them", arguments: [1, 5, 12])
    func postpone(count: Int) throws {
        let plain = try W.plan(now: B.now, budget: 600)
        let result = try W.plan(now: B.now, budget: 600) { $0.postponeCount = count }
        let retention = 0.9
        // Every lesson is overdue, so its weak points stay with it and only lessons qualify; a
        // lesson back after a failure is not postponed.
        let eligible = plain.plan.today.filter {
            $0.task.reviewType != .weakPoint && !$0.explanation.reason.contains("comes back within a day")
        }
        func cost(_ task: PlannedReviewTask) -> (Double, Double) {
            let interval = max(1, W.elapsed(task, onDay: W.day(task.explanation.dueAt)).rounded())
            let after = W.elapsed(task, onDay: B.today).rounded() + MoveRanking.postponementFraction * interval
            let recall = MemoryModel().retrievability(elapsedDays: after, stability: task.explanation.stability)
            return (MoveRanking.postponementCost(recallAfter: recall, desiredRetention: retention), -task.explanation.stability)
        }
        let expected = Set(eligible.sorted { cost($0) < cost($1) }.prefix(count).map(\.task.id))
        let postponed = result.plan.allTasks.filter { $0.explanation.move == .postponed }
        #expect(Set(postponed.map(\.task.id)) == expected)
        for task in postponed {
            #expect(W.day(task) > B.today)
            #expect(task.explanation.movedFrom.map(W.day) == B.today)
            #expect(task.explanation.reason.contains("Postponed from Jan 27, as asked"))
        }
        let note = try #require(result.notes.first { if case .postponedOnRequest = $0 { true } else { false } })
        #expect(note == .postponedOnRequest(count: count, requested: count,
                                            worstRecall: postponed.map { Int(($0.explanation.predictedRecall * 100).rounded()) }.min()))
    }

    @Test("--advance N: the N reviews not yet due most at risk come today, as FSRS Helper ranks them", arguments: [1, 3])
    func advance(count: Int) throws {
        let plain = try W.plan(now: W.dayAfterLastSession, budget: 600)
        let result = try W.plan(now: W.dayAfterLastSession, budget: 600) { $0.advanceCount = count }
        let today = W.day(W.dayAfterLastSession)
        let retention = 0.9
        let weakPointsLater = Set(plain.plan.allTasks.filter { $0.task.reviewType == .weakPoint && W.day($0) > today }.map(\.task.lessonID))
        let candidates = plain.plan.allTasks.filter {
            W.day($0) > today && ($0.task.reviewType == .weakPoint || !weakPointsLater.contains($0.task.lessonID))
        }
        func risk(_ task: PlannedReviewTask) -> (Double, Double) {
            (MoveRanking.earliness(recallNow: W.recall(task, onDay: today), desiredRetention: retention), -task.explanation.stability)
        }
        let expected = Set(candidates.sorted { risk($0) < risk($1) }.prefix(count).map(\.task.id))
        let advanced = result.plan.allTasks.filter { $0.explanation.move == .advanced }
        #expect(Set(advanced.map(\.task.id)) == expected)
        for task in advanced {
            #expect(W.day(task) == today)
            #expect(task.explanation.movedFrom.map(W.day)! > today)
            #expect(task.explanation.reason.contains("as asked: of the reviews not yet due, this one is most at risk"))
        }
        #expect(result.notes.contains(.advancedOnRequest(count: count, requested: count)))
    }

    @Test("--advance takes only today's room: the budget still holds, and the note says how many could come")
    func advanceWithinBudget() throws {
        let result = try W.plan(now: W.dayAfterLastSession) { $0.advanceCount = 10 }
        let today = W.day(W.dayAfterLastSession)
        let minutes = result.plan.allTasks.filter { W.day($0) == today }.reduce(0) { $0 + $1.explanation.estimatedMinutes }
        #expect(minutes <= 45)
        let advanced = result.plan.allTasks.filter { $0.explanation.move == .advanced }.count
        #expect(advanced < 10)
        let note = try #require(result.notes.first { if case .advancedOnRequest = $0 { true } else { false } })
        #expect(note == .advancedOnRequest(count: advanced, requested: 10))
        #expect(note.text(language: .english).contains("Only \(advanced) of the 10 tasks asked for could be brought forward"))
        #expect(note.text(language: .simplifiedChinese).contains("要求提前 10 个，只能提前 \(advanced) 个"))
    }

    @Test("moved reviews keep the budget fill's guarantees on every other day", arguments: [0, 4])
    func guaranteesWithMoves(postpone: Int) throws {
        let result = try W.plan(now: B.now, budget: 45) {
            $0.postponeCount = postpone
            $0.advanceCount = 2
            $0.weekdayMinutes = W.freeSundays
        }
        W.checkBudgetFill(result, today: B.today) { W.freeSundays[weekday: W.calendar.weekday(ofDay: $0)] ?? 45 }
        W.checkWeakPointsFirst(result)
    }
}
