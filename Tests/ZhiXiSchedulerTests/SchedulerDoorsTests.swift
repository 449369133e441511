import Foundation
import Testing
// Only the scheduler: `Rating`, `FSRSParameters`, `MemoryState` and `MemoryModel` come with it.
import ZhiXiCore
import ZhiXiScheduler

@Suite("The scheduler's small doors")
struct SchedulerDoorsTests {
    @Test("import ZhiXiScheduler alone gives the memory model's types")
    func memoryTypesComeWithTheScheduler() throws {
        let parameters: FSRSParameters = .default
        let state: MemoryState = MemoryModel(parameters: parameters).initialState(rating: Rating.good)
        let card = Card(id: 1, state: .review, step: nil, memoryState: state, due: Date(timeIntervalSince1970: 0),
                        lastReview: Date(timeIntervalSince1970: 0), reviewCount: 1, lapses: 0)
        #expect(card.stability == parameters.weights[2])
    }

    @Test("configuration.calendar is the study calendar, or nil for 24-hour periods")
    func configurationCalendar() throws {
        let calendar = try StudyCalendar(timeZoneIdentifier: "Asia/Shanghai", dayStartHour: 4)
        #expect(SchedulerConfiguration.anki(calendar: calendar).calendar == calendar)
        #expect(SchedulerConfiguration.pyFSRS.calendar == nil)
        #expect(ElapsedDaysPolicy.studyDays(calendar).calendar == calendar)
    }

    @Test("rescheduling a collection from one mixed log equals rescheduling each card alone; other cards' reviews are ignored")
    func rescheduleCollection() throws {
        let scheduler = try CardScheduler(.anki(calendar: StudyCalendar(timeZoneIdentifier: "Europe/Berlin")))
        let start = Date(timeIntervalSince1970: 1_764_400_000.123_456)
        var cards = (Int64(1) ... 6).map { Card(id: $0, due: start) }
        var log: [CardReview] = []
        for round in 0 ..< 8 {
            for index in cards.indices where index != 5 {
                let moment = max(cards[index].due, start.addingTimeInterval(Double(round) * 3_600))
                let rating: Rating = (round + index) % 5 == 0 ? .again : (round + index) % 3 == 0 ? .hard : .good
                let result = scheduler.review(cards[index], rating: rating, at: moment)
                cards[index] = result.card
                log.append(result.review)
            }
        }
        log.append(CardReview(cardID: 99, rating: .easy, reviewedAt: start, elapsedDays: 0, scheduledDays: 0, cardBefore: Card(id: 99, due: start)))
        var generator = SplitMix64(seed: 22)
        log.shuffle(using: &generator)
        var refit = scheduler.configuration
        refit.desiredRetention = 0.8
        let rescheduler = try CardScheduler(refit)
        let together = rescheduler.reschedule(cards, from: log)
        let alone = try cards.map { card in try rescheduler.reschedule(card, from: log.filter { $0.cardID == card.id }) }
        #expect(together == alone)
        #expect(together[5] == Card(id: 6, due: start), "a card without reviews is a new card at its due date")
        #expect(rescheduler.reschedule(cards, from: log.map(\.archived)) == together, "the archived log gives the same")
        #expect(scheduler.reschedule(cards, from: log).map(\.due) != together.map(\.due), "the new retention moved due dates")
    }

    @Test("a DueDayLoad of balancingWindowDayCount days from the review's day covers every balanced review, and a day less does not")
    func balancingWindow() throws {
        #expect(DueDayLoad.balancingWindowDayCount == 99)
        var farthest = 0
        for hundredths in 100 ... 9_199 {
            let range = FuzzRange(intervalDays: Double(hundredths) / 100, maximumIntervalDays: 36_500)
            guard Int(range.intervalDays) <= LoadBalancer.maximumBalancedIntervalDays else { continue }
            farthest = max(farthest, range.upperDays)
        }
        #expect(farthest + 1 == DueDayLoad.balancingWindowDayCount)
        let longest = FuzzRange(intervalDays: 90.99, maximumIntervalDays: 36_500)
        let seed = FuzzSeed(cardID: 7, reviewCount: 3)
        let window = DueDayLoad(firstDay: 1_000, dayCount: DueDayLoad.balancingWindowDayCount)
        let short = DueDayLoad(firstDay: 1_000, dayCount: DueDayLoad.balancingWindowDayCount - 1)
        #expect(LoadBalancer.balancedInterval(in: longest, reviewDay: 1_000, load: window, seed: seed) != nil)
        #expect(LoadBalancer.balancedInterval(in: longest, reviewDay: 1_000, load: short, seed: seed) == nil)
        let scheduler = try CardScheduler(.anki)
        let now = Date(timeIntervalSince1970: 1_764_400_000)
        let load = scheduler.dueDayLoad(of: [Card(id: 1, due: now)], forReviewsOn: now)
        #expect(load.firstDay == scheduler.dayNumber(of: now))
        #expect(load.counts.count == DueDayLoad.balancingWindowDayCount)
    }
}
