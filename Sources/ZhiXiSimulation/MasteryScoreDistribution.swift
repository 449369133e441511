import Foundation
import ZhiXiCore
import ZhiXiScheduler

/// How the simulated AI scores a learner's session (mastery 0–100), conditioned on whether
/// the learner recalled the lesson or weak point: a normal distribution for each case, its
/// draws rounded and clipped to 0–100. The planner's `MasteryRatingScale` then turns the
/// score into a rating, so a recalled lesson may still score below 60 (Again) and a forgotten
/// one above it, as real assessments do.
///
/// The defaults give, through the default scale, about 3 % Again, 20 % Hard, 56 % Good and
/// 21 % Easy when recalled (fsrs-rs's review defaults are 22 % Hard, 63 % Good, 15 % Easy), and
/// 84 % Again when forgotten.
package struct MasteryScoreDistribution: Sendable, Hashable {
    /// A normal distribution of scores.
    package struct Normal: Sendable, Hashable {
        /// The mean score (0–100).
        package var mean: Double
        /// The standard deviation in score points (0 or more).
        package var standardDeviation: Double

        /// A distribution with this mean and standard deviation.
        /// - Complexity: O(1).
        package init(mean: Double, standardDeviation: Double) {
            self.mean = mean
            self.standardDeviation = standardDeviation
        }
    }

    /// Scores of a lesson's first session (default mean 70, standard deviation 15).
    package var firstSession: Normal
    /// Scores of a review at which the item was recalled (default mean 82, sd 10).
    package var recalled: Normal
    /// Scores of a review at which it was forgotten (default mean 45, sd 15).
    package var forgotten: Normal

    /// The defaults described on each property; any argument overrides one.
    /// - Complexity: O(1).
    package init(firstSession: Normal = Normal(mean: 70, standardDeviation: 15),
                recalled: Normal = Normal(mean: 82, standardDeviation: 10),
                forgotten: Normal = Normal(mean: 45, standardDeviation: 15)) {
        self.firstSession = firstSession
        self.recalled = recalled
        self.forgotten = forgotten
    }

    /// A score drawn from `distribution` with two uniform numbers of `generator` (Box–Muller),
    /// rounded and clipped to 0–100. O(1).
    @inline(__always)
    static func draw(_ distribution: Normal, generator: inout SplitMix64) -> Int {
        let radius = (-2 * log(1 - generator.nextUnitInterval())).squareRoot()
        let normal = radius * cos(2 * Double.pi * generator.nextUnitInterval())
        let score = (distribution.mean + distribution.standardDeviation * normal).rounded()
        return Int(min(max(score, 0), 100))
    }

    /// Checks that means lie in 0–100 and standard deviations are finite and not negative.
    func validate() throws(SimulationConfigurationError) {
        for (name, normal) in [("firstSession", firstSession), ("recalled", recalled), ("forgotten", forgotten)] {
            guard normal.mean >= 0, normal.mean <= 100 else {
                throw .outOfRange(field: "scores.\(name).mean", value: "\(normal.mean)", allowed: "a score from 0 to 100")
            }
            guard normal.standardDeviation >= 0, normal.standardDeviation.isFinite else {
                throw .outOfRange(field: "scores.\(name).standardDeviation", value: "\(normal.standardDeviation)",
                                  allowed: "a finite number of score points, 0 or more")
            }
        }
    }
}
