import Foundation
import ZhiXiCore
import ZhiXiSimulation

/// `simulate`'s words for what ``SimulationRequestError`` says is wrong: the option names,
/// the file named, and the exit status (64 for options that do not go together or a
/// simulation refused, 65 for a file that cannot be read as what it should be).
enum SimulationRequestMessages {
    /// The error `error` as `simulate` reports it; `configPath` and `workspacePath` name the
    /// files given.
    static func commandError(_ error: SimulationRequestError, arguments: ParsedArguments, configPath: String?,
                             workspacePath: String?) -> CommandError {
        func named(_ path: String?) -> String { FileAccess.displayName(path ?? "-") }
        switch error {
        case .workspaceNeedsZhiXiMode:
            return arguments.usageError(key: "simulate.workspaceNeedsZhiXiMode")
        case .configurationNeedsCardsMode:
            return arguments.usageError(key: "simulate.configurationNeedsCardsMode")
        case .reviewLogNeedsCardsMode:
            return arguments.usageError(key: "simulate.reviewLogNeedsCardsMode")
        case .weekShapeNeedsZhiXiMode:
            return arguments.usageError(key: "simulate.weekShapeNeedsZhiXiMode")
        case .learnerSettingWithoutLearner(let setting):
            let option = switch setting {
            case .now: SimulateCommand.options.now.name
            case .timeZone: SimulateCommand.options.timeZone.name
            case .dayStart: SimulateCommand.options.dayStart.name
            }
            return arguments.usageError(key: setting == .now ? "simulate.nowWithoutLearner" : "simulate.settingWithoutLearner",
                                        ["option": "--" + option])
        case .savedSettingsNeedReviewLog:
            return arguments.usageError(key: "simulate.savedSettingsNeedReviewLog")
        case .weakPointRatesNeedZhiXiMode:
            return arguments.usageError(key: "simulate.weakPointRatesNeedZhiXiMode")
        case .retentionAndSweep:
            return arguments.usageError(key: "simulate.retentionAndSweep")
        case .sweepOfOneRetention(let retention):
            return arguments.usageError(key: "simulate.sweepOfOneRetention", ["retention": "\(retention)"])
        case .fractionalNewCards(let value):
            return notWhole(SimulateCommand.options.newPerDay, value, key: "simulate.notWhole.cards", arguments: arguments)
        case .fractionalDailyCap(let value):
            return notWhole(SimulateCommand.options.maximumMinutes, value, key: "simulate.notWhole.minutes", arguments: arguments)
        case .fractionalBudget(let value):
            return notWhole(SimulateCommand.options.budget, value, key: "simulate.notWhole.minutes", arguments: arguments)
        case .courseSizeWithWorkspace:
            return arguments.usageError(key: "simulate.courseSizeWithWorkspace")
        case .budgetAndDailyCap(let budget):
            return arguments.usageError(key: "simulate.budgetAndDailyCap",
                                        ["budget": SimulationTextReport.number(budget, budget == budget.rounded() ? 0 : 1)])
        case .calendar(let reason):
            return arguments.usageError(reason.description)
        case .missingInput(let input):
            return .ioError("simulate: the \(input) was not read")
        case .configurationDuplicateKey(let duplicate):
            return .dataError("\(named(configPath)): \(duplicate)")
        case .configuration(let reason):
            return .dataError("\(named(configPath)): \(reason.description)")
        case .workspace(let reason):
            return .dataError("\(named(workspacePath)): " + (reason.path.map { "\($0): " } ?? "") + reason.description)
        case .startBeforeLastReview(let start, let reason):
            return arguments.usageError("--now \(TextFormatting.iso8601UTC(start.timeIntervalSince1970)) is before the last review "
                                        + "(\(reason.description))")
        case .refused(let reason):
            return arguments.usageError(reason.description)
        case .tooMuchWork(let work):
            let items = work.mode == .cards ? "cards" : "lessons"
            return arguments.usageError("this simulation is \(work.spanDays) days × \(work.itemCount) \(items) × \(work.seeds) seeds × "
                + "\(work.retentions) retention\(work.retentions == 1 ? "" : "s") = \(grouped(work.itemDays)) "
                + "\(work.mode == .cards ? "card" : "lesson")-days, more than the \(grouped(SimulationRequest.maximumItemDays)) one run of "
                + "simulate may take; simulate fewer days, \(items), seeds or retentions")
        case .tooManySeriesDays(let work):
            return arguments.usageError("this simulation keeps daily series of \(work.spanDays) days × \(work.seeds) seeds × "
                + "\(work.retentions) retention\(work.retentions == 1 ? "" : "s") = \(grouped(work.seriesDays)) days, more than the "
                + "\(grouped(SimulationRequest.maximumSeriesDays)) kept for a report, a chart, --series or --budget; simulate fewer "
                + "days, seeds or retentions, or leave the chart out of a sweep")
        }
    }

    /// The usage error for `option`'s `value` where its mode takes a whole number, worded by
    /// `key`: `--budget '12.5' must be a whole number of minutes in ZhiXi mode`.
    private static func notWhole(_ option: CommandOption<Double>, _ value: Double, key: String,
                                 arguments: ParsedArguments) -> CommandError {
        arguments.usageError(key: key, ["option": "--" + option.name, "value": "\(value)"])
    }

    private static func grouped(_ value: Double) -> String {
        value < 1e15 ? SimulationTextReport.number(value, 0) : String(format: "%.3g", value)
    }
}
