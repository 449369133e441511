import Foundation
import ZhiXiCore
import ZhiXiMemory
import ZhiXiScheduler
import ZhiXiTraining

/// A generated review log that looks like a real learner's: cards introduced over half a
/// year, reviewed when due with recall drawn from the memory model's own prediction.
/// Deterministic for a seed.
enum SyntheticReviewLog {
    static func log(cards: Int, seed: UInt64, days: Int = 190) -> ReviewLogColumns {
        var log = ReviewLogColumns()
        for row in rows(cards: cards, seed: seed, days: days) {
            log.append(cardID: String(row.cardID), secondsSince1970: row.reviewedAt.timeIntervalSince1970,
                       rating: UInt8(row.rating!.rawValue))
        }
        return log
    }

    static func rows(cards: Int, seed: UInt64, days: Int = 190) -> [ReviewLogRow] {
        var random = SplitMix64(seed: seed)
        let model = MemoryModel()
        var entries: [ReviewLogRow] = []
        let start = 1_711_684_800.0 // 2024-03-29T04:00:00Z
        for card in 0..<cards {
            var day = Int(random.nextUnitInterval() * Double(days - 10))
            var state: MemoryState?
            var elapsed = 0.0
            while day < days {
                let recall = state.map { model.retrievability(elapsedDays: elapsed, stability: $0.stability) } ?? 0.6
                let draw = random.nextUnitInterval()
                let rating: Rating = draw > recall ? .again : (draw > recall * 0.9 ? .hard : (draw > recall * 0.15 ? .good : .easy))
                let time = start + Double(day) * 86_400 + 3_600 * (1 + random.nextUnitInterval() * 14)
                entries.append(ReviewLogRow(cardID: Int64(1_711_684_000_000 + card), reviewedAt: Date(timeIntervalSince1970: time),
                                            rating: rating, kind: nil))
                state = model.nextState(after: state, elapsedDays: elapsed, rating: rating)
                let interval = rating == .again ? 1 : model.roundedInterval(stability: state!.stability, desiredRetention: 0.9)
                elapsed = Double(interval)
                day += interval
            }
        }
        return entries.sorted { $0.reviewedAt < $1.reviewedAt }
    }
}
