import Foundation
import ZhiXiCore
import ZhiXiModel
import ZhiXiSimulation

extension SimulationReport.Setting {
    /// The setting of `prepared` in words, as the report lines and outputs show it: the daily
    /// limit, the pace of new items, the start and where each input came from.
    /// - Parameters:
    ///   - prepared: the simulation the request built.
    ///   - request: the request.
    ///   - inputs: the inputs described so far (parameters, configuration file, review log).
    ///   - workspacePath: the workspace's path, when one was simulated.
    init(_ prepared: PreparedSimulation, request: SimulationRequest, inputs given: SimulationReport.Inputs, workspacePath: String?) {
        var inputs = given
        func minutes(_ value: Double) -> String { SimulationTextReport.number(value, value == value.rounded() ? 0 : 1) }
        if let start = prepared.start {
            inputs.start = start.moment
            inputs.startDescription = switch start.source {
            case .given: "--now"
            case .dayAfterLastReview: "the study day after the log's last review"
            case .currentTime: "the current time"
            case .givenPlacingWeek: "--now, whose UTC day places the week"
            }
        }
        if let used = inputs.learnerLog?.calendar {
            inputs.calendar = "\(used.timeZoneIdentifier), day starts \(used.dayStartHour < 10 ? "0" : "")\(used.dayStartHour):00"
        }
        switch prepared.simulator {
        case .cards(let simulator):
            let configuration = simulator.configuration
            inputs.capRule = configuration.costCapRule
            let cap = prepared.dailyCapMinutes
            self.init(mode: .cards, spanDays: prepared.spanDays, itemCount: prepared.itemCount, studiedAtStart: 0,
                      dailyLimit: cap.map { (request.budgetMinutes == nil ? "at most " : "budget ") + "\(minutes($0)) min a day" }
                          ?? "no daily cap",
                      dailyLimitMinutes: cap,
                      newPerDay: configuration.learnLimitPerDay == .max
                          ? "new cards unlimited" : "at most \(configuration.learnLimitPerDay) new cards a day",
                      seeds: prepared.sweep.seeds, workspace: nil)
            existingCards = prepared.existingCardCount
        case .zhiXi(let simulator):
            let configuration = simulator.configuration
            inputs.weakPointProbabilities = configuration.weakPoints.newWeakPointProbabilities
            inputs.weakPointSource = switch prepared.weakPointSource {
            case .history(let history):
                "from \(history.assessments.reduce(0, +)) assessments naming \(history.newWeakPoints.reduce(0, +)) new weak points, smoothed"
            case .given: "--weak-point-rate"
            case .defaults, nil: "ZhiXi's defaults"
            }
            let rate = configuration.newLessonsPerDay
            let rateText = SimulationTextReport.number(rate, rate == rate.rounded() ? 0 : 2)
            self.init(mode: .zhiXi, spanDays: prepared.spanDays, itemCount: prepared.itemCount, studiedAtStart: prepared.studiedAtStart,
                      dailyLimit: (configuration.dailyMinutes > 0 ? "budget \(configuration.dailyMinutes) min a day" : "no daily budget")
                          + Self.weekText(configuration),
                      dailyLimitMinutes: prepared.dailyCapMinutes,
                      newPerDay: "\(rateText) new lesson\(rate == 1 ? "" : "s") a day", seeds: prepared.sweep.seeds,
                      workspace: workspacePath.map { $0 == "-" ? "standard input" : URL(fileURLWithPath: $0).lastPathComponent })
            dayAllowances = configuration.dayAllowances()
        }
        firstDate = prepared.start?.firstDate
        self.inputs = inputs
    }

    /// The week of a ZhiXi simulation for its setting line: ` (sat 15, sun 0; away 2026-12-24–2026-12-27)`,
    /// empty when every day has the daily budget.
    private static func weekText(_ configuration: ZhiXiSimulationConfiguration) -> String {
        var parts: [String] = []
        if let table = configuration.weekdayMinutes {
            let days = [2, 3, 4, 5, 6, 7, 1].compactMap { weekday in
                table[weekday: weekday].map { "\(WeekdayMinutes.keys[weekday - 1]) \($0)" }
            }
            if !days.isEmpty { parts.append(days.joined(separator: ", ")) }
        }
        if !configuration.breaks.isEmpty {
            parts.append("away " + configuration.breaks.map { "\($0.from)–\($0.to)" }.joined(separator: ", "))
        }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: "; ") + ")"
    }
}
