#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ZhiXiMemory

/// Pre-training of the initial stabilities `w[0]…w[3]`, as fsrs-rs does before gradient
/// descent (`initialize_stability_parameters`).
///
/// For each first rating, the first long-term reviews of the cards that started with it are
/// grouped by their interval; each group's recall rate, Laplace-smoothed towards the average
/// recall of the training set (`(recall·n + average) / (n + 1)`), is a point of a retention
/// curve. The stability is the one whose power forgetting curve (with the default decay)
/// fits those points best in count-weighted cross-entropy, plus `|S − default| / 16`; it is
/// found by ternary search on 0.001…100 days. Then ``smoothed(_:counts:)`` orders the
/// stabilities by rating and fills in ratings that had no data.
enum InitialStabilityFit {
    /// The weights that keep the fill-in of missing ratings on fsrs-rs's curve.
    static let fillWeights = (0.41, 0.54)

    /// Why pre-training found nothing to fit.
    enum Failure: Error {
        /// No card has a first long-term review in the training set.
        case noFirstLongTermReviews
    }

    /// Fits the initial stabilities to first-long-term items.
    ///
    /// - Parameters:
    ///   - items: the items kept for pre-training (see `OutlierFilter`).
    ///   - averageRecall: the recall rate of the whole training set (0–1).
    /// - Returns: the four stabilities in days, and how many items each first rating had.
    static func fit(dataset: TrainingDataset, items: [Int32], averageRecall: Double) throws(Failure) -> (stabilities: [Double], counts: [Int: Int]) {
        // first rating → interval → (passes, count)
        var groups: [Int: [Int: (passes: Double, count: Double)]] = [:]
        for item in items {
            let position = Int(dataset.itemPositions[Int(item)])
            let card = Int(dataset.itemCards[Int(item)])
            let rating = Int(dataset.ratings[dataset.reviewStarts[card]])
            let days = Int(dataset.elapsedDays[position])
            var entry = groups[rating, default: [:]][days, default: (0, 0)]
            entry.passes += dataset.ratings[position] > 1 ? 1 : 0
            entry.count += 1
            groups[rating, default: [:]][days] = entry
        }
        var stabilities: [Int: Double] = [:]
        var counts: [Int: Int] = [:]
        for (rating, byInterval) in groups {
            let points = byInterval.sorted { $0.key < $1.key }
            let days = points.map { Double($0.key) }
            let count = points.map { $0.value.count }
            let recall = points.map { ($0.value.passes + averageRecall) / ($0.value.count + 1) }
            counts[rating] = Int(count.reduce(0, +))
            stabilities[rating] = search(days: days, recall: recall, count: count,
                                         defaultStability: FSRSParameters.defaultWeights[rating - 1])
        }
        return (try smoothed(stabilities, counts: counts), counts)
    }

    /// The count-weighted cross-entropy of the retention points under stability `s`, plus
    /// the pull towards the default.
    static func loss(days: [Double], recall: [Double], count: [Double], stability: Double, defaultStability: Double) -> Double {
        let decay = -FSRSParameters.defaultWeights[20]
        let factor = pow(0.9, 1 / decay) - 1
        var total = 0.0
        for index in days.indices {
            let predicted = pow(days[index] / stability * factor + 1, decay)
            total -= (recall[index] * log(predicted) + (1 - recall[index]) * log(1 - predicted)) * count[index]
        }
        return total + abs(stability - defaultStability) / 16
    }

    /// Ternary search for the stability of least ``loss(days:recall:count:stability:defaultStability:)``
    /// on 0.001…100 days (at most 1,000 steps, until the interval is below machine epsilon).
    static func search(days: [Double], recall: [Double], count: [Double], defaultStability: Double) -> Double {
        var low = FSRSParameters.minimumStability
        var high = FSRSParameters.maximumInitialStability
        var best = defaultStability
        var iterations = 0
        while high - low > Double.ulpOfOne && iterations < 1000 {
            iterations += 1
            let first = low + (high - low) / 3
            let second = high - (high - low) / 3
            if loss(days: days, recall: recall, count: count, stability: first, defaultStability: defaultStability)
                < loss(days: days, recall: recall, count: count, stability: second, defaultStability: defaultStability) {
                high = second
            } else {
                low = first
            }
            best = (high + low) / 2
        }
        return best
    }

    /// fsrs-rs's `smooth_and_fill`: keeps the ratings that had data; where a lower first
    /// rating has the higher stability, the rating with fewer items takes the other's value;
    /// missing ratings are filled in from the others on fsrs-rs's fixed power-law relation;
    /// everything is clamped to 0.001…100 days.
    /// - Throws: ``Failure/noFirstLongTermReviews`` when no rating had data.
    static func smoothed(_ input: [Int: Double], counts: [Int: Int]) throws(Failure) -> [Double] {
        var stability = input.filter { counts[$0.key] != nil }
        for (small, big) in [(1, 2), (2, 3), (3, 4), (1, 3), (2, 4), (1, 4)] {
            guard let smallValue = stability[small], let bigValue = stability[big], smallValue > bigValue else { continue }
            if counts[small]! > counts[big]! {
                stability[big] = smallValue
            } else {
                stability[small] = bigValue
            }
        }
        let (w1, w2) = fillWeights
        var value: [Double?] = [nil, stability[1], stability[2], stability[3], stability[4]]
        var result: [Double]
        switch stability.count {
        case 0:
            throw .noFirstLongTermReviews
        case 1:
            let (rating, known) = stability.first!
            let scale = known / FSRSParameters.defaultWeights[rating - 1]
            result = FSRSParameters.defaultWeights[0..<4].map { $0 * scale }.sorted()
        case 2:
            switch (value[1], value[2], value[3], value[4]) {
            case (nil, nil, let r3?, let r4?):
                let r2 = pow(r3, 1 / (1 - w2)) * pow(r4, 1 - 1 / (1 - w2))
                value[2] = r2
                value[1] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
            case (nil, let r2?, nil, let r4?):
                let r3 = pow(r2, 1 - w2) * pow(r4, w2)
                value[3] = r3
                value[1] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
            case (nil, let r2?, let r3?, nil):
                value[4] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
                value[1] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
            case (let r1?, nil, nil, let r4?):
                let denominator = w1 * -w2 + (w1 + w2)
                let r2 = pow(r1, w1 / denominator) * pow(r4, 1 - w1 / denominator)
                value[2] = r2
                value[3] = pow(r1, 1 - w2 / denominator) * pow(r4, w2 / denominator)
            case (let r1?, nil, let r3?, nil):
                let r2 = pow(r1, w1) * pow(r3, 1 - w1)
                value[2] = r2
                value[4] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
            case (let r1?, let r2?, nil, nil):
                let r3 = pow(r1, 1 - 1 / (1 - w1)) * pow(r2, 1 / (1 - w1))
                value[3] = r3
                value[4] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
            default:
                break
            }
            result = value.compactMap { $0 }
        case 3:
            switch (value[1], value[2], value[3], value[4]) {
            case (nil, let r2?, let r3?, _):
                value[1] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
            case (let r1?, nil, let r3?, _):
                value[2] = pow(r1, w1) * pow(r3, 1 - w1)
            case (_, let r2?, nil, let r4?):
                value[3] = pow(r2, 1 - w2) * pow(r4, w2)
            case (_, let r2?, let r3?, nil):
                value[4] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
            default:
                break
            }
            result = value.compactMap { $0 }
        default:
            result = value.compactMap { $0 }
        }
        return result.prefix(4).map {
            min(max($0, FSRSParameters.minimumStability), FSRSParameters.maximumInitialStability)
        }
    }
}
