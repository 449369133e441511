import Testing
import Foundation
import ZhiXiCore
import ZhiXiScheduler

@Suite("AnkiFuzz: Anki's own fuzz tests (rslib/src/scheduler/states/fuzz.rs) and steps (learning.rs)")
struct AnkiFuzzTests {
    @Test("lower, middle and upper of the range with factors 0, 0.5 and 0.99", arguments: [
        // (interval, minimum, maximum, lower, middle, upper): Anki's table
        (Float(1.0), 1, 1000, 1, 1, 1), (2.49, 1, 1000, 2, 2, 2), (2.5, 1, 1000, 2, 3, 4), (7.0, 1, 1000, 5, 7, 9),
        (17.0, 1, 1000, 14, 17, 20), (37.0, 1, 1000, 33, 37, 41), (2.0, 2, 1000, 2, 2, 2), (2.0, 3, 1000, 3, 4, 4),
        (2.0, 3, 3, 3, 3, 3), (6.9, 3, 1000, 5, 7, 9), (7.0, 3, 1000, 5, 7, 9), (7.1, 3, 1000, 5, 7, 9),
        (19.9, 3, 1000, 17, 20, 23), (20.0, 3, 1000, 17, 20, 23), (20.1, 3, 1000, 17, 20, 23),
        (100.0, 101, 1000, 101, 105, 108), (100.0, 1, 99, 92, 96, 99), (100.0, 97, 103, 97, 100, 103),
    ])
    func ranges(interval: Float, minimum: Int, maximum: Int, lower: Int, middle: Int, upper: Int) {
        #expect(AnkiFuzz.fuzzedInterval(factor: 0, intervalDays: interval, minimum: minimum, maximum: maximum) == lower)
        #expect(AnkiFuzz.fuzzedInterval(factor: 0.5, intervalDays: interval, minimum: minimum, maximum: maximum) == middle)
        #expect(AnkiFuzz.fuzzedInterval(factor: 0.99, intervalDays: interval, minimum: minimum, maximum: maximum) == upper)
    }

    @Test("without fuzz: rounded, within the limits")
    func noFuzz() {
        #expect(AnkiFuzz.fuzzedInterval(factor: nil, intervalDays: 1.5, minimum: 1, maximum: 100) == 2)
        #expect(AnkiFuzz.fuzzedInterval(factor: nil, intervalDays: 0.1, minimum: 1, maximum: 100) == 1)
        #expect(AnkiFuzz.fuzzedInterval(factor: nil, intervalDays: 101, minimum: 1, maximum: 100) == 100)
    }

    @Test("the previous interval is kept only within the new interval's range")
    func previousIntervalFloor() {
        #expect(AnkiFuzz.minimumReviewInterval(intervalDays: 2.7269483, previousIntervalDays: 4, maximumIntervalDays: 36_500) == 4)
        #expect(AnkiFuzz.minimumReviewInterval(intervalDays: 2.7269483, previousIntervalDays: 5, maximumIntervalDays: 36_500) == 0)
        #expect(AnkiFuzz.minimumReviewInterval(intervalDays: 4.591988, previousIntervalDays: 4, maximumIntervalDays: 36_500) == 5)
    }

    @Test("a limit below the minimum does not break the range (Anki: invalid values will not panic)")
    func invalidLimits() {
        #expect(AnkiFuzz.bounds(intervalDays: 1, minimum: 3, maximum: 2) == 2...2)
    }

    @Test("Hard on the first of steps 1m and 10m waits their mean, on the last the step; Good moves on, then graduates")
    func learningSteps() {
        let scheduler = AnkiScheduler(preset: AnkiPresetSettings(learningStepsMinutes: [1, 10]), fuzz: false)
        let timing = AnkiDayTiming(nowSeconds: 1_000_000, today: 10, nextDayAtSeconds: 1_000_000 + 40_000)
        func card(remaining: Int) -> AnkiSchedulingCard {
            AnkiSchedulingCard(id: 1, state: .learning, remainingSteps: remaining, memoryState: .init(stability: 1, difficulty: 5),
                     reviewCount: 1, lastReviewSeconds: 1_000_000 - 60)
        }
        let first = scheduler.nextStates(of: card(remaining: 2), timing: timing)
        #expect(first.again.interval == .seconds(60) && first.again.remainingSteps == 2)
        #expect(first.hard.interval == .seconds(330) && first.hard.remainingSteps == 2)
        #expect(first.good.interval == .seconds(600) && first.good.remainingSteps == 1)
        #expect(first.easy.state == .review)
        let last = scheduler.nextStates(of: card(remaining: 1), timing: timing)
        #expect(last.hard.interval == .seconds(600) && last.hard.remainingSteps == 1)
        #expect(last.good.state == .review)
        #expect(last.easy.interval.days! > last.good.interval.days!)
    }

    @Test("a step past the next day's start is whole days; one step's Hard is 1.5× but at most a day more")
    func stepsAcrossTheDay() {
        let scheduler = AnkiScheduler(preset: AnkiPresetSettings(learningStepsMinutes: [3 * 1440]), fuzz: false)
        let timing = AnkiDayTiming(nowSeconds: 1_000_000, today: 10, nextDayAtSeconds: 1_000_000 + 3600)
        let states = scheduler.nextStates(of: AnkiSchedulingCard(id: 1, state: .new, memoryState: nil, reviewCount: 0, lastReviewSeconds: nil),
                                          timing: timing)
        #expect(states.again.interval == .days(3) && states.again.dueDay == 13)   // 72 h from 1 h before rollover
        #expect(states.hard.interval == .days(4) && states.hard.dueDay == 14)    // 4 days (not 4.5), due on day 14
    }
}

@Suite("The .anki preset through Card: preview, review and the previous interval")
struct AnkiPresetCardTests {
    @Test("preview is the four reviews; Hard < Good < Easy (up to the maximum interval), balanced or not")
    func lifecycle() throws {
        let calendar = try StudyCalendar(timeZoneIdentifier: "America/New_York", dayStartHour: 4)
        for fuzz in [FuzzMode.off, .uniform, .loadBalanced] {
            var configuration = SchedulerConfiguration.anki(calendar: calendar)
            configuration.fuzz = fuzz
            let scheduler = try CardScheduler(configuration)
            var generator = SplitMix64(seed: 5)
            for id in Int64(1_700_000_000_000) ..< 1_700_000_000_040 {
                var card = Card(id: id, due: date("2026-03-01T09:00:00-05:00"))
                var moment = card.due
                var load = DueDayLoad(firstDay: calendar.dayNumber(of: moment), dayCount: 400)
                for _ in 0..<12 {
                    let preview = scheduler.preview(card, at: moment, dueLoad: load)
                    for rating in Rating.allCases {
                        #expect(preview[rating] == scheduler.review(card, rating: rating, at: moment, dueLoad: load))
                    }
                    if card.state == .review {
                        let days = [preview.hard, preview.good, preview.easy].map { $0.interval.days! }
                        let maximum = configuration.maximumIntervalDays  // a minimum above it gives way
                        #expect((days[0] < days[1] || days[1] == maximum) && (days[1] < days[2] || days[2] == maximum),
                                "\(fuzz) \(id): \(days)")
                    }
                    let rating = Rating(rawValue: Int(generator.next() % 10) < 2 ? 1 : 3)!
                    let result = scheduler.review(card, rating: rating, at: moment, updating: &load)
                    card = result.card
                    moment = card.due.addingTimeInterval(Double(generator.next() % 36_000))
                    load = DueDayLoad(firstDay: calendar.dayNumber(of: moment), dayCount: 400)
                    for _ in 0..<30 { load.add(onDay: calendar.dayNumber(of: moment) + Int(generator.next() % 99)) }
                }
            }
        }
    }
}
