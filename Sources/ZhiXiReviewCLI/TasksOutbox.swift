import Foundation
import ZhiXiCore
import ZhiXiFileSystem
import ZhiXiLocalization
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiServices

/// What `tasks complete`, `tasks skip` and `tasks sync` share: the outbox of `--outbox`, a
/// sync of it with the review service, its report, and the exit status it calls for.
struct TasksOutbox {
    let outbox: ReviewTaskOutbox
    let connection: AuthConnection
    let command: String

    /// Opens the signed-in learner's outbox (`--outbox`, else the learner's own beside the
    /// store; created when `create`) with the connection of the common options. Nothing is
    /// opened without a saved session, or when the outbox holds another learner's actions
    /// (both 77): see ``OutboxLearner``.
    static func open(_ arguments: ParsedArguments, context: CommandContext, create: Bool,
                     command: String) async throws(CommandError) -> TasksOutbox {
        let connection = try AuthConnection(arguments, context: context)
        let explicit = try arguments.value(of: TasksOptions.outbox)
        let learner = try await connection.signedInLearner(command, context: context)
        let directory: URL
        if let explicit {
            directory = URL(fileURLWithPath: explicit, isDirectory: true)
        } else {
            // The directory of every learner's outbox is checked as the store is (the user's,
            // 0700, no link): another user cannot make it, put an outbox in it, or lead it away.
            let shared = TasksOptions.sharedOutboxDirectory(connection: connection)
            do throws(FileSystemError) {
                if create { try PrivateDirectory.prepare(shared.path) } else { try PrivateDirectory.check(shared.path) }
            } catch {
                throw error.kind == .permission
                    ? .noPermission("\(command): the outboxes' directory \(error.path) cannot be used: \(error.reason)")
                    : .ioError("\(command): \(error)")
            }
            if let warning = OutboxLearner.earlierOutboxWarning(shared, command: command) { context.writeError("zhixi-review: " + warning) }
            let chosen = try OutboxLearner.defaultDirectory(in: shared, for: learner.id, command: command)
            if let warning = chosen.warning { context.writeError("zhixi-review: " + warning) }
            directory = chosen.directory
        }
        let outbox: ReviewTaskOutbox
        do {
            outbox = try ReviewTaskOutbox(directory: directory, create: create)
        } catch {
            throw Self.failure(error, command)
        }
        if let warning = try OutboxLearner.claim(directory, for: learner.id, command: command) {
            context.writeError("zhixi-review: " + warning)
        }
        return TasksOutbox(outbox: outbox, connection: connection, command: command)
    }

    /// Keeps `action` in the outbox, then sends what waits; reports and fails as ``syncAndReport(context:format:for:)``.
    func enqueueAndSync(_ action: ReviewTaskAction, context: CommandContext, format: OutputFormat) async throws(CommandError) {
        do {
            try await outbox.enqueue(action)
        } catch {
            throw Self.failure(error, command)
        }
        try await syncAndReport(context: context, format: format, for: action)
    }

    /// Sends what waits, prints the report, and ends with the status the outcome calls for:
    /// 0 when nothing waits (refusals are warnings, unless `action`, the command's own, was
    /// refused: 77), 75 when actions wait for a later try, 77 not signed in, 76 a malformed
    /// answer, 74 or 65 for the outbox's files.
    func syncAndReport(context: CommandContext, format: OutputFormat, for action: ReviewTaskAction? = nil) async throws(CommandError) {
        let result = await outbox.sync(with: APIReviewService(client: connection.client))
        connection.flushLog(to: context)
        for refusal in result.refused {
            context.writeError("zhixi-review: " + context.words.sentence("tasks.warning.refused", in: .commands, ["command": command, "refusal": "\(refusal)"]))
        }
        let report = Report(result, outbox: outbox.directory.path)
        context.write(format == .json ? try OutputJSON.line(report, command: command) : report.text(words: context.words))
        if let stop = result.stopReason {
            switch stop {
            case .storage(let error):
                throw Self.failure(error, command)
            case .request(let failed, let error):
                let waiting = "\(result.remaining) action\(result.remaining == 1 ? "" : "s") wait\(result.remaining == 1 ? "s" : "") in "
                    + "\(outbox.directory.path); 'zhixi-review tasks sync' sends them"
                switch error {
                case .network, .cancelled, .http(500..., _, _), .http(408, _, _), .http(429, _, _):
                    throw .temporaryFailure("\(command): \(failed.key) was not delivered (\(error)); \(waiting)")
                default:
                    // What the server could not take waits (a refusal for good has left the outbox): an answer
                    // that calls for trying elsewhere or later (a redirect: 69 alone) is the 75 of what waits.
                    let failure = AuthConnection.failure(error, "\(command): \(failed.key) was not delivered")
                    throw CommandError(exitCode: failure.exitCode == .unavailable ? .temporaryFailure : failure.exitCode,
                                       message: failure.message + "; " + waiting)
                }
            case .anotherSyncRunning, .cancelled:
                throw .temporaryFailure("\(command): \(stop); \(result.remaining) action\(result.remaining == 1 ? " waits" : "s wait") in "
                    + outbox.directory.path)
            }
        }
        if let action, let refusal = result.refused.first(where: { $0.action.key == action.key }) {
            throw .noPermission("\(command): \(refusal)")
        }
    }

    /// The command error for an outbox error.
    static func failure(_ error: ReviewOutboxError, _ command: String) -> CommandError {
        let message = "\(command): \(error)"
        switch error {
        case .missingOutbox: return .noInput(message)
        case .notAnOutbox: return .dataError(message)
        case .untrusted: return .noPermission(message)
        case .invalidTaskID: return .usage(message)
        case .storage: return .ioError(message)
        }
    }

    /// What a sync prints: `{"delivered": [ReviewTask…], "refused": [{"taskId", "kind",
    /// "error"}…], "remaining": N, "outbox": "…", "stopped": "…"|null}`.
    struct Report: Encodable {
        struct Refused: Encodable {
            var taskId: String
            var kind: String
            var error: String
        }
        var delivered: [ReviewTask]
        var refused: [Refused]
        var remaining: Int
        var outbox: String
        var stopped: String?

        init(_ result: OutboxSyncResult, outbox: String) {
            delivered = result.delivered.map(\.task)
            refused = result.refused.map { Refused(taskId: $0.action.taskID, kind: $0.action.kind.rawValue, error: $0.error.description) }
            remaining = result.remaining
            self.outbox = outbox
            stopped = result.stopReason?.description
        }

        func encode(to encoder: any Encoder) throws {
            enum Keys: String, CodingKey { case delivered, refused, remaining, outbox, stopped }
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(delivered, forKey: .delivered)
            try container.encode(refused, forKey: .refused)
            try container.encode(remaining, forKey: .remaining)
            try container.encode(outbox, forKey: .outbox)
            try container.encode(stopped, forKey: .stopped)
        }

        /// The report for people, one action a line; every text from the server, the outbox
        /// or an argument made visible, so none can forge a line.
        func text(words: Localization) -> String {
            var lines = delivered.map { task in
                words.sentence("tasks.delivered", in: .commands, [
                    "status": task.status.rawValue.escapingControlCharacters(), "id": task.id.escapingControlCharacters(),
                    "at": task.completedAt.map { words.sentence("tasks.at", in: .commands, ["time": ISO8601Timestamp.string(from: $0)]) } ?? "",
                    "lesson": task.lessonID.escapingControlCharacters(),
                ])
            }
            lines += refused.map {
                words.sentence("tasks.refused", in: .commands, [
                    "kind": "\($0.kind)", "id": $0.taskId.escapingControlCharacters(), "error": $0.error.escapingControlCharacters(),
                ])
            }
            lines.append(remaining == 0 ? words.text("tasks.outboxEmpty", in: .commands)
                         : words.counted("tasks.waiting", in: .commands, count: remaining,
                                         ["count": String(remaining), "outbox": outbox.escapingControlCharacters()]))
            return lines.joined(separator: "\n") + "\n"
        }
    }
}
