import Foundation
import Testing
import ZhiXiCore
import ZhiXiModel
import ZhiXiPlanner
import ZhiXiScheduler
@testable import ZhiXiTraining

/// The columns of two datasets, side by side.
private func sameItems(_ left: TrainingDataset, _ right: TrainingDataset) -> Bool {
    left.cardIDs == right.cardIDs && left.reviewStarts == right.reviewStarts && left.ratings == right.ratings
        && left.elapsedDays == right.elapsedDays && left.secondsSince1970 == right.secondsSince1970
        && left.itemPositions == right.itemPositions && left.itemCards == right.itemCards
}

/// A scheduler's log: 30 cards learned and reviewed over four months on Shanghai's study days.
private func schedulerLog(calendar: StudyCalendar) throws -> [CardReview] {
    let scheduler = try CardScheduler(.anki(calendar: calendar))
    var generator = SplitMix64(seed: 18)
    var log: [CardReview] = []
    let start = Date(timeIntervalSince1970: 1_764_400_000.123_456)
    for cardID in Int64(1_764_000_000_000) ..< 1_764_000_000_030 {
        var card = Card(id: cardID, due: start)
        var moment = start.addingTimeInterval(Double(generator.next() % 86_400))
        while moment.timeIntervalSince(start) < 120 * 86_400 {
            let rating: Rating = generator.nextUnitInterval() < 0.15 ? .again : generator.nextUnitInterval() < 0.2 ? .hard : .good
            let result = scheduler.review(card, rating: rating, at: moment)
            log.append(result.review)
            card = result.card
            moment = card.due.addingTimeInterval(Double(generator.next() % 40_000))
        }
    }
    return log
}

@Suite("Training doors: the scheduler's own log and a learner's planner input")
struct TrainingDoorsTests {
    @Test("the scheduler's log gives the items of the same log written as a review-log CSV, card ids as decimal text")
    func schedulerLogIsAReviewLog() throws {
        let calendar = try StudyCalendar(timeZoneIdentifier: "Asia/Shanghai")
        let log = try schedulerLog(calendar: calendar)
        var generator = SplitMix64(seed: 7)
        let dataset = TrainingDataset(reviews: log.shuffled(using: &generator), calendar: calendar)
        let csv = try ReviewLogColumns(csv: CardReviewArchive.encode(log))
        #expect(sameItems(dataset, TrainingDataset(ReviewTimelines(log: csv, calendar: calendar))))
        #expect(dataset.cardIDs == (Int64(1_764_000_000_000) ..< 1_764_000_000_030).map { String($0) })
        #expect(dataset.cardIDs.compactMap(Int64.init) == Set(log.map(\.cardID)).sorted())
        #expect(dataset.itemCount > 100)
        #expect(sameItems(dataset, TrainingDataset(reviews: log.map(\.archived), calendar: calendar)), "the archived log gives the same")
    }

    @Test("a card reset by the scheduler is trained from its new start, and a card whose log begins mid-life is left out")
    func learningPhaseRules() throws {
        let calendar = StudyCalendar.utc
        let scheduler = try CardScheduler(.anki(calendar: calendar))
        let start = Date(timeIntervalSince1970: 1_764_400_000)
        var card = Card(id: 1, due: start)
        var log: [CardReview] = []
        for day in [0.0, 0.01, 3, 10] {
            let result = scheduler.review(card, rating: .good, at: start.addingTimeInterval(day * 86_400))
            log.append(result.review)
            card = result.card
        }
        card = scheduler.reset(card, at: start.addingTimeInterval(20 * 86_400))
        for day in [20.0, 20.01, 25] {
            let result = scheduler.review(card, rating: .good, at: start.addingTimeInterval(day * 86_400))
            log.append(result.review)
            card = result.card
        }
        let imported = Card(id: 2, state: .review, step: nil, memoryState: MemoryState(stability: 5, difficulty: 5),
                            due: start, lastReview: start.addingTimeInterval(-5 * 86_400), reviewCount: 4, lapses: 0)
        log.append(scheduler.review(imported, rating: .good, at: start).review)
        let dataset = TrainingDataset(reviews: log, calendar: calendar)
        #expect(dataset.cardIDs == ["1"])
        #expect(dataset.reviewCount == 3, "the history before the reset is left out")
    }

    @Test("a learner's planner input gives the items the planner's histories hold, one card per lesson and weak point")
    func plannerDoor() throws {
        let dataset = try sampleLearnerDataset()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let workspace = try LearnerWorkspace(jsonData: Data(contentsOf: root.appendingPathComponent("data/sample-workspace.json")))
        let now = try #require(ISO8601Timestamp.date(from: "2026-11-29T09:00:00+08:00"))
        let histories = try ReviewPlanner().reviewHistories(PlannerInput(workspace: workspace), now: now)
        #expect(sameItems(dataset, TrainingDataset(plannerHistories: histories)))
        #expect(dataset.cardCount == histories.count)
        #expect(dataset.reviewCount == histories.reduce(0) { $0 + $1.reviews.count })
        let weakPoint = try #require(histories.first { $0.weakPoint != nil })
        #expect(dataset.cardIDs.contains(weakPoint.lessonID + " / " + weakPoint.weakPoint!))
    }
}
