import Foundation
import ZhiXiCore
import ZhiXiModel
import ZhiXiPlanner

/// `zhixi-review plan --batch FILE|-`: plans every learner of a JSON-lines input, one
/// workspace per line, and writes one JSON line per learner in the same order:
/// `{"userId": …, "plan": {…}}` — the plan exactly as `plan --format json` writes it for that
/// learner alone, its `"notes"` included — or `{"line": N, "userId": …|null, "error": "…"}`. Learners are planned on all cores by ``BatchRunner``, a few in flight.
enum PlanBatch {
    /// Runs the batch.
    /// - Throws: 64 for a WORKSPACE.json beside `--batch` or a `--format` other than json; 66
    ///   for a missing input; 65 after the batch when any learner could not be planned; 74
    ///   when the output cannot be written.
    static func run(_ path: String, arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        guard arguments.positionals.isEmpty else {
            throw arguments.usageError("plan --batch reads its learners from \(FileAccess.displayName(path)); "
                                       + "give no WORKSPACE.json beside it")
        }
        if let format = try arguments.value(of: PlanCommand.options.format.option), format != .json {
            throw arguments.usageError("plan --batch writes JSON lines; --format \(format.rawValue) cannot be used with it "
                                       + "(leave --format out or give json)")
        }
        let settings = try PlanSettings(arguments, context: context)
        let reader = try LineReader(path: path, context: context, trimsLinesOtherThanObjects: true)
        let inputName = reader.name
        let summary = try await BatchRunner.run(reader, context: context) { line in
            plan(line, settings: settings, inputName: inputName)
        }
        if summary.failedCount > 0 {
            throw .dataError(summary.failureMessage(inputName: inputName, verb: "planned"))
        }
    }

    /// One learner's output line.
    static func plan(_ line: LineReader.Line, settings: PlanSettings, inputName: String) -> BatchRunner.LineResult {
        let workspace: LearnerWorkspace
        switch BatchLine.workspace(line, inputName: inputName) {
        case .success(let decoded): workspace = decoded
        case .failure(let failure): return failure.result
        }
        let configuration = settings.configuration(for: workspace)
        let input = PlannerInput(workspace: workspace)
        let result: PlannerResult
        do {
            result = try ReviewPlanner(configuration: configuration).plan(input, now: settings.now(for: workspace))
        } catch {
            let place = error.path.map { $0 + ": " } ?? ""
            return BatchLine.Failure(line: line, userID: input.userID,
                                     message: "\(inputName) line \(line.number): \(place)\(error.description)").result
        }
        // The output line in one buffer: the plan's JSON is written straight into it.
        let plan = result.plan
        let tasks = plan.today.count + plan.tomorrow.count + plan.thisWeek.count + plan.later.count
        var text = UTF8Text(capacity: 384 + tasks * 700)
        text.append("{\"userId\":")
        text.appendJSONString(input.userID)
        text.append(",\"plan\":")
        let wording = result.wording(result.language)
        do {
            try plan.appendJSON(to: &text) { PlanFormatter.appendNotesMember(result.notes, wording: wording, to: &$0) }
        } catch {
            return BatchLine.Failure(line: line, userID: input.userID,
                                     message: "\(inputName) line \(line.number): the plan cannot be written as JSON (\(error))").result
        }
        text.append("}\n")
        return BatchRunner.LineResult(bytes: text.bytes, failed: false)
    }
}
