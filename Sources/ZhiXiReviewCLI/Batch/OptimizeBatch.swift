import Foundation
import ZhiXiCore
import ZhiXiModel
import ZhiXiTraining

/// `zhixi-review optimize --batch FILE|-`: fits the 21 parameters of every learner of a
/// JSON-lines input, one workspace per line, and writes one JSON line per learner in the same
/// order: `{"userId": …, "parameters": [21 numbers], "reviews": N, "items": N, "logLoss": …}`
/// — the parameters exactly as `optimize WORKSPACE.json` prints them, the reviews and items of
/// the learner's dataset, the log loss of the fitted parameters on the items trained on (`null`
/// when none were) — with `"note": "…"` when there was too little data for a full fit (the
/// defaults, or only the initial stabilities, and why), or `{"line": N, "userId": …|null,
/// "error": "…"}`. Learners are fitted on all cores by ``BatchRunner``, a few in flight,
/// through `ParameterOptimizer` in the library.
enum OptimizeBatch {
    /// Runs the batch.
    /// - Throws: 64 for an input file beside `--batch` or an option that has no meaning for a
    ///   batch; 66 for a missing input; 65 after the batch when any learner could not be read;
    ///   74 when the output cannot be written.
    static func run(_ path: String, arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        guard arguments.positionals.isEmpty else {
            throw arguments.usageError("optimize --batch reads its learners from \(FileAccess.displayName(path)); "
                                       + "give no REVLOG.csv or WORKSPACE.json beside it")
        }
        if try arguments.value(of: OptimizeCommand.options.out) != nil {
            throw arguments.usageError("optimize --batch writes every learner's parameters to standard output; --out cannot be used with it")
        }
        if arguments.flag(TrainingInput.skipBadRows) {
            throw arguments.usageError("--skip-bad-rows is for review logs; optimize --batch reads workspaces, one per line")
        }
        for option in [ReviewLogSource.deck, ReviewLogSource.preset] where arguments.isGiven(option) {
            throw arguments.usageError("--\(option.name) chooses cards of an Anki file; optimize --batch reads workspaces, one per line")
        }
        // A batch makes no held-out check (its lines carry no verdict): --no-check changes nothing.
        _ = arguments.flag(OptimizeCommand.options.noCheck)
        var chosen = OptimizerConfiguration()
        chosen.seed = UInt64(try arguments.value(of: TrainingInput.seed))
        let configuration = chosen
        let zone = try arguments.value(of: TrainingInput.timeZone)
        let hour = try arguments.value(of: TrainingInput.dayStart)
        let now = try arguments.value(of: TrainingInput.now)
        if try arguments.value(of: TrainingInput.elapsed) == .anki {
            throw arguments.usageError("--elapsed anki is for review logs; optimize --batch reads workspaces, whose days are study days")
        }
        let current = try ParameterSource.load(arguments, context: context)
        let currentName = try ParameterSource.describe(arguments)
        let reader = try LineReader(path: path, context: context, trimsLinesOtherThanObjects: true)
        let inputName = reader.name
        let summary = try await BatchRunner.run(reader, context: context) { line in
            fit(line, configuration: configuration, zone: zone, hour: hour, now: now, current: (current, currentName),
                inputName: inputName)
        }
        if summary.failedCount > 0 {
            throw .dataError(summary.failureMessage(inputName: inputName, verb: "read"))
        }
    }

    /// One learner's output line.
    static func fit(_ line: LineReader.Line, configuration: OptimizerConfiguration, zone: String?, hour: Int?, now: Date,
                    current: (parameters: FSRSParameters, name: String), inputName: String) -> BatchRunner.LineResult {
        let workspace: LearnerWorkspace
        switch BatchLine.workspace(line, inputName: inputName) {
        case .success(let decoded): workspace = decoded
        case .failure(let failure): return failure.result
        }
        let userID = workspace.user?.id ?? workspace.profile.userID
        let dataset: TrainingDataset
        do {
            dataset = try TrainingInput.dataset(of: workspace, name: inputName, zone: zone, hour: hour, now: now).dataset
        } catch {
            let place = error.path.map { $0 + ": " } ?? ""
            return BatchLine.Failure(line: line, userID: userID,
                                     message: "\(inputName) line \(line.number): \(place)\(error.description)").result
        }
        let result = ParameterOptimizer(configuration: configuration).optimize(dataset)
        let selection = ParameterSelection(fitted: result.parameters, current: current.parameters, dataset: dataset)
        let note = selection.outcome == .keptCurrent
            ? OptimizeCommand.keptCurrentSentence(selection, name: current.name, items: dataset.itemCount, fit: result.parameters)
            : (result.outcome == .fitted ? nil : result.outcome.description)
        let report = LearnerFit(userID: userID, parameters: ParameterList(parameters: selection.parameters),
                                reviews: dataset.reviewCount, items: result.itemCount, logLoss: .shortest(result.logLossAfter),
                                note: note)
        do {
            return BatchRunner.LineResult(bytes: Array(try ReportJSONEncoder(style: .compact).text(report).utf8) + [0x0A], failed: false)
        } catch {
            return BatchLine.Failure(line: line, userID: userID,
                                     message: "\(inputName) line \(line.number): the fit cannot be written as JSON (\(error))").result
        }
    }

    /// One learner's output line.
    private struct LearnerFit: Encodable {
        var userID: String
        var parameters: ParameterList
        var reviews: Int
        var items: Int
        /// The fit's log loss; `null` when there is none.
        var logLoss: ReportNumber
        /// Why the parameters were not fitted, when they were not.
        var note: String?

        enum CodingKeys: String, CodingKey {
            case userID = "userId", parameters, reviews, items, logLoss, note
        }
    }
}
