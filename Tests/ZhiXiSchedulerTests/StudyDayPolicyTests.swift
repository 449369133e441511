import Foundation
import Testing
import ZhiXiCore
import ZhiXiMemory
import ZhiXiScheduler

@Suite("Elapsed days: study days of a calendar and 24-hour periods")
struct StudyDayPolicyTests {
    static let shanghai = try! StudyCalendar(timeZoneIdentifier: "Asia/Shanghai", dayStartHour: 4)
    static let newYork = try! StudyCalendar(timeZoneIdentifier: "America/New_York", dayStartHour: 4)

    @Test("a review at 03:59 belongs to the previous study day, one at 04:00 to the next", arguments: [
        // (review time, study days since the review on 2026-04-09 at 22:00, whole 24-hour periods)
        ("2026-04-10T03:59:00+08:00", 0, 0),
        ("2026-04-10T04:00:00+08:00", 1, 0),
        ("2026-04-10T04:01:00+08:00", 1, 0),
        ("2026-04-10T21:59:00+08:00", 1, 0),
        ("2026-04-10T22:00:00+08:00", 1, 1),
        ("2026-04-11T03:59:00+08:00", 1, 1),
        ("2026-04-11T04:00:00+08:00", 2, 1),
    ])
    func dayStartHour(time: String, studyDays: Int, periods: Int) throws {
        let last = date("2026-04-09T22:00:00+08:00")
        let card = reviewCard(id: 3, stability: 5, difficulty: 6, lastReview: last, dueDays: 5)
        for (policy, expected) in [(ElapsedDaysPolicy.studyDays(Self.shanghai), studyDays), (.twentyFourHourPeriods, periods)] {
            let scheduler = makeScheduler(elapsedDays: policy)
            let result = scheduler.review(card, rating: .good, at: date(time))
            #expect(result.review.elapsedDays == expected, "\(policy)")
            // Zero days selects the same-day (short-term) formula; otherwise the recall formula.
            let model = scheduler.model
            let stability = expected == 0
                ? model.stabilityAfterSameDayReview(stability: 5, rating: .good)
                : model.stabilityAfterRecall(stability: 5, difficulty: 6,
                                             retrievability: model.retrievability(elapsedDays: Double(expected), stability: 5),
                                             rating: .good)
            #expect(try #require(result.card.stability) == stability)
        }
    }

    @Test("a review card is due when the study day of its interval starts, whatever the time of the review", arguments: [
        "2026-04-10T04:00:00+08:00", "2026-04-10T12:00:00+08:00", "2026-04-10T23:30:00+08:00", "2026-04-11T03:59:59+08:00",
    ])
    func dueAtStartOfStudyDay(time: String) {
        let scheduler = makeScheduler(elapsedDays: .studyDays(Self.shanghai))
        let card = reviewCard(id: 3, stability: 5, lastReview: date("2026-04-04T09:00:00+08:00"), dueDays: 5)
        let result = scheduler.review(card, rating: .good, at: date(time))
        let days = result.review.scheduledDays
        #expect(days >= 1)
        // All four moments lie on the study day of 10 April.
        #expect(result.card.due == date("2026-04-10T04:00:00+08:00").addingTimeInterval(Double(days) * day))
    }

    @Test("across the spring daylight-saving change in New York (2026-03-08) days still start at 04:00 local",
          arguments: [
              // (review, interval days, due)
              ("2026-03-07T10:00:00-05:00", 1, "2026-03-08T04:00:00-04:00"), // a study day of 23 hours
              ("2026-03-08T03:30:00-04:00", 1, "2026-03-08T04:00:00-04:00"), // 03:30 EDT is still 7 March's study day
              ("2026-03-07T10:00:00-05:00", 3, "2026-03-10T04:00:00-04:00"),
              ("2026-10-31T10:00:00-04:00", 1, "2026-11-01T04:00:00-05:00"), // autumn: a study day of 25 hours
          ])
    func daylightSavingDue(review: String, interval: Int, due: String) {
        #expect(ElapsedDaysPolicy.studyDays(Self.newYork).due(afterIntervalDays: interval, reviewedAt: date(review)) == date(due))
    }

    @Test("across the daylight-saving change, 18 hours are a new study day but not a whole 24-hour period")
    func daylightSavingElapsed() {
        let last = date("2026-03-07T10:00:00-05:00")
        let now = date("2026-03-08T05:00:00-04:00")
        #expect(now.timeIntervalSince(last) == 18 * 3600)
        #expect(ElapsedDaysPolicy.studyDays(Self.newYork).daysBetween(last, now) == 1)
        #expect(ElapsedDaysPolicy.twentyFourHourPeriods.daysBetween(last, now) == 0)
        let card = reviewCard(stability: 4, lastReview: last, dueDays: 1)
        #expect(makeScheduler(elapsedDays: .studyDays(Self.newYork)).review(card, rating: .good, at: now).review.elapsedDays == 1)
    }

    @Test("a day start inside the skipped hour moves to the first instant after it")
    func dayStartInSkippedHour() throws {
        let calendar = try StudyCalendar(timeZoneIdentifier: "America/New_York", dayStartHour: 2)
        #expect(ElapsedDaysPolicy.studyDays(calendar).due(afterIntervalDays: 1, reviewedAt: date("2026-03-07T10:00:00-05:00"))
            == date("2026-03-08T03:00:00-04:00"))
    }

    @Test("a (re)learning step that ends on a later study day is due when that day starts", arguments: [
        // (review time, step seconds, due)
        ("2026-04-10T14:00:00+08:00", 600.0, "2026-04-10T14:10:00+08:00"),
        ("2026-04-11T03:55:00+08:00", 600.0, "2026-04-11T04:00:00+08:00"),
        ("2026-04-10T14:00:00+08:00", 86_400.0, "2026-04-11T04:00:00+08:00"),
        ("2026-04-10T14:00:00+08:00", 3 * 86_400.0, "2026-04-13T04:00:00+08:00"),
    ])
    func stepsAcrossDays(time: String, stepSeconds: Double, due: String) {
        let scheduler = makeScheduler(learningSteps: [stepSeconds, 2 * stepSeconds], elapsedDays: .studyDays(Self.shanghai))
        let result = scheduler.review(Card(id: 1, due: date(time)), rating: .again, at: date(time))
        #expect(result.card.state == .learning && result.card.step == 0)
        #expect(result.card.due == date(due))
        // Under 24-hour periods, the step is simply added.
        let plain = makeScheduler(learningSteps: [stepSeconds, 2 * stepSeconds]).review(Card(id: 1, due: date(time)), rating: .again, at: date(time))
        #expect(plain.card.due == date(time).addingTimeInterval(stepSeconds))
    }

    @Test("24-hour periods number days as whole UTC days and round elapsed time down", arguments: [
        (0.0, 0), (86_399.0, 0), (86_400.0, 1), (-1.0, -1), (1_767_225_600.0, 20_454),
    ])
    func twentyFourHourDayNumbers(seconds: Double, dayNumber: Int) {
        #expect(ElapsedDaysPolicy.twentyFourHourPeriods.dayNumber(of: Date(timeIntervalSince1970: seconds)) == dayNumber)
    }

    @Test("retrievability counts study days under the calendar policy")
    func retrievabilityInStudyDays() {
        let scheduler = makeScheduler(elapsedDays: .studyDays(Self.shanghai))
        let card = reviewCard(stability: 10, lastReview: date("2026-04-09T22:00:00+08:00"), dueDays: 10)
        #expect(scheduler.retrievability(of: card, at: date("2026-04-10T03:00:00+08:00")) == 1)
        #expect(scheduler.retrievability(of: card, at: date("2026-04-10T05:00:00+08:00"))
            == scheduler.model.retrievability(elapsedDays: 1, stability: 10))
    }

    @Test("the calendar's UTC offsets agree with Foundation's time zones from 1900 to 2200",
          arguments: ["America/New_York", "Europe/London", "Asia/Shanghai", "Australia/Lord_Howe", "UTC"])
    func offsetsAgreeWithFoundation(identifier: String) throws {
        let calendar = try StudyCalendar(timeZoneIdentifier: identifier)
        let zone = try #require(TimeZone(identifier: identifier))
        var generator = SplitMix64(seed: StableHash.fnv1a64(identifier))
        let first = -2_208_988_800.0, last = 7_258_118_400.0
        for _ in 0 ..< 20_000 {
            let seconds = (first + generator.nextUnitInterval() * (last - first)).rounded(.down)
            #expect(calendar.utcOffset(atSecondsSince1970: seconds) == zone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds)),
                    "\(identifier) at \(seconds)")
        }
        // Every transition, a second before and at it.
        var cursor = Date(timeIntervalSince1970: first)
        while let transition = zone.nextDaylightSavingTimeTransition(after: cursor), transition.timeIntervalSince1970 < last {
            for probe in [transition.addingTimeInterval(-1), transition] {
                #expect(calendar.utcOffset(atSecondsSince1970: probe.timeIntervalSince1970) == zone.secondsFromGMT(for: probe))
            }
            cursor = transition
        }
    }
}
