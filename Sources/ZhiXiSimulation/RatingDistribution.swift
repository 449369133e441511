import ZhiXiMemory

/// A probability row over up to four ratings, drawn by inverting its cumulative
/// probabilities: the row is normalised by its sum (as fsrs-rs's `WeightedIndex`), and a
/// uniform number `u` in 0..<1 picks the first rating whose cumulative probability exceeds
/// it. Ratings with probability 0 are never drawn. O(1), no allocation.
struct RatingDistribution: Sendable {
    /// Cumulative probabilities of the first three outcomes; the fourth takes the rest.
    private let first: Double
    private let second: Double
    private let third: Double
    /// The rating of outcome 0 (Again for a four-way row, Hard for a review row).
    private let offset: Int

    /// A distribution over `probabilities.count` (3 or 4) ratings, the first of which is
    /// `firstRating`.
    init(_ probabilities: [Double], firstRating: Rating = .again) {
        let sum = probabilities.reduce(0, +)
        var cumulative: [Double] = []
        var running = 0.0
        for probability in probabilities {
            running += probability / sum
            cumulative.append(running)
        }
        // The last outcome takes everything from the one before it up to 1.
        cumulative[cumulative.count - 1] = 1
        while cumulative.count < 4 { cumulative.append(1) }
        first = cumulative[0]
        second = cumulative[1]
        third = cumulative[2]
        offset = firstRating.rawValue
    }

    /// The rating that the uniform number `unit` (0..<1) draws.
    @inline(__always)
    func rating(unit: Double) -> Rating {
        let index = unit < first ? 0 : (unit < second ? 1 : (unit < third ? 2 : 3))
        return RatingDistribution.rating(rawValue: index + offset)
    }

    /// The rating with a raw value 1–4, without an optional.
    @inline(__always)
    static func rating(rawValue: Int) -> Rating {
        switch rawValue {
        case 1: .again
        case 2: .hard
        case 3: .good
        default: .easy
        }
    }
}

/// Seconds that each of the four ratings costs in one state (learning, review or
/// relearning). O(1).
struct RatingCosts: Sendable {
    private let again: Double
    private let hard: Double
    private let good: Double
    private let easy: Double

    /// The costs of Again, Hard, Good, Easy.
    init(_ costs: [Double]) {
        again = costs[0]
        hard = costs[1]
        good = costs[2]
        easy = costs[3]
    }

    /// Seconds of a rating.
    @inline(__always)
    subscript(rating: Rating) -> Double {
        switch rating {
        case .again: again
        case .hard: hard
        case .good: good
        case .easy: easy
        }
    }
}
