import Foundation
import ZhiXiCore
import ZhiXiPlanner
import ZhiXiScheduler

/// Why a ``SimulationRequest`` cannot be simulated. The cases say what is wrong in terms of
/// the request's fields; a command line words them with its option names.
package enum SimulationRequestError: Error, Sendable, Hashable {
    /// A setting that only a simulation from a learner has.
    package enum LearnerSetting: Sendable, Hashable {
        /// ``SimulationRequest/now`` (without a shaped week).
        case now
        /// ``SimulationRequest/timeZoneIdentifier``.
        case timeZone
        /// ``SimulationRequest/dayStartHour``.
        case dayStart
    }

    /// One of the request's inputs (``SimulationRequest/Inputs``).
    package enum Input: Sendable, Hashable {
        /// The configuration file.
        case configuration
        /// The review log.
        case reviewLog
        /// The workspace.
        case workspace
    }

    /// A workspace simulates lessons, and cards mode was asked for.
    case workspaceNeedsZhiXiMode
    /// A configuration file (fsrs-rs's card simulator fields) in ZhiXi mode.
    case configurationNeedsCardsMode
    /// A review log (a learner's cards) in ZhiXi mode.
    case reviewLogNeedsCardsMode
    /// Minutes per weekday or days away (a learner's week) in cards mode.
    case weekShapeNeedsZhiXiMode
    /// A learner's setting without a learner.
    case learnerSettingWithoutLearner(LearnerSetting)
    /// Derived settings to save without a review log to derive them from.
    case savedSettingsNeedReviewLog
    /// Probabilities of a new weak point in cards mode.
    case weakPointRatesNeedZhiXiMode
    /// Both one retention and a sweep.
    case retentionAndSweep
    /// A sweep of this one retention.
    case sweepOfOneRetention(Double)
    /// New cards a day that are not a whole number (cards mode).
    case fractionalNewCards(Double)
    /// A daily cap that is not a whole number of minutes (ZhiXi mode).
    case fractionalDailyCap(Double)
    /// A budget question that is not a whole number of minutes (ZhiXi mode).
    case fractionalBudget(Double)
    /// The size of a new course with a workspace, whose course is its lessons.
    case courseSizeWithWorkspace
    /// Both the budget question (these minutes, simulated as the daily cap) and a daily cap.
    case budgetAndDailyCap(Double)
    /// The learner's calendar cannot be made.
    case calendar(SchedulerConfigurationError)
    /// An input the request names is missing from its ``SimulationRequest/Inputs``.
    case missingInput(Input)
    /// The configuration file holds a key twice.
    case configurationDuplicateKey(JSONDuplicateKey)
    /// The configuration file cannot be read as fsrs-rs's `SimulatorConfig`.
    case configuration(SimulationConfigurationError)
    /// The planner cannot read the workspace.
    case workspace(PlannerError)
    /// The review log's start is before a card's last review.
    case startBeforeLastReview(start: Date, reason: SimulationConfigurationError)
    /// The simulator (or the sweep) refuses the settings.
    case refused(SimulationConfigurationError)
    /// More simulated item-days than ``SimulationRequest/maximumItemDays``.
    case tooMuchWork(SimulationWorkLimit)
    /// More days of daily series than ``SimulationRequest/maximumSeriesDays``.
    case tooManySeriesDays(SimulationWorkLimit)
}
