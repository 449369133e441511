import Foundation
import ZhiXiCore
import ZhiXiLocalization
import ZhiXiMemory
import ZhiXiModel
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
    /// Anki's own optimal retention for the preset, when the review log is an Anki file
    /// (cards mode).
    var ankiOptimalRetention: AnkiOptimalRetention?
    /// The answer to `--budget` (for one retention, a sweep of it), if asked.
    let budget: BudgetAnswer?
    /// How the recommended retention (or the one retention) kept the daily cap, when there is
    /// one and the daily series were kept.
    let recommendedCompliance: BudgetCompliance?
    /// With `--budget`: what the budget's retention needs without the cap, with the pace of new
    /// items at which it fits when it fits under the cap.
    var budgetNeed: BudgetNeed?
    /// With `--budget`: what the recommended retention needs without the cap, when it is not the
    /// budget's.
    var recommendedNeed: BudgetNeed?

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
    /// its retentions, each retention's figures being in its summary). English, as JSON has them.
    var notes: [String] { notes(words: AppLanguage.english.localization) }

    /// ``notes`` in `words`' language.
    func notes(words: Localization) -> [String] {
        func count(_ value: Double) -> String { SimulationTextReport.number(value, value.rounded() == value ? 0 : 1) }
        func span(_ values: [Double]) -> String {
            let low = values.min() ?? 0, high = values.max() ?? 0
            return low == high ? count(low) : count(low) + "–" + count(high)
        }
        func say(_ key: String, _ values: [String: String] = [:]) -> String { words.sentence("simulate.note." + key, in: .commands, values) }
        let capped = points.map { $0.statistics(.capReachedDays).mean }
        let waited = points.map { $0.statistics(mode == .cards ? .deferredReviews : .spilledTasks).mean }
        guard capped.contains(where: { $0 > 0 }) || waited.contains(where: { $0 > 0 }) else { return [] }
        var values = ["limit": say(limitWord == "budget" ? "limit.budget" : "limit.dailyCap"), "capped": span(capped), "days": String(setting.spanDays)]
        values["range"] = points.count < 2 ? ""
            : say("range", [
                "from": SimulationTextReport.number(points[0].desiredRetention, 2),
                "to": SimulationTextReport.number(points[points.count - 1].desiredRetention, 2),
            ])
        values["waited"] = mode != .cards ? say("waited.tasks", ["count": span(waited)])
            : waited.contains(where: { $0 > 0 }) ? say("waited.reviews", ["count": span(waited)]) : say("waited.newCards")
        return [words.sentence("simulate.note", in: .commands, values)]
    }

    /// The mode of the runs.
    var mode: SimulationMode { setting.mode }

    /// The summary numbers a mode reports.
    var metrics: [SummaryMetric] { SummaryMetric.metrics(for: mode) }

    /// One line describing the setting, e.g. "cards mode, 10,000 cards, 365 days, …" (English,
    /// as the chart has it; the text report's is ``settingLine(words:)``).
    var settingLine: String { settingLine(words: AppLanguage.english.localization) }

    /// ``settingLine`` in `words`' language (the setting's phrases are in the language they were made in).
    func settingLine(words: Localization) -> String {
        func say(_ key: String, _ values: [String: String] = [:]) -> String { words.sentence("simulate.setting." + key, in: .commands, values) }
        let cards = setting.mode == .cards
        var parts = [say(cards ? "cardsMode" : "zhiXiMode"), say(cards ? "cards" : "lessons", ["count": grouped(setting.itemCount)]),
                     say("days", ["count": String(setting.spanDays)]), setting.dailyLimit, setting.newPerDay]
        if let workspace = setting.workspace {
            parts.append(say("workspace", ["name": workspace, "studied": String(setting.studiedAtStart)]))
        }
        if setting.existingCards > 0 {
            parts[1] = say("existingCards", ["existing": grouped(setting.existingCards), "new": grouped(setting.itemCount - setting.existingCards)])
        }
        let seeds = setting.seeds.count == 1 ? say("seed", ["seed": String(setting.seeds[0])])
            : say("seeds", [
                "count": String(setting.seeds.count), "first": String(setting.seeds[0]), "last": String(setting.seeds[setting.seeds.count - 1]),
            ])
        parts.append(seeds)
        return parts.joined(separator: words.text("simulate.setting.separator", in: .commands))
    }

    /// The inputs in one line: parameters, configuration, learner, start (English, as the chart has it).
    var inputsLine: String { inputsLine(words: AppLanguage.english.localization) }

    /// ``inputsLine`` in `words`' language.
    func inputsLine(words: Localization) -> String {
        func say(_ key: String, _ values: [String: String] = [:]) -> String { words.sentence("simulate.input." + key, in: .commands, values) }
        let inputs = setting.inputs
        // The defaults are named in the language; a file's name, or --params, as they are.
        var parts = [inputs.parametersSource == Inputs().parametersSource ? say("parameters.defaults")
                     : say("parameters", ["source": inputs.parametersSource])]
        if let config = inputs.configPath { parts.append(say("config", ["path": config])) }
        else if setting.mode == .cards { parts.append(say(inputs.learnerLog == nil ? "defaultConfiguration" : "defaultsBesideLog")) }
        if let log = inputs.learnerLog { parts.append(say("log", ["name": log.name])) }
        if let calendar = inputs.calendar { parts.append(say("calendar", ["calendar": calendar])) }
        if let start = inputs.start {
            let moment = TextFormatting.iso8601UTC(start.timeIntervalSince1970)
            parts.append(inputs.startDescription.map { say("startFrom", ["moment": moment, "source": $0]) } ?? say("start", ["moment": moment]))
        }
        if let rates = inputs.weakPointProbabilities {
            let list = rates.map { TextFormatting.fixed($0, 2) }.joined(separator: "/")
            parts.append(inputs.weakPointSource.map { say("weakPointsFrom", ["rates": list, "source": $0]) } ?? say("weakPoints", ["rates": list]))
        }
        if let budget = inputs.budgetMinutes {
            parts.append(say("budget", ["minutes": SimulationTextReport.number(budget, budget == budget.rounded() ? 0 : 1)]))
        }
        return parts.joined(separator: words.text("report.partSeparator", in: .commands))
    }

    /// A whole number with thousands separators: `10,000`.
    func grouped(_ value: Int) -> String { SimulationTextReport.number(Double(value), 0) }
}

extension SummaryMetric {
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
