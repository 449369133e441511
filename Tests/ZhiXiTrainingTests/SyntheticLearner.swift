import ZhiXiCore
import ZhiXiMemory
import ZhiXiScheduler
@testable import ZhiXiTraining

/// A simulated learner whose memory follows FSRS-6 with known weights: the data of the
/// recovery and determinism tests.
///
/// Each card is learned on day 0 (a first rating drawn from fixed shares; Again and Hard get
/// a same-day step rated Good), then reviewed at intervals of its current stability times a
/// random factor (0.4–2.5, at least one day); each review is recalled with the model's
/// retrievability, and rated Hard, Good or Easy when recalled, Again when not.
struct SyntheticLearner {
    let model: MemoryModel

    /// Weights different enough from the defaults that recovering them is not trivial.
    static let trueWeights: [Double] = [
        0.4, 1.8, 4.0, 12.0, 6.8, 0.6, 2.5, 0.02, 1.6, 0.2, 0.9, 1.7, 0.08, 0.35, 1.9, 0.5, 2.2,
        0.4, 0.2, 0.1, 0.3,
    ]

    init(weights: [Double] = SyntheticLearner.trueWeights) {
        model = try! MemoryModel(weights: weights)
    }

    /// One review of a card.
    struct Review {
        var cardID: String
        var rating: Rating
        var day: Int
        var second: Double
    }

    /// `cards` cards with up to `reviewsPerCard` reviews each, all in time order per card.
    func reviews(cards: Int, reviewsPerCard: Int, seed: UInt64) -> [Review] {
        var generator = SplitMix64(seed: seed)
        var result: [Review] = []
        for card in 0..<cards {
            let id = String(1_700_000_000_000 + card * 1_000)
            var day = Int(generator.next() % 200)
            var second = Double(day) * 86_400 + 43_200 + Double(generator.next() % 3_600)
            let draw = generator.nextUnitInterval()
            let first: Rating = draw < 0.2 ? .again : draw < 0.3 ? .hard : draw < 0.9 ? .good : .easy
            var state = model.initialState(rating: first)
            result.append(Review(cardID: id, rating: first, day: day, second: second))
            if first == .again || first == .hard {
                second += 600
                state = model.nextState(after: state, elapsedDays: 0, rating: .good)
                result.append(Review(cardID: id, rating: .good, day: day, second: second))
            }
            for _ in 1..<reviewsPerCard {
                let factor = 0.4 + 2.1 * generator.nextUnitInterval()
                let interval = max(1, Int((state.stability * factor).rounded()))
                guard interval < 400 else { break }
                day += interval
                second = Double(day) * 86_400 + 43_200 + Double(generator.next() % 3_600)
                let recall = model.retrievability(elapsedDays: Double(interval), stability: state.stability)
                let rating: Rating
                if generator.nextUnitInterval() < recall {
                    let kind = generator.nextUnitInterval()
                    rating = kind < 0.15 ? .hard : kind < 0.9 ? .good : .easy
                } else {
                    rating = .again
                }
                state = model.nextState(after: state, elapsedDays: Double(interval), rating: rating)
                result.append(Review(cardID: id, rating: rating, day: day, second: second))
            }
        }
        return result
    }

    /// The reviews as a log's columns, rows in the given order.
    static func log(_ reviews: [Review]) -> ReviewLogColumns {
        var log = ReviewLogColumns()
        for review in reviews {
            log.append(cardID: review.cardID, secondsSince1970: review.second, rating: UInt8(review.rating.rawValue))
        }
        return log
    }

    /// The reviews as a training dataset (study days in UTC from 04:00; the reviews fall
    /// between noon and 13:00, on their day).
    static func dataset(_ reviews: [Review]) -> TrainingDataset {
        TrainingDataset(ReviewTimelines(log: log(reviews), calendar: .utc))
    }
}
