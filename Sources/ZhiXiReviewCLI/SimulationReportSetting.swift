import Foundation
import ZhiXiCore
import ZhiXiLocalization
import ZhiXiModel
import ZhiXiSimulation

extension SimulationReport.Setting {
    /// The setting of `prepared` in words, as the report lines and outputs show it: the daily
    /// limit, the pace of new items, the start and where each input came from, in `words`'
    /// language (English for JSON and the chart, which share them).
    /// - Parameters:
    ///   - prepared: the simulation the request built.
    ///   - request: the request.
    ///   - inputs: the inputs described so far (parameters, configuration file, review log).
    ///   - workspacePath: the workspace's path, when one was simulated.
    ///   - words: the language of the phrases.
    init(_ prepared: PreparedSimulation, request: SimulationRequest, inputs given: SimulationReport.Inputs, workspacePath: String?,
         words: Localization = AppLanguage.english.localization) {
        var inputs = given
        func say(_ key: String, _ values: [String: String] = [:]) -> String { words.sentence("simulate.setting." + key, in: .commands, values) }
        func minutes(_ value: Double) -> String { SimulationTextReport.number(value, value == value.rounded() ? 0 : 1) }
        if let start = prepared.start {
            inputs.start = start.moment
            inputs.startDescription = switch start.source {
            case .given: "--now"
            case .dayAfterLastReview: say("start.dayAfterLastReview")
            case .currentTime: say("start.currentTime")
            case .givenPlacingWeek: say("start.givenPlacingWeek")
            }
        }
        if let used = inputs.learnerLog?.calendar {
            inputs.calendar = say("calendar", ["zone": used.timeZoneIdentifier, "hour": (used.dayStartHour < 10 ? "0" : "") + String(used.dayStartHour)])
        }
        switch prepared.simulator {
        case .cards(let simulator):
            let configuration = simulator.configuration
            inputs.capRule = configuration.costCapRule
            let cap = prepared.dailyCapMinutes
            self.init(mode: .cards, spanDays: prepared.spanDays, itemCount: prepared.itemCount, studiedAtStart: 0,
                      dailyLimit: cap.map { say(request.budgetMinutes == nil ? "cap" : "budget", ["minutes": minutes($0)]) } ?? say("noCap"),
                      dailyLimitMinutes: cap,
                      newPerDay: configuration.learnLimitPerDay == .max
                          ? say("newCardsUnlimited") : say("newCards", ["count": String(configuration.learnLimitPerDay)]),
                      seeds: prepared.sweep.seeds, workspace: nil)
            existingCards = prepared.existingCardCount
        case .zhiXi(let simulator):
            let configuration = simulator.configuration
            inputs.weakPointProbabilities = configuration.weakPoints.newWeakPointProbabilities
            inputs.weakPointSource = switch prepared.weakPointSource {
            case .history(let history):
                say("weakPoints.history", [
                    "assessments": String(history.assessments.reduce(0, +)), "weakPoints": String(history.newWeakPoints.reduce(0, +)),
                ])
            case .given: "--weak-point-rate"
            case .defaults, nil: say("weakPoints.defaults")
            }
            let rate = configuration.newLessonsPerDay
            let rateText = SimulationTextReport.number(rate, rate == rate.rounded() ? 0 : 2)
            self.init(mode: .zhiXi, spanDays: prepared.spanDays, itemCount: prepared.itemCount, studiedAtStart: prepared.studiedAtStart,
                      dailyLimit: (configuration.dailyMinutes > 0 ? say("budget", ["minutes": String(configuration.dailyMinutes)]) : say("noBudget"))
                          + Self.weekText(configuration, words: words),
                      dailyLimitMinutes: prepared.dailyCapMinutes,
                      newPerDay: say(rate == 1 ? "newLesson" : "newLessons", ["count": rateText]), seeds: prepared.sweep.seeds,
                      workspace: workspacePath.map { $0 == "-" ? say("standardInput") : URL(fileURLWithPath: $0).lastPathComponent })
            dayAllowances = configuration.dayAllowances()
        }
        firstDate = prepared.start?.firstDate
        self.inputs = inputs
    }

    /// The week of a ZhiXi simulation for its setting line: ` (sat 15, sun 0; away 2026-12-24–2026-12-27)`,
    /// empty when every day has the daily budget.
    private static func weekText(_ configuration: ZhiXiSimulationConfiguration, words: Localization) -> String {
        var parts: [String] = []
        if let table = configuration.weekdayMinutes {
            let days = [2, 3, 4, 5, 6, 7, 1].compactMap { weekday in
                table[weekday: weekday].map { "\(WeekdayMinutes.keys[weekday - 1]) \($0)" }
            }
            if !days.isEmpty { parts.append(days.joined(separator: words.text("simulate.listSeparator", in: .commands))) }
        }
        if !configuration.breaks.isEmpty {
            let breaks = configuration.breaks.map { "\($0.from)–\($0.to)" }.joined(separator: words.text("simulate.listSeparator", in: .commands))
            parts.append(words.sentence("simulate.setting.away", in: .commands, ["breaks": breaks]))
        }
        guard !parts.isEmpty else { return "" }
        return words.sentence("simulate.setting.week", in: .commands, ["text": parts.joined(separator: words.text("report.partSeparator", in: .commands))])
    }
}
