import Testing
import ZhiXiScheduler

@Suite("Easy Days in the load balancer")
struct EasyDaysTests {
    static let reviewDay = 20_000

    static func load(_ counts: [Int]) -> DueDayLoad {
        DueDayLoad(firstDay: reviewDay, counts: counts)
    }

    @Test("a full day keeps its weight, a day without study almost none, a lighter day only while it is no busier for its size",
          arguments: [
              (1.0, 9, 1.0, 0, 1.0), (0.0, 0, 4.0, 40, EasyDays.minimumModifier),
              (0.5, 2, 3.0, 12, 1.0),                          // 2 / 0.5 = 4 ≤ 12 / 3 = 4
              (0.5, 3, 3.0, 12, EasyDays.minimumModifier),     // 6 > 4
              (1.0 / 3, 0, 4.0, 0, 1.0),
          ])
    func modifier(share: Double, count: Int, otherShares: Double, otherCount: Int, expected: Double) {
        #expect(EasyDays.modifier(share: share, dueCount: count, otherShares: otherShares, otherDueCount: otherCount) == expected)
    }

    @Test("with every day full, the draw is exactly the plain load balancer's")
    func fullDaysChangeNothing() {
        let load = Self.load([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4])
        for seed in UInt64(0) ..< 200 {
            var plain = FuzzSeed(value: seed).generator
            var easy = FuzzSeed(value: seed).generator
            let days = Self.reviewDay + 5 ... Self.reviewDay + 14
            #expect(LoadBalancer.balancedDay(in: days, lastReviewDay: Self.reviewDay, load: load, generator: &plain)
                == LoadBalancer.balancedDay(in: days, lastReviewDay: Self.reviewDay, load: load, dayShare: { _ in 1 }, generator: &easy))
        }
    }

    @Test("a day without study time is never drawn while the range has another day")
    func dayWithoutStudy() {
        let load = Self.load(Array(repeating: 0, count: 20))
        let sunday = Self.reviewDay + 7
        var drawn = Set<Int>()
        for seed in UInt64(0) ..< 500 {
            var generator = FuzzSeed(value: seed).generator
            let day = LoadBalancer.balancedDay(in: Self.reviewDay + 5 ... Self.reviewDay + 9, lastReviewDay: Self.reviewDay, load: load,
                                               dayShare: { $0 == sunday ? 0 : 1 }, generator: &generator)
            drawn.insert(day)
        }
        #expect(!drawn.contains(sunday))
        #expect(drawn.count == 4, "the other days are all drawn: \(drawn.sorted())")
    }

    @Test("a range made only of days without study is balanced as usual")
    func onlyDaysWithoutStudy() {
        let load = Self.load([0, 0, 0, 0, 0, 0, 9, 0, 9, 9])
        for seed in UInt64(0) ..< 100 {
            var generator = FuzzSeed(value: seed).generator
            let day = LoadBalancer.balancedDay(in: Self.reviewDay + 6 ... Self.reviewDay + 9, lastReviewDay: Self.reviewDay, load: load,
                                               dayShare: { _ in 0 }, generator: &generator)
            #expect(day == Self.reviewDay + 7, "the only empty day")
        }
    }

    @Test("a lighter day takes reviews until it is as busy, for its size, as the full days")
    func lighterDayFillsInProportion() {
        // Day 5 has a third of a full day; the others are full. Place 300 reviews one by one.
        var load = Self.load(Array(repeating: 0, count: 20))
        let light = Self.reviewDay + 5
        for seed in UInt64(0) ..< 300 {
            var generator = FuzzSeed(value: seed).generator
            let day = LoadBalancer.balancedDay(in: Self.reviewDay + 3 ... Self.reviewDay + 7, lastReviewDay: Self.reviewDay, load: load,
                                               dayShare: { $0 == light ? 1.0 / 3 : 1 }, generator: &generator)
            load.add(onDay: day)
        }
        let lightCount = Double(load.dueCount(onDay: light)!)
        let fullMean = Double((3 ... 7).filter { $0 != 5 }.reduce(0) { $0 + load.dueCount(onDay: Self.reviewDay + $1)! }) / 4
        #expect(lightCount <= fullMean / 3 + 1, "\(lightCount) on the light day, \(fullMean) on a full day")
        #expect(lightCount >= fullMean / 3 - 8)
    }
}
