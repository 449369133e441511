import Foundation
import Testing
import ZhiXiMemory
import ZhiXiScheduler

/// A realistic history of one card: ratings and the gap before each review.
let sampleHistory: [(rating: Rating, gapSeconds: Double)] = [
    (.good, 0), (.good, 600), (.good, 2 * day), (.again, 9 * day), (.hard, 600),
    (.good, 300), (.good, 3 * day), (.easy, 8 * day), (.good, 30 * day), (.good, 90 * day),
]

/// Configurations that the lifecycle specifications must hold for.
let lifecycleSchedulers: [(name: String, scheduler: CardScheduler)] = [
    ("no fuzz, 24 h", makeScheduler()),
    ("uniform fuzz, 24 h", makeScheduler(fuzz: .uniform)),
    ("load-balanced fuzz, Shanghai study days",
     makeScheduler(fuzz: .loadBalanced, elapsedDays: .studyDays(try! StudyCalendar(timeZoneIdentifier: "Asia/Shanghai")))),
]

@Suite("Preview, undo, reschedule and reset")
struct CardLifecycleTests {
    static let start = date("2026-02-10T20:15:00+08:00")

    @Test("a preview of each rating is exactly the review with that rating", arguments: lifecycleSchedulers.indices)
    func previewEqualsReview(_ index: Int) {
        let scheduler = lifecycleSchedulers[index].scheduler
        let results = reviewSequence(scheduler, card: Card(id: 42, due: Self.start), start: Self.start, steps: sampleHistory)
        var load = DueDayLoad(firstDay: scheduler.dayNumber(of: Self.start), dayCount: 400)
        for offset in 0 ..< 400 { load.add(onDay: load.firstDay + offset, count: (offset * 37) % 11) }
        for result in results {
            let card = result.card
            for moment in [card.due, card.due.addingTimeInterval(5 * day), card.due.addingTimeInterval(-3600)] {
                let preview = scheduler.preview(card, at: moment, dueLoad: load)
                for rating in Rating.allCases {
                    #expect(preview[rating] == scheduler.review(card, rating: rating, at: moment, dueLoad: load))
                }
            }
        }
    }

    @Test("rescheduling from the review log equals the reviews made one by one", arguments: lifecycleSchedulers.indices)
    func rescheduleEqualsSequentialReviews(_ index: Int) throws {
        let scheduler = lifecycleSchedulers[index].scheduler
        let fresh = Card(id: 42, due: Self.start)
        let results = reviewSequence(scheduler, card: fresh, start: Self.start, steps: sampleHistory)
        let log = results.map(\.review)
        let shuffled = Array(log.reversed().enumerated().sorted { ($0.offset * 7) % 10 < ($1.offset * 7) % 10 }.map(\.element))
        #expect(try scheduler.reschedule(fresh, from: shuffled) == results.last?.card)
        #expect(scheduler.reschedule(fresh, replaying: log.map { (rating: $0.rating, date: $0.reviewedAt) }) == results.last?.card)
        #expect(try scheduler.reschedule(fresh, from: []) == fresh)
    }

    @Test("rescheduling with another scheduler replays the same ratings under its settings")
    func rescheduleWithNewSettings() throws {
        let old = makeScheduler(desiredRetention: 0.9)
        let new = makeScheduler(desiredRetention: 0.8)
        let fresh = Card(id: 5, due: Self.start)
        let oldResults = reviewSequence(old, card: fresh, start: Self.start, steps: sampleHistory)
        let newResults = reviewSequence(new, card: fresh, start: Self.start, steps: sampleHistory)
        let rescheduled = try new.reschedule(fresh, from: oldResults.map(\.review))
        #expect(rescheduled == newResults.last?.card)
        #expect(rescheduled.due > oldResults.last!.card.due)
    }

    @Test("rescheduling refuses reviews of another card")
    func rescheduleRejectsForeignReviews() {
        let scheduler = makeScheduler()
        let other = scheduler.review(Card(id: 2, due: Self.start), rating: .good, at: Self.start).review
        #expect(throws: CardSchedulerError.reviewOfAnotherCard(reviewCardID: 2, cardID: 1)) {
            try scheduler.reschedule(Card(id: 1, due: Self.start), from: [other])
        }
    }

    @Test("undo restores the exact card before each review, back to the new card", arguments: lifecycleSchedulers.indices)
    func undoRestoresPreviousCard(_ index: Int) {
        let scheduler = lifecycleSchedulers[index].scheduler
        let fresh = Card(id: 42, due: Self.start)
        let results = reviewSequence(scheduler, card: fresh, start: Self.start, steps: sampleHistory)
        var expectedBefore = [fresh] + results.dropLast().map(\.card)
        for result in results.reversed() {
            let restored = scheduler.undo(result.review)
            #expect(restored == expectedBefore.removeLast())
        }
        #expect(scheduler.undo(results[0].review) == fresh)
    }

    @Test("reset makes a card new again, due now, keeping or clearing its counts", arguments: [true, false])
    func resetForgetsTheCard(keepingCounts: Bool) {
        let scheduler = makeScheduler()
        let reviewed = reviewSequence(scheduler, card: Card(id: 9, due: Self.start), start: Self.start, steps: sampleHistory).last!.card
        let now = Self.start.addingTimeInterval(400 * day)
        let reset = scheduler.reset(reviewed, at: now, keepingCounts: keepingCounts)
        #expect(reset.id == 9)
        #expect(reset.state == .new)
        #expect(reset.step == nil)
        #expect(reset.memoryState == nil)
        #expect(reset.lastReview == nil)
        #expect(reset.due == now)
        #expect(reset.reviewCount == (keepingCounts ? reviewed.reviewCount : 0))
        #expect(reset.lapses == (keepingCounts ? reviewed.lapses : 0))
        // Its next review is a first review again.
        let again = scheduler.review(reset, rating: .good, at: now).card
        #expect(again.memoryState == scheduler.model.initialState(rating: .good))
        #expect(again.state == .learning && again.step == 1)
    }

    @Test("intervals never exceed the maximum interval",
          arguments: [(1, FuzzMode.off), (30, .off), (30, .uniform), (180, .uniform), (365, .loadBalanced)])
    func maximumInterval(maximum: Int, fuzz: FuzzMode) {
        let scheduler = makeScheduler(maximumIntervalDays: maximum, fuzz: fuzz)
        let last = Self.start
        for id in Int64(0) ..< 200 {
            let card = reviewCard(id: id, stability: 50 + Double(id) * 40, lastReview: last, dueDays: 60)
            let result = scheduler.review(card, rating: .easy, at: last.addingTimeInterval(Double(60 + id) * day))
            #expect(result.review.scheduledDays >= 1 && result.review.scheduledDays <= maximum)
        }
        // An interval far beyond the maximum is cut to it; fuzz then varies it below the maximum, as Anki.
        let huge = reviewCard(stability: 30_000, lastReview: last, dueDays: 30_000)
        let days = scheduler.review(huge, rating: .good, at: last.addingTimeInterval(30_000 * day)).review.scheduledDays
        if fuzz == .off {
            #expect(days == maximum)
        } else {
            #expect(FuzzRange(intervalDays: Double(maximum), maximumIntervalDays: maximum).days.contains(days))
        }
    }

    @Test("retrievability is 1 right after a review, 0.9 after one stability, 0 for a new card")
    func retrievability() {
        let scheduler = makeScheduler()
        let last = Self.start
        let card = reviewCard(stability: 10, lastReview: last, dueDays: 10)
        #expect(scheduler.retrievability(of: card, at: last) == 1)
        #expect(abs(scheduler.retrievability(of: card, at: last.addingTimeInterval(10 * day)) - 0.9) < 1e-12)
        #expect(scheduler.retrievability(of: Card(id: 1, due: last), at: last) == 0)
    }

    @Test("review-log entries record the card, rating, time and days",
          arguments: [(0.0, 0), (600.0, 0), (86_399.0, 0), (86_400.0, 1), (10.5 * 86_400, 10)])
    func reviewLogEntry(gapSeconds: Double, elapsedDays: Int) {
        let scheduler = makeScheduler()
        let last = Self.start
        let card = reviewCard(id: 77, stability: 12, lastReview: last, dueDays: 12)
        let moment = last.addingTimeInterval(gapSeconds)
        let review = scheduler.review(card, rating: .good, at: moment).review
        #expect(review.cardID == 77)
        #expect(review.rating == .good)
        #expect(review.reviewedAt == moment)
        #expect(review.elapsedDays == elapsedDays)
        #expect(review.cardBefore == card)
    }

    @Test("invalid configurations are refused with a description of the fix",
          arguments: [
              (SchedulerConfiguration(desiredRetention: 1), SchedulerConfigurationError.desiredRetentionOutOfRange(1)),
              (SchedulerConfiguration(desiredRetention: 0), .desiredRetentionOutOfRange(0)),
              (SchedulerConfiguration(learningSteps: [60, 0]), .stepNotPositive(kind: .learning, index: 1, seconds: 0)),
              (SchedulerConfiguration(relearningSteps: [-5]), .stepNotPositive(kind: .relearning, index: 0, seconds: -5)),
              (SchedulerConfiguration(maximumIntervalDays: 0), .maximumIntervalOutOfRange(0)),
              (SchedulerConfiguration(maximumIntervalDays: 109_939), .maximumIntervalOutOfRange(109_939)),
              (SchedulerConfiguration(maximumIntervalDays: .max), .maximumIntervalOutOfRange(.max)),
              // A step of 1.7e18 minutes trapped in the day count of a review (issue 35).
              (SchedulerConfiguration(learningSteps: [60, 1.02e20]),
               .stepLongerThanMaximumInterval(kind: .learning, index: 1, seconds: 1.02e20, maximumIntervalDays: 36_500)),
              (SchedulerConfiguration(relearningSteps: [86_400 * 31], maximumIntervalDays: 30),
               .stepLongerThanMaximumInterval(kind: .relearning, index: 0, seconds: 86_400 * 31, maximumIntervalDays: 30)),
          ])
    func invalidConfiguration(configuration: SchedulerConfiguration, error: SchedulerConfigurationError) {
        #expect(throws: error) { try CardScheduler(configuration) }
        #expect(error.description.contains("e.g."))
    }

    @Test("the usage example of CardScheduler's documentation does what it says")
    func documentedExample() throws {
        let now = Self.start
        let scheduler = try CardScheduler(SchedulerConfiguration(
            elapsedDays: .studyDays(try StudyCalendar(timeZoneIdentifier: "Asia/Shanghai"))))
        var card = Card(id: 1, due: now)
        let result = scheduler.review(card, rating: .good, at: now)
        card = result.card
        #expect(card.state == .learning && card.step == 1 && card.due == now.addingTimeInterval(600))
        let buttons = scheduler.preview(card, at: card.due)
        #expect(buttons.good.card.state == .review && buttons.good.card.due > card.due)
        card = scheduler.undo(result.review)
        #expect(card == Card(id: 1, due: now))
    }

    @Test("a card is a small plain value")
    func cardIsSmall() {
        #expect(MemoryLayout<Card>.size <= 112)
        #expect(_isPOD(Card.self))
    }
}
