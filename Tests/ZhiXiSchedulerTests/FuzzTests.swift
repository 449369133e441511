import Foundation
import Testing
import ZhiXiCore
import ZhiXiMemory
import ZhiXiScheduler

@Suite("Fuzz: ranges, seeds and determinism")
struct FuzzTests {
    @Test("fuzz ranges are Anki's", arguments: [
        // (unrounded interval, maximum, lower, upper)
        (0.2, 36_500, 1, 1),
        (1.0, 36_500, 1, 1),
        (1.5, 36_500, 2, 2),
        (2.49, 36_500, 2, 2),   // no fuzz below 2.5 days
        (2.5, 36_500, 2, 4),    // 1 day either side
        (6.9, 36_500, 5, 9),    // + 15 % of the days in 2.5–7
        (7.0, 36_500, 5, 9),
        (7.1, 36_500, 5, 9),
        (17.0, 36_500, 14, 20), // + 10 % of the days in 7–20
        (19.9, 36_500, 17, 23),
        (20.1, 36_500, 17, 23),
        (37.0, 36_500, 33, 41), // + 5 % of the days above 20
        (100.0, 99, 92, 99),    // cut to the maximum, then fuzzed below it
        (100.0, 103, 93, 103),
        (3.0, 3, 2, 3),
        (365.0, 36_500, 345, 385),
        (1e9, 36_500, 34_673, 36_500),
        (Double.nan, 50, 46, 50),
    ])
    func ankiRanges(interval: Double, maximum: Int, lower: Int, upper: Int) {
        let range = FuzzRange(intervalDays: interval, maximumIntervalDays: maximum)
        #expect(range.days == lower ... upper)
    }

    @Test("every fuzzed interval lies in its range, and the ends of the range are reachable")
    func fuzzedIntervalsStayInRange() {
        for interval in stride(from: 1.0, through: 800, by: 0.37) {
            let range = FuzzRange(intervalDays: interval, maximumIntervalDays: 500)
            #expect(range.count >= 1)
            #expect(range.interval(unitValue: 0) == range.lowerDays)
            #expect(range.interval(unitValue: 0.999_999_999) == range.upperDays)
            for count in 0 ..< 20 {
                #expect(range.days.contains(range.fuzzedInterval(seed: FuzzSeed(cardID: 99, reviewCount: count))))
            }
        }
    }

    @Test("every interval the scheduler fuzzes lies in the Anki range of the exact interval",
          arguments: [FuzzMode.uniform, .loadBalanced])
    func schedulerIntervalsStayInRange(fuzz: FuzzMode) throws {
        let scheduler = makeScheduler(maximumIntervalDays: 3650, fuzz: fuzz)
        let last = date("2026-01-01T12:00:00Z")
        for id in Int64(0) ..< 500 {
            let card = reviewCard(id: id, stability: 1 + Double(id), difficulty: 1 + Double(id % 9), lastReview: last, dueDays: 5)
            let rating = Rating(rawValue: Int(id % 3) + 2)!
            let result = scheduler.review(card, rating: rating, at: last.addingTimeInterval(Double(id % 40 + 1) * day))
            let stability = try #require(result.card.stability)
            let exact = scheduler.model.interval(stability: stability, desiredRetention: 0.9)
            let range = FuzzRange(intervalDays: exact, maximumIntervalDays: 3650)
            #expect(range.days.contains(result.review.scheduledDays), "card \(id): \(result.review.scheduledDays) outside \(range.days)")
            #expect(result.card.due == result.review.reviewedAt.addingTimeInterval(Double(result.review.scheduledDays) * day))
        }
    }

    @Test("the same card reviewed the same way always gets the same interval", arguments: [FuzzMode.uniform, .loadBalanced])
    func sameSeedSameDay(fuzz: FuzzMode) {
        let first = makeScheduler(fuzz: fuzz)
        let second = makeScheduler(fuzz: fuzz)
        let start = date("2026-03-01T08:00:00Z")
        let a = reviewSequence(first, card: Card(id: 123_456, due: start), start: start, steps: sampleHistory)
        let b = reviewSequence(second, card: Card(id: 123_456, due: start), start: start, steps: sampleHistory)
        #expect(a == b)
    }

    @Test("successive reviews and different cards spread over the whole range")
    func differentSeedsSpread() {
        let range = FuzzRange(intervalDays: 30, maximumIntervalDays: 36_500)
        #expect(range.days == 27 ... 33)
        var byReviewCount = [Int: Int]()
        var byCard = [Int: Int]()
        for index in 0 ..< 700 {
            byReviewCount[range.fuzzedInterval(seed: FuzzSeed(cardID: 1_700_000_000_000, reviewCount: index)), default: 0] += 1
            byCard[range.fuzzedInterval(seed: FuzzSeed(cardID: Int64(index), reviewCount: 3)), default: 0] += 1
        }
        // 700 draws over 7 days: about 100 each; every day is used and none dominates.
        for counts in [byReviewCount, byCard] {
            #expect(Set(counts.keys) == Set(range.days))
            #expect(counts.values.allSatisfy { (60 ... 140).contains($0) }, "\(counts.sorted { $0.key < $1.key })")
        }
    }

    @Test("cards introduced together and rated alike drift apart")
    func cardsDriftApart() {
        let scheduler = makeScheduler(fuzz: .uniform)
        let start = date("2026-03-01T08:00:00Z")
        let dueDates = (Int64(1) ... 50).map { id in
            reviewSequence(scheduler, card: Card(id: id, due: start), start: start,
                           steps: [(.good, 0), (.good, 600), (.good, 3 * day), (.good, 12 * day)]).last!.card.due
        }
        #expect(Set(dueDates).count >= 5)
    }

    @Test("FNV-1a hashes are the published 64-bit values", arguments: [
        ("", UInt64(0xCBF2_9CE4_8422_2325)),
        ("a", 0xAF63_DC4C_8601_EC8C),
        ("foobar", 0x8594_4171_F739_67E8),
    ])
    func stableHash(text: String, hash: UInt64) {
        #expect(StableHash.fnv1a64(text) == hash)
        #expect(StableHash.fnv1a64(bytes: Array(text.utf8)) == hash)
    }

    @Test("seeds are pinned: the same identifier and count give the same seed on every run and platform")
    func pinnedSeeds() {
        #expect(FuzzSeed(itemKey: "lesson/线性代数/3", reviewCount: 2).value == 0xA913_F231_5EE4_8FA3)
        #expect(FuzzSeed(cardID: 1_700_000_000_123, reviewCount: 4).value == 0x7678_53FA_E0AF_B8CC)
        #expect(FuzzSeed(cardID: 5, reviewCount: 1) != FuzzSeed(cardID: 5, reviewCount: 2))
        #expect(FuzzSeed(cardID: 5, reviewCount: 1) != FuzzSeed(cardID: 6, reviewCount: 1))
    }

    @Test("SplitMix64 produces the reference sequence")
    func splitMixReference() {
        var generator = SplitMix64(seed: 1_234_567)
        let expected: [UInt64] = [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
                                  4_593_380_528_125_082_431, 16_408_922_859_458_223_821]
        #expect((0 ..< 5).map { _ in generator.next() } == expected)
        var unit = SplitMix64(seed: 7)
        #expect((0 ..< 1000).allSatisfy { _ in (0 ..< 1).contains(unit.nextUnitInterval()) })
    }

    @Test("fuzz never touches (re)learning steps or intervals below 2.5 days")
    func fuzzLeavesShortWaitsAlone() {
        let plain = makeScheduler(fuzz: .off)
        let fuzzed = makeScheduler(fuzz: .uniform)
        let start = date("2026-03-01T08:00:00Z")
        for id in Int64(0) ..< 100 {
            let card = Card(id: id, due: start)
            for rating in [Rating.again, .hard, .good] {
                #expect(plain.review(card, rating: rating, at: start) == fuzzed.review(card, rating: rating, at: start))
            }
            // A same-day Hard keeps the stability near 1.2 days: an interval below 2.5 days.
            let short = reviewCard(id: id, stability: 1.2, lastReview: start, dueDays: 1)
            let moment = start.addingTimeInterval(3600)
            #expect(plain.review(short, rating: .hard, at: moment).review.scheduledDays == 1)
            #expect(plain.review(short, rating: .hard, at: moment) == fuzzed.review(short, rating: .hard, at: moment))
        }
    }
}
