import Foundation
import Testing
import ZhiXiCore
@testable import ZhiXiTraining

/// The async fits and evaluations of a `[CardReview]` and a `ReviewLogColumns`: on the
/// library's workers, the same to the last bit as the blocking calls, and cancellable.
@Suite("Async fits and evaluations that can be cancelled")
struct CancellableFitTests {
    /// A learner's log as the scheduler writes it: `cardCount` cards reviewed as they fall due
    /// for 200 days, recalled about as FSRS predicts (seeded, the same every run).
    static func log(cardCount: Int = 150) throws -> (log: [CardReview], calendar: StudyCalendar) {
        let calendar = try StudyCalendar(timeZoneIdentifier: "Asia/Shanghai")
        let scheduler = try CardScheduler(.anki(calendar: calendar))
        var generator = SplitMix64(seed: 37)
        let start = Date(timeIntervalSince1970: 1_764_400_000)
        var log: [CardReview] = []
        for number in 0 ..< cardCount {
            var card = Card(id: Int64(1_000 + number), due: start.addingTimeInterval(Double(number / 8) * 86_400))
            var count = 0
            while card.due.timeIntervalSince(start) < 200 * 86_400, count < 40 {
                let recall = card.memoryState.map { scheduler.model.retrievability(elapsedDays: 1, stability: $0.stability) } ?? 0.7
                let rating: Rating = generator.nextUnitInterval() < recall ? .good : .again
                let result = scheduler.review(card, rating: rating, at: card.due, reviewDurationMilliseconds: 5_000)
                log.append(result.review)
                card = result.card
                count += 1
            }
        }
        return (log, calendar)
    }

    /// The blocking fits (from synchronous code, where they are the ones chosen).
    static func blockingFit(_ log: [CardReview], calendar: StudyCalendar) -> OptimizationResult {
        ParameterOptimizer().optimize(log, calendar: calendar)
    }

    /// The blocking fit of a review log's columns.
    static func blockingFit(_ log: ReviewLogColumns, calendar: StudyCalendar) -> OptimizationResult {
        ParameterOptimizer().optimize(log, calendar: calendar)
    }

    @Test("the async fit of reviews and of their CSV equals the blocking fit, bit for bit")
    func asyncEqualsBlocking() async throws {
        let (log, calendar) = try Self.log()
        let blocking = Self.blockingFit(log, calendar: calendar)
        #expect(blocking.outcome == .fitted)
        let fitted = try await ParameterOptimizer().optimize(log, calendar: calendar)
        #expect(fitted.parameters.weights.map(\.bitPattern) == blocking.parameters.weights.map(\.bitPattern))
        let columns = try ReviewLogColumns(csv: CardReviewArchive.encode(log))
        let fromCSV = try await ParameterOptimizer().optimize(columns, calendar: calendar)
        #expect(fromCSV.parameters.weights.map(\.bitPattern) == Self.blockingFit(columns, calendar: calendar).parameters.weights.map(\.bitPattern))
    }

    @Test("a fit in a cancelled task throws CancellationError, for reviews and for a CSV")
    func cancelledTaskThrows() async throws {
        let (log, calendar) = try Self.log()
        let columns = try ReviewLogColumns(csv: CardReviewArchive.encode(log))
        let fits = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var thrown = 0
            do { _ = try await ParameterOptimizer().optimize(log, calendar: calendar) } catch { thrown += 1 }
            do { _ = try await ParameterOptimizer().optimize(columns, calendar: calendar) } catch { thrown += 1 }
            do { _ = try await ModelEvaluator.evaluate(.default, on: log, calendar: calendar) } catch { thrown += 1 }
            return thrown
        }
        #expect(await fits.value == 3)
    }

    @Test("the fit stops after the epoch in which it is told to stop")
    func stopsEarly() throws {
        let (log, calendar) = try Self.log()
        let dataset = TrainingDataset(reviews: log, calendar: calendar)
        let whole = ParameterOptimizer().optimize(dataset)
        let asked = Locked(0)
        let stopped = ParameterOptimizer().optimize(dataset, itemLimit: nil, progress: nil, stopping: {
            asked.withLock { $0 += 1 }
            return true
        })
        #expect(whole.epochLosses.count == OptimizerConfiguration().epochs)
        #expect(stopped.epochLosses.count == 1, "the first epoch only: \(stopped.epochLosses.count)")
        #expect(asked.withLock { $0 } == 1)
    }

    @Test("the async evaluation scores every item as the blocking metrics do")
    func evaluation() async throws {
        let (log, calendar) = try Self.log()
        let dataset = TrainingDataset(reviews: log, calendar: calendar)
        let items = 0 ..< dataset.itemCount
        let expected = ModelEvaluator.metrics(predictions: ModelEvaluator.predictions(of: .default, on: dataset, items: items), dataset: dataset,
                                              items: items, weighting: .uniform)
        #expect(try await ModelEvaluator.evaluate(.default, on: log, calendar: calendar) == expected)
        let columns = try ReviewLogColumns(csv: CardReviewArchive.encode(log))
        #expect(try await ModelEvaluator.evaluate(.default, on: columns, calendar: calendar) == expected)
    }

    @Test("a CSV log replays through the scheduler into its cards and the scheduler's log")
    func replay() throws {
        let (log, calendar) = try Self.log(cardCount: 20)
        let scheduler = try CardScheduler(.anki(calendar: calendar))
        let columns = try ReviewLogColumns(csv: CardReviewArchive.encode(log))
        let replayed = columns.replay(through: scheduler)
        #expect(replayed.cards.count == 20 && replayed.reviews.count == log.count)
        func ratingsByCard(_ reviews: [CardReview]) -> [Int64: [Rating]] {
            Dictionary(grouping: reviews.sorted { $0.reviewedAt < $1.reviewedAt }, by: \.cardID).mapValues { $0.map(\.rating) }
        }
        #expect(ratingsByCard(replayed.reviews) == ratingsByCard(log), "every card's answers, in time order")
        #expect(Set(replayed.cards.map(\.id)) == Set(log.map(\.cardID)))
    }
}
