import Foundation
import ZhiXiCore
import ZhiXiPlanner

/// A simulation ready to run, as ``SimulationRequest/prepare(_:)`` built it: the simulator,
/// the sweep of retentions and seeds, and what a report needs to describe them.
package struct PreparedSimulation: Sendable {
    /// The simulator of the request's mode.
    package enum Simulator: Sendable {
        /// Cards mode.
        case cards(CardSimulator)
        /// ZhiXi mode.
        case zhiXi(ZhiXiSimulator)
    }

    /// Where the start of a simulation from a learner (or of a new course's week) comes from.
    package enum StartSource: Sendable, Hashable {
        /// The moment given (``SimulationRequest/now``).
        case given
        /// The start of the study day after the review log's last review.
        case dayAfterLastReview
        /// The current time (a workspace without a given moment).
        case currentTime
        /// The moment given, whose UTC day places a new course's week.
        case givenPlacingWeek
    }

    /// The start of a simulation from a learner, or of a new course's shaped week.
    package struct Start: Sendable, Hashable {
        /// The moment.
        package var moment: Date
        /// Where it comes from.
        package var source: StartSource
        /// The calendar date of day 1, when the run has one.
        package var firstDate: CivilDate?
    }

    /// Where ZhiXi mode's probabilities of a new weak point come from.
    package enum WeakPointSource: Sendable, Hashable {
        /// ZhiXi's defaults.
        case defaults
        /// The learner's assessments (smoothed).
        case history(WeakPointHistory)
        /// ``SimulationRequest/weakPointRates``.
        case given
    }

    /// The simulator.
    package let simulator: Simulator
    /// The retention simulated without one given: the learner's, else 0.9.
    package let defaultRetention: Double
    /// Days simulated.
    package let spanDays: Int
    /// Cards in the deck (existing ones included), or lessons in the course.
    package let itemCount: Int
    /// Lessons already studied at the start (ZhiXi mode from a workspace).
    package let studiedAtStart: Int
    /// The learner's cards at the start (cards mode from a review log).
    package let existingCardCount: Int
    /// The daily cap in minutes, `nil` for none.
    package let dailyCapMinutes: Double?
    /// The start, when the run has one.
    package let start: Start?
    /// ZhiXi mode: where the probabilities of a new weak point come from.
    package let weakPointSource: WeakPointSource?
    /// The retentions and seeds to run.
    package let sweep: RetentionSweep

    /// What a mode's rules built, before the sweep is chosen.
    struct Parts {
        var simulator: Simulator
        var defaultRetention: Double
        var spanDays: Int
        var itemCount: Int
        var studiedAtStart = 0
        var existingCardCount = 0
        var dailyCapMinutes: Double?
        var start: Start?
        var weakPointSource: WeakPointSource?
    }

    init(_ parts: Parts, sweep: RetentionSweep) {
        simulator = parts.simulator
        defaultRetention = parts.defaultRetention
        spanDays = parts.spanDays
        itemCount = parts.itemCount
        studiedAtStart = parts.studiedAtStart
        existingCardCount = parts.existingCardCount
        dailyCapMinutes = parts.dailyCapMinutes
        start = parts.start
        weakPointSource = parts.weakPointSource
        self.sweep = sweep
    }

    /// Runs every retention of ``sweep`` with every seed, on the worker pool.
    ///
    /// - Complexity: O(retentions · seeds · days · items).
    /// - Parameter progress: called with the runs done and the runs in all, as runs finish.
    /// - Returns: the runs of every retention and the recommendation.
    package func run(progress: (@Sendable (Int, Int) -> Void)? = nil) async -> RetentionSweepResult {
        switch simulator {
        case .cards(let simulator): return await sweep.run(simulator, progress: progress)
        case .zhiXi(let simulator): return await sweep.run(simulator, progress: progress)
        }
    }

    /// What `retention` needs without the daily cap, with the sweep's seeds, against
    /// `budgetMinutes` a day or each day's own minutes in `dayAllowances`; with
    /// `searchingPace`, the most new items a day at which it never passes the budget
    /// (``BudgetNeed``).
    ///
    /// - Complexity: O(seeds · (2 + 2 log₂(pace found)) · days · items) with the pace search.
    package func budgetNeed(retention: Double, budgetMinutes: Double, dayAllowances: [Double]?, searchingPace: Bool) async -> BudgetNeed {
        await BudgetNeed.measure(retention: retention, seeds: sweep.seeds, simulator: simulator, budgetMinutes: budgetMinutes,
                                 dayAllowances: dayAllowances, searchingPace: searchingPace)
    }

    /// The card simulator's configuration (cards mode).
    package var cardsConfiguration: SimulatorConfiguration? {
        if case .cards(let simulator) = simulator { return simulator.configuration }
        return nil
    }

    /// The ZhiXi simulator's configuration (ZhiXi mode).
    package var zhiXiConfiguration: ZhiXiSimulationConfiguration? {
        if case .zhiXi(let simulator) = simulator { return simulator.configuration }
        return nil
    }
}
