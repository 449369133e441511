import Foundation
import ZhiXiCore
import ZhiXiMemory
import ZhiXiSimulation

/// What `simulate` computed, ready to be written as text, JSON, CSV or SVG: one setting
/// (one or more seeds) or a sweep of retentions, with the settings and inputs that describe
/// it, the warnings on its answer and the answer to the budget question.
struct SimulationReport {
    /// The runs.
    enum Outcome {
        /// One desired retention, one run per seed.
        case single(SimulationRuns)
        /// Several desired retentions, each with the same seeds, and the recommendation.
        case sweep(RetentionSweepResult)
    }

    /// The settings a reader needs to interpret the numbers.
    struct Setting {
        /// Cards or ZhiXi lessons.
        var mode: SimulationMode
        /// Days simulated.
        var spanDays: Int
        /// Cards in the deck, or lessons in the course.
        var itemCount: Int
        /// Lessons already studied at the start (ZhiXi mode from a workspace).
        var studiedAtStart: Int
        /// The daily cap: seconds (cards) or the budget in minutes (ZhiXi), as a phrase.
        var dailyLimit: String
        /// The daily cap in minutes, drawn as a line on the minutes chart (nil: none).
        var dailyLimitMinutes: Double?
        /// New items a day, as a phrase.
        var newPerDay: String
        /// The seeds.
        var seeds: [UInt64]
        /// The workspace simulated, if any.
        var workspace: String?
        /// Existing cards at the start (cards mode from a review log).
        var existingCards = 0
        /// The inputs, for outputs that name them.
        var inputs = Inputs()
        /// The calendar date of day 1, when the run has one (a learner's log or workspace, or
        /// `--now`): charts and sentences then name dates.
        var firstDate: CivilDate?
        /// Each day's own minutes when the learner's week differs (ZhiXi mode), which the budget
        /// is judged against.
        var dayAllowances: [Double]?
    }

    /// Every input the numbers depend on beyond the setting: where the parameters, the
    /// configuration, the learner's log or workspace came from, and the start.
    struct Inputs {
        /// `FSRS-6 defaults`, a file name, or `--params (inline JSON)`.
        var parametersSource = "FSRS-6 defaults"
        /// The parameters simulated.
        var parameters = FSRSParameters.default
        /// The `--config` file, if any.
        var configPath: String?
        /// The learner's log (`--revlog`), read.
        var learnerLog: SimulationLearnerLog?
        /// The start of a simulation from a learner (`--now`, or its default), and what it is.
        var start: Date?
        var startDescription: String?
        /// The study calendar, as text (`UTC, day starts 04:00`), when one was used.
        var calendar: String?
        /// ZhiXi mode: the probabilities that an assessment names a new weak point and where
        /// they came from.
        var weakPointProbabilities: [Double]?
        var weakPointSource: String?
        /// The budget question (`--budget`), in minutes a day, simulated as the daily cap.
        var budgetMinutes: Double?
        /// The rule of the daily cap.
        var capRule = CostCapRule.neverExceeded
    }

    var outcome: Outcome
    var setting: Setting
    /// Reasons not to take the answer at face value.
    var warnings: [SimulationWarning] = []
    /// The answer to `--budget` (for one retention, a sweep of it), if asked.
    let budget: BudgetAnswer?
    /// How the recommended retention (or the one retention) kept the daily cap, when there is
    /// one and the daily series were kept.
    let recommendedCompliance: BudgetCompliance?

    /// The report of `outcome` in `setting`, with the budget's answer and the recommended
    /// retention's days over the cap worked out once. O(retentions · seeds · days).
    init(outcome: Outcome, setting: Setting) {
        self.outcome = outcome
        self.setting = setting
        let result: RetentionSweepResult
        switch outcome {
        case .single(let runs): result = RetentionSweepResult(points: [runs])
        case .sweep(let sweep): result = sweep
        }
        let seriesKept = result.points[0].runs[0].days.count > 0
        budget = setting.inputs.budgetMinutes.flatMap { minutes in
            seriesKept ? result.budgetAnswer(minutesPerDay: minutes, dayAllowances: setting.dayAllowances) : nil
        }
        let index: Int?
        switch outcome {
        case .single: index = 0
        case .sweep(let sweep): index = sweep.recommendedIndex
        }
        if let index, let cap = setting.dailyLimitMinutes, seriesKept {
            recommendedCompliance = budget?.compliance[index]
                ?? BudgetCompliance(runs: result.points[index], minutesPerDay: cap, dayAllowances: setting.dayAllowances)
        } else {
            recommendedCompliance = nil
        }
    }

    /// The runs of every retention (one for a single setting).
    var points: [SimulationRuns] {
        switch outcome {
        case .single(let runs): [runs]
        case .sweep(let result): result.points
        }
    }

    /// The retention that answers `--budget`, if asked and one fits.
    var budgetPoint: SimulationRuns? { budget?.fittingIndex.map { points[$0] } }

    /// The runs the budget's answer names: the one that fits, or, when none does, the one that remembers the most.
    var budgetChosenPoint: SimulationRuns? { budget.map { points[$0.chosenIndex] } }

    /// The run's days by date (or number).
    var dates: SimulationDates { SimulationDates(firstDate: setting.firstDate) }

    /// What the items are called: `item` (cards) or `lesson` (ZhiXi mode), singular.
    var itemNoun: String { mode == .cards ? "item" : "lesson" }
    /// `itemNoun` in the plural.
    var itemsNoun: String { itemNoun + "s" }
    /// What the daily limit is called, as the setting line calls it: `budget` in ZhiXi mode
    /// and with `--budget`, `daily cap` otherwise.
    var limitWord: String { mode == .zhiXi || setting.inputs.budgetMinutes != nil ? "budget" : "daily cap" }

    /// Sentences on what the limits did: on how many days the cap was reached and how many
    /// reviews (tasks) waited for a later day (means over the seeds; for a sweep, the range over
    /// its retentions, each retention's figures being in its summary).
    var notes: [String] {
        func count(_ value: Double) -> String { SimulationTextReport.number(value, value.rounded() == value ? 0 : 1) }
        func span(_ values: [Double]) -> String {
            let low = values.min() ?? 0, high = values.max() ?? 0
            return low == high ? count(low) : count(low) + "–" + count(high)
        }
        let capped = points.map { $0.statistics(.capReachedDays).mean }
        let waited = points.map { $0.statistics(mode == .cards ? .deferredReviews : .spilledTasks).mean }
        guard capped.contains(where: { $0 > 0 }) || waited.contains(where: { $0 > 0 }) else { return [] }
        var note = (limitWord == "budget" ? "the daily budget" : "the daily cap") + " was reached on \(span(capped)) of \(setting.spanDays) days"
        if points.count > 1 {
            note += " (from retention \(SimulationTextReport.number(points[0].desiredRetention, 2)) to "
                + "\(SimulationTextReport.number(points[points.count - 1].desiredRetention, 2)))"
        }
        if mode == .cards {
            note += waited.contains(where: { $0 > 0 })
                ? "; \(span(waited)) due reviews waited for a later day (a review that waited twice counts twice)"
                : "; no due review waited, new cards did (they count as never started)"
        } else {
            note += "; \(span(waited)) tasks waited for a later day"
        }
        return [note]
    }

    /// The mode of the runs.
    var mode: SimulationMode { setting.mode }

    /// The summary numbers a mode reports.
    var metrics: [SummaryMetric] { SummaryMetric.metrics(for: mode) }

    /// One line describing the setting, e.g. "cards mode, 10,000 cards, 365 days, …".
    var settingLine: String {
        let items = setting.mode == .cards ? "\(grouped(setting.itemCount)) cards" : "\(grouped(setting.itemCount)) lessons"
        var parts = ["\(setting.mode == .cards ? "cards" : "ZhiXi") mode", items, "\(setting.spanDays) days",
                     setting.dailyLimit, setting.newPerDay]
        if let workspace = setting.workspace {
            parts.append("from \(workspace) (\(setting.studiedAtStart) lessons studied)")
        }
        if setting.existingCards > 0 {
            parts[1] = "\(grouped(setting.existingCards)) existing + \(grouped(setting.itemCount - setting.existingCards)) new cards"
        }
        let seeds = setting.seeds.count == 1 ? "seed \(setting.seeds[0])"
            : "\(setting.seeds.count) seeds (\(setting.seeds[0])…\(setting.seeds[setting.seeds.count - 1])), means ± standard deviation"
        parts.append(seeds)
        return parts.joined(separator: ", ")
    }

    /// The inputs in one line: parameters, configuration, learner, start.
    var inputsLine: String {
        let inputs = setting.inputs
        var parts = ["parameters " + inputs.parametersSource]
        if let config = inputs.configPath { parts.append("config " + config) }
        else if setting.mode == .cards { parts.append(inputs.learnerLog == nil ? "fsrs-rs's default configuration" : "fsrs-rs's defaults where the log says nothing") }
        if let log = inputs.learnerLog { parts.append("habits and cards from \(log.name)") }
        if let calendar = inputs.calendar { parts.append("study days in " + calendar) }
        if let start = inputs.start {
            parts.append("start \(TextFormatting.iso8601UTC(start.timeIntervalSince1970))" + (inputs.startDescription.map { " (\($0))" } ?? ""))
        }
        if let rates = inputs.weakPointProbabilities {
            parts.append("new weak point per assessment Again/Hard/Good/Easy "
                         + rates.map { TextFormatting.fixed($0, 2) }.joined(separator: "/") + (inputs.weakPointSource.map { " (\($0))" } ?? ""))
        }
        if let budget = inputs.budgetMinutes {
            parts.append("--budget \(SimulationTextReport.number(budget, budget == budget.rounded() ? 0 : 1)) min a day simulated as the daily cap")
        }
        return parts.joined(separator: "; ")
    }

    /// A whole number with thousands separators: `10,000`.
    func grouped(_ value: Int) -> String { SimulationTextReport.number(Double(value), 0) }
}

extension SummaryMetric {
    /// The label of the number in text output.
    var label: String {
        switch self {
        case .totalReviews: "reviews"
        case .totalLearned: "new items learned"
        case .memorizedAtEnd: "memorized at end"
        case .averageMinutesPerDay: "minutes a day (average)"
        case .steadyMinutesPerDay: "minutes a day (last 30 days)"
        case .steadyReviewsPerDay: "reviews a day (last 30 days)"
        case .totalMinutes: "minutes in all"
        case .correctReviews: "reviews recalled"
        case .reviewRecallRate: "recall at reviews"
        case .memorizedPerHour: "memorized per hour of study"
        case .secondsPerMemorized: "seconds per memorized item"
        case .memorizedAtStart: "memorized at start"
        case .secondsPerItemGained: "seconds per item gained"
        case .notStarted: "never started"
        case .deferredReviews: "reviews that waited (day full)"
        case .capReachedDays: "days the cap was reached"
        case .spilledTasks: "tasks moved to the next day"
        case .overBudgetDays: "days over budget (one long task)"
        case .weakPointsAppeared: "weak points named"
        case .weakPointsRetired: "weak points retired"
        case .weakPointDrills: "weak-point drills (薄弱)"
        case .activeWeakPointsAtEnd: "weak points active at end"
        case .spacedRepetitionReviews: "spaced-repetition reviews (间隔重复)"
        case .feynmanReviews: "Feynman reviews (费曼)"
        case .recallReviews: "recall reviews (回忆)"
        }
    }

    /// Decimals shown in text: counts whole, rates and averages with one or two.
    var decimals: Int {
        switch self {
        case .memorizedAtEnd, .averageMinutesPerDay, .memorizedPerHour, .secondsPerMemorized, .totalMinutes, .steadyMinutesPerDay,
             .steadyReviewsPerDay, .memorizedAtStart, .secondsPerItemGained: 1
        case .reviewRecallRate: 3
        default: 0
        }
    }

    /// The column name in CSV output (snake_case).
    var csvName: String { Self.snakeCase(rawValue) }

    /// `camelCase` as `snake_case`.
    static func snakeCase(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase {
                result.append("_")
                result.append(Character(character.lowercased()))
            } else {
                result.append(character)
            }
        }
        return result
    }
}

extension SimulationReport.Outcome {
    /// The sweep's result, `nil` for a single setting.
    var sweepResult: RetentionSweepResult? {
        if case .sweep(let result) = self { return result }
        return nil
    }
}
