import ZhiXiSimulation

/// What `simulate` computed, ready to be written as text, JSON, CSV or SVG: one setting
/// (one or more seeds) or a sweep of retentions, with the settings that describe it.
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
    }

    var outcome: Outcome
    var setting: Setting

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
        let seeds = setting.seeds.count == 1 ? "seed \(setting.seeds[0])"
            : "\(setting.seeds.count) seeds (\(setting.seeds[0])…\(setting.seeds[setting.seeds.count - 1])), means ± standard deviation"
        parts.append(seeds)
        return parts.joined(separator: ", ")
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
        case .totalMinutes: "minutes in all"
        case .correctReviews: "reviews recalled"
        case .reviewRecallRate: "recall at reviews"
        case .memorizedPerHour: "memorized per hour of study"
        case .secondsPerMemorized: "seconds per memorized item"
        case .notStarted: "never started"
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
        case .memorizedAtEnd, .averageMinutesPerDay, .memorizedPerHour, .secondsPerMemorized, .totalMinutes: 1
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
