import Foundation
import Testing
import ZhiXiMemory
import ZhiXiScheduler

@Suite("Load balancing")
struct LoadBalancerTests {
    static let reviewDay = 20_000

    /// A window of 120 days from the review day, every day holding `count` items except the
    /// overrides.
    static func load(_ count: Int, except overrides: [Int: Int] = [:]) -> DueDayLoad {
        var load = DueDayLoad(firstDay: reviewDay, counts: Array(repeating: count, count: 120))
        for (interval, value) in overrides {
            load.remove(onDay: reviewDay + interval, count: count)
            load.add(onDay: reviewDay + interval, count: value)
        }
        return load
    }

    @Test("weights favour empty days, then light days by the square of the load, then earlier days", arguments: [
        (0, 5, 1.0), (0, 80, 1.0), (1, 4, 0.25), (2, 4, 1.0 / 16), (10, 1, 0.01), (3, 0, 1.0 / 9),
    ])
    func weights(dueCount: Int, interval: Int, weight: Double) {
        #expect(abs(LoadBalancer.weight(dueCount: dueCount, intervalDays: interval) - weight) < 1e-15)
    }

    @Test("the one empty day in the fuzz range is chosen", arguments: [5, 6, 8, 9])
    func picksTheEmptyDay(emptyInterval: Int) {
        let range = FuzzRange(intervalDays: 7, maximumIntervalDays: 36_500)
        #expect(range.days == 5 ... 9)
        let load = Self.load(50, except: [emptyInterval: 0])
        for seed in UInt64(0) ..< 100 {
            #expect(LoadBalancer.balancedInterval(in: range, reviewDay: Self.reviewDay, load: load, seed: FuzzSeed(value: seed)) == emptyInterval)
        }
    }

    @Test("lighter days are chosen more often than heavier ones")
    func prefersLightDays() {
        let range = FuzzRange(intervalDays: 30, maximumIntervalDays: 36_500)
        #expect(range.days == 27 ... 33)
        // Loads 10, 20, 30, … 70 on days 27 … 33.
        var load = Self.load(0)
        for interval in range.days { load.add(onDay: Self.reviewDay + interval, count: (interval - 26) * 10) }
        var picks = [Int: Int]()
        for seed in 0 ..< 5000 {
            let day = LoadBalancer.balancedInterval(in: range, reviewDay: Self.reviewDay, load: load,
                                                    seed: FuzzSeed(cardID: Int64(seed), reviewCount: 1))!
            picks[day, default: 0] += 1
        }
        let counts = range.days.map { picks[$0, default: 0] }
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 > $1 }, "\(counts)")
    }

    @Test("the choice is deterministic: the same seed and load give the same day")
    func deterministic() {
        let range = FuzzRange(intervalDays: 45, maximumIntervalDays: 36_500)
        var load = Self.load(0)
        for offset in 0 ..< 120 { load.add(onDay: Self.reviewDay + offset, count: (offset * 31) % 17) }
        for seed in UInt64(0) ..< 200 {
            let first = LoadBalancer.balancedInterval(in: range, reviewDay: Self.reviewDay, load: load, seed: FuzzSeed(value: seed))
            let second = LoadBalancer.balancedInterval(in: range, reviewDay: Self.reviewDay, load: load, seed: FuzzSeed(value: seed))
            #expect(first == second)
            #expect(first.map { range.days.contains($0) } == true)
        }
    }

    @Test("scheduling items one after another fills the light days: the load ends up even, unlike plain fuzz")
    func evensOutTheLoad() {
        let range = FuzzRange(intervalDays: 30, maximumIntervalDays: 36_500)
        var start = Self.load(0)
        for (interval, count) in zip(range.days, [0, 40, 80, 20, 60, 10, 30]) { start.add(onDay: Self.reviewDay + interval, count: count) }
        var balanced = start
        var uniform = start
        for item in 0 ..< 500 {
            let seed = FuzzSeed(itemKey: "lesson-\(item)", reviewCount: 0)
            let day = LoadBalancer.balancedInterval(in: range, reviewDay: Self.reviewDay, load: balanced, seed: seed)!
            balanced.add(onDay: Self.reviewDay + day)
            uniform.add(onDay: Self.reviewDay + range.fuzzedInterval(seed: seed))
        }
        func spread(_ load: DueDayLoad) -> Int {
            let counts = range.days.map { load.dueCount(onDay: Self.reviewDay + $0)! }
            return counts.max()! - counts.min()!
        }
        // From a spread of 80 to about 106 ± 12 a day (the draw is random, weighted, and tilted
        // towards earlier days); plain fuzz keeps the initial unevenness.
        #expect(spread(balanced) <= 25, "balanced spread \(spread(balanced))")
        #expect(spread(uniform) >= 60, "uniform spread \(spread(uniform))")
    }

    @Test("long intervals and ranges outside the known window are not balanced")
    func declines() {
        let load = Self.load(5)
        let long = FuzzRange(intervalDays: 91.5, maximumIntervalDays: 36_500)
        #expect(LoadBalancer.balancedInterval(in: long, reviewDay: Self.reviewDay, load: load, seed: FuzzSeed(value: 1)) == nil)
        let outside = FuzzRange(intervalDays: 60, maximumIntervalDays: 36_500)
        #expect(LoadBalancer.balancedInterval(in: outside, reviewDay: Self.reviewDay + 100, load: load, seed: FuzzSeed(value: 1)) == nil)
        let single = FuzzRange(intervalDays: 2, maximumIntervalDays: 36_500)
        #expect(LoadBalancer.balancedInterval(in: single, reviewDay: Self.reviewDay, load: load, seed: FuzzSeed(value: 1)) == 2)
    }

    @Test("the scheduler puts a load-balanced card on the free day of its fuzz range")
    func schedulerUsesTheLoad() throws {
        let calendar = try StudyCalendar(timeZoneIdentifier: "Europe/Berlin")
        let scheduler = makeScheduler(fuzz: .loadBalanced, elapsedDays: .studyDays(calendar))
        let uniform = makeScheduler(fuzz: .uniform, elapsedDays: .studyDays(calendar))
        let last = date("2026-06-01T19:00:00+02:00")
        let now = date("2026-06-08T19:00:00+02:00")
        let card = reviewCard(id: 31, stability: 7, lastReview: last, dueDays: 7)
        let exact = scheduler.review(card, rating: .good, at: now)
        let stability = try #require(exact.card.stability)
        let range = FuzzRange(intervalDays: scheduler.model.interval(stability: stability, desiredRetention: 0.9),
                              maximumIntervalDays: 36_500)
        let today = scheduler.dayNumber(of: now)
        for free in range.days {
            var load = DueDayLoad(firstDay: today, counts: Array(repeating: 80, count: 100))
            load.remove(onDay: today + free, count: 80)
            let result = scheduler.review(card, rating: .good, at: now, dueLoad: load)
            #expect(result.review.scheduledDays == free)
            #expect(result.card.due == calendar.start(ofDay: today + free))
            // Uniform fuzz ignores the load.
            #expect(uniform.review(card, rating: .good, at: now, dueLoad: load) == uniform.review(card, rating: .good, at: now))
        }
    }

    @Test("a due-day load counts the cards that are not new, by due day")
    func dueDayLoadFromCards() {
        let scheduler = makeScheduler()
        let base = date("2026-01-10T12:00:00Z")
        let today = scheduler.dayNumber(of: base)
        let cards = [
            reviewCard(id: 1, stability: 3, lastReview: base, dueDays: 1),
            reviewCard(id: 2, stability: 3, lastReview: base, dueDays: 1),
            reviewCard(id: 3, stability: 3, lastReview: base, dueDays: 3),
            reviewCard(id: 4, stability: 3, lastReview: base, dueDays: 50),
            Card(id: 5, due: base.addingTimeInterval(day)),
        ]
        let load = scheduler.dueDayLoad(of: cards, firstDay: today, dayCount: 10)
        #expect(load.counts == [0, 2, 0, 1, 0, 0, 0, 0, 0, 0])
        #expect(load.dueCount(onDay: today + 10) == nil)
        #expect(load.covers(today ... today + 9) && !load.covers(today ... today + 10))
    }
}
