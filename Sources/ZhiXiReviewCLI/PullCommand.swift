import Foundation
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiRepositories

/// `zhixi-review pull --server URL --out WORKSPACE.json`: the signed-in learner's workspace
/// from the API, merged incrementally.
enum PullCommand: Command {
    static let out = CommandOption<String>.text(
        "out", placeholder: "WORKSPACE.json", example: "my-workspace.json",
        help: "the workspace file to write; when it exists, only what is newer than its newest records is fetched and merged; required")
    static let full = CommandOption<Bool>.flag("full", help: "fetch every session and analysis, even when --out exists")
    static let format = SharedOptions.format([.text, .json])

    static let specification = CommandSpecification(
        name: "pull",
        summary: "the signed-in learner's workspace from the API, merged incrementally",
        discussion: """
        Fetches the signed-in learner's account (GET users/me), study settings (GET
        users/me/learning-profile), knowledge bases with their paths and lessons, every page of
        sessions and analyses (GET learning/sessions, GET ai/analyses, following nextCursor) and
        review tasks (GET review-tasks), and writes them as a workspace that 'zhixi-review plan'
        plans. When --out exists, sessions and analyses are asked for from its newest ones on
        (?since=), and everything is merged into it by id: a record from the server replaces
        the file's, new records are added, the file's other records stay. The file is replaced
        atomically, under the same lock as 'record', and written in the current schema
        (schemaVersion 2, the design's names). Sessions pages and other reads are retried on
        timeouts and 5xx answers, and an expired session is renewed once.
        """,
        options: [out.erased, full.erased, format.erased, SharedOptions.wait.erased] + AuthOptions.common,
        epilogue: """
        JSON output: {"userId", "file", "fetched": {"knowledgeBases", "learningPaths", "lessons",
        "sessions", "analyses", "reviewTasks"}, "total": {"sessions", "analyses", "reviewTasks"}}.

        \(AuthOptions.exitStatuses) Also 65 when --out is not a workspace.
        """)

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let format = try arguments.value(of: format, default: .text)
        guard let path = try arguments.value(of: out) else { throw arguments.usageError("pull needs --out WORKSPACE.json") }
        // The output is checked before anything is fetched: a directory, a file that may not be
        // replaced, standard output (the report goes there) are refused now.
        guard let output = try OutputTarget.prepare(path, option: "out") else { throw arguments.usageError("pull needs --out WORKSPACE.json") }
        if output.destination == .standardOutput || output.destination == .standardError {
            throw arguments.usageError("pull writes a file; give its path, not \(path)")
        }
        let wait = try arguments.value(of: SharedOptions.wait, default: SharedOptions.defaultWaitSeconds)
        let full = arguments.flag(full)
        let connection = try AuthConnection(arguments, context: context)
        var exists = false
        if case .file(let file) = output.destination { exists = file.existing != nil }
        let existing = exists ? try WorkspaceFile.read(path, context: context).0 : nil
        let sessionsSince = full ? nil : existing?.newestSessionRecordedAt
        let analysesSince = full ? nil : existing?.newestAnalysisCreatedAt
        let fetched = try await connection.performAPI("pull", context: context) { () async throws(APIError) -> WorkspacePull.Fetched in
            try await WorkspacePull(client: connection.client).fetch(sessionsSince: sessionsSince, analysesSince: analysesSince)
        }

        var written = LearnerWorkspace(profile: fetched.profile)
        if exists {
            try LockedFileUpdate.update(path, limit: InputLimits.workspace, wait: context.lockWait(seconds: wait)) {
                (data) throws(CommandError) -> Data in
                let current = try WorkspaceFile.decode(data, name: path)
                written = fetched.merged(into: current)
                return try encode(written, path: path)
            }
        } else {
            written = fetched.merged(into: nil)
            try output.write(try encode(written, path: path), context: context)
        }
        let report = Report(userId: fetched.user.id, file: path,
                            fetched: .init(knowledgeBases: fetched.knowledgeBases.count, learningPaths: fetched.learningPaths.count,
                                           lessons: fetched.lessons.count, sessions: fetched.sessions.count,
                                           analyses: fetched.analyses.count, reviewTasks: fetched.reviewTasks.count),
                            total: .init(sessions: written.sessions.count, analyses: written.analyses.count,
                                         reviewTasks: written.reviewTasks.count))
        context.write(format == .json ? try OutputJSON.line(report, command: "pull") : report.text)
    }

    /// The workspace as written: pretty-printed JSON with sorted keys and a final newline.
    static func encode(_ workspace: LearnerWorkspace, path: String) throws(CommandError) -> Data {
        do {
            return try ZhiXiJSON.makeEncoder(prettyPrinted: true).encode(workspace) + Data("\n".utf8)
        } catch {
            throw .dataError("\(path): the workspace cannot be written as JSON (\(error))")
        }
    }

    /// What `pull` prints.
    struct Report: Encodable {
        struct Fetched: Encodable {
            var knowledgeBases, learningPaths, lessons, sessions, analyses, reviewTasks: Int
        }
        struct Total: Encodable {
            var sessions, analyses, reviewTasks: Int
        }
        var userId: String
        var file: String
        var fetched: Fetched
        var total: Total

        var text: String {
            "pulled \(fetched.sessions) session\(fetched.sessions == 1 ? "" : "s"), \(fetched.analyses) analys\(fetched.analyses == 1 ? "is" : "es"), "
                + "\(fetched.reviewTasks) review task\(fetched.reviewTasks == 1 ? "" : "s"), \(fetched.lessons) lessons in "
                + "\(fetched.learningPaths) paths of \(fetched.knowledgeBases) knowledge base\(fetched.knowledgeBases == 1 ? "" : "s") "
                + "for \(userId) → \(file) (now \(total.sessions) sessions, \(total.analyses) analyses, \(total.reviewTasks) tasks)\n"
        }
    }
}
