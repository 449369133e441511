import Testing
import ZhiXiCore
import ZhiXiModel
import ZhiXiPlanner
@testable import ZhiXiSimulation

@Suite("ZhiXi simulator: minutes per weekday and breaks")
struct ZhiXiWeekSimulationTests {
    /// Monday 30 November 2026 is day 0.
    static let monday = CivilDate(year: 2026, month: 11, day: 30)

    static func weekday(ofDay day: Int) -> Int { CivilDate.weekday(daysSince1970: monday.daysSince1970 + day) }

    @Test("a day at 0 minutes has no review and no new lesson; a short day stays within its minutes")
    func freeSundays() throws {
        let simulator = try zhiXiSimulator {
            $0.weekdayMinutes = WeekdayMinutes(saturday: 15, sunday: 0)
            $0.startDate = Self.monday
        }
        let result = try simulator.run(desiredRetention: 0.9, seed: 3, recordingReviews: true)
        #expect(result.reviewLog.count > 100)
        var minutes = [Int](repeating: 0, count: result.days.count)
        for entry in result.reviewLog {
            #expect(Self.weekday(ofDay: entry.day) != 1, "\(entry.kind) on a Sunday, day \(entry.day)")
            minutes[entry.day] += Int(entry.seconds / 60)
        }
        for day in minutes.indices where Self.weekday(ofDay: day) == 7 {
            #expect(minutes[day] <= 15, "Saturday, day \(day): \(minutes[day]) min")
        }
        #expect(result.days.seconds.enumerated().allSatisfy { Self.weekday(ofDay: $0.offset) != 1 || $0.element == 0 })
    }

    @Test("nothing is done during a break; the reviews due then that would be fragile by its end are done before it")
    func breakDays() throws {
        let away = StudyBreak(from: CivilDate(year: 2026, month: 12, day: 20), to: CivilDate(year: 2026, month: 12, day: 29))
        let first = away.from.daysSince1970 - Self.monday.daysSince1970, last = away.to.daysSince1970 - Self.monday.daysSince1970
        let simulator = try zhiXiSimulator(lessons: 60) {
            $0.breaks = [away]
            $0.startDate = Self.monday
            $0.dailyMinutes = 60
        }
        let result = try simulator.run(desiredRetention: 0.9, seed: 5, recordingReviews: true)
        #expect(!result.reviewLog.contains { (first ... last).contains($0.day) })
        let early = result.reviewLog.filter { $0.kind != .learning && $0.day < $0.dueDay }
        #expect(!early.isEmpty, "some reviews due in the break are done before it")
        for review in early {
            #expect(review.day == first - 1, "only on the last day before the break")
            #expect((first ... last).contains(review.dueDay))
        }
    }

    @Test("without a week or breaks the results are the same as before, draw for draw")
    func unchangedWithoutWeek() throws {
        let plain = try zhiXiSimulator().run(desiredRetention: 0.9, seed: 11, recordingReviews: true)
        let dated = try zhiXiSimulator { $0.startDate = Self.monday }.run(desiredRetention: 0.9, seed: 11, recordingReviews: true)
        let sameWeek = try zhiXiSimulator {
            $0.startDate = Self.monday
            $0.weekdayMinutes = WeekdayMinutes(monday: 30, sunday: 30)
        }.run(desiredRetention: 0.9, seed: 11, recordingReviews: true)
        #expect(plain.reviewLog == dated.reviewLog && plain.reviewLog == sameWeek.reviewLog)
        #expect(plain.days == sameWeek.days)
    }

    @Test("weekday minutes or breaks without the date of day 0 are refused, naming the field")
    func needsStartDate() {
        #expect(throws: SimulationConfigurationError.self) {
            try zhiXiSimulator { $0.weekdayMinutes = WeekdayMinutes(sunday: 0) }
        }
        #expect(throws: SimulationConfigurationError.outOfRange(field: "weekdayMinutes.sun", value: "2000", allowed: "0 to 1440 minutes")) {
            try zhiXiSimulator {
                $0.weekdayMinutes = WeekdayMinutes(sunday: 2000)
                $0.startDate = Self.monday
            }
        }
    }

    @Test("free Sundays cost items remembered when time is short: the same course remembers less with them")
    func costOfFreeSundays() throws {
        func memorized(_ week: WeekdayMinutes?) throws -> Double {
            var configuration = ZhiXiSimulationConfiguration(spanDays: 365, newLessonsPerDay: 1, dailyMinutes: 30)
            configuration.weekdayMinutes = week
            configuration.startDate = Self.monday
            let simulator = try ZhiXiSimulator(configuration: configuration, start: .newCourse(lessons: 100, minutes: 20))
            return try (UInt64(42) ..< 47).reduce(0.0) { $0 + (try simulator.run(desiredRetention: 0.9, seed: $1)).summary.memorizedAtEnd } / 5
        }
        let everyDay = try memorized(nil)
        let freeSundays = try memorized(WeekdayMinutes(sunday: 0))
        #expect(freeSundays < everyDay - 3, "every day \(everyDay), free Sundays \(freeSundays)")
    }
}
