import Foundation
import ZhiXiCore
import ZhiXiFileSystem
import ZhiXiLocalization
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiRepositories

/// `zhixi-review pull --server URL --out WORKSPACE.json`: the signed-in learner's workspace
/// from the API, merged incrementally into the file, under the file's lock from the first read
/// to the last write.
enum PullCommand: Command {
    /// The command's options, in the order of its help.
    struct Options: CommandOptions {
        let out = CommandOption<String>.text(
            "out", placeholder: "WORKSPACE.json", example: "my-workspace.json", file: .updated)
        let full = CommandOption<Bool>.flag("full")
        let maxSize = CommandOption<Int>.integer(
            "max-size", placeholder: "MIB", range: 1...1024, default: 256, unit: "MiB")
        let format = SharedOptions.format([.text, .json])
        let wait = SharedOptions.wait
        let connection = AuthOptions.Common()
    }

    /// The command's options.
    static let options = Options()

    static let specification = CommandSpecification(
        name: "pull",
        options: options)

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let format = try arguments.value(of: options.format)
        guard let path = try arguments.value(of: options.out) else { throw arguments.usageError(key: "pull.needsOut") }
        // The output is checked before anything is fetched: a directory, a file that may not be
        // replaced, standard output (the report goes there) are refused now.
        guard let output = try OutputTarget.prepare(options.out, of: arguments) else { throw arguments.usageError(key: "pull.needsOut") }
        if output.destination == .standardOutput || output.destination == .standardError {
            throw arguments.usageError(key: "pull.outNotAFile", ["path": path])
        }
        let wait = try arguments.value(of: SharedOptions.wait)
        let askedFull = arguments.flag(options.full)
        let maximumBytes = try arguments.value(of: options.maxSize) << 20
        let connection = try AuthConnection(arguments, context: context, maximumTotalAnswerBytes: maximumBytes)
        let server = Self.serverName(connection.client.baseURL)

        // The file, locked from here to the last write (created empty and exclusively when new).
        var file: LockedFile?
        if case .file(let regular) = output.destination {
            do {
                file = regular.existing == nil
                    ? try LockedFile.create(path, limit: InputLimits.workspace, wait: context.lockWait(seconds: wait))
                    : try LockedFile.open(path, limit: InputLimits.workspace, wait: context.lockWait(seconds: wait))
            } catch {
                throw error.kind == .permission || error.kind == .io && regular.existing == nil
                    ? FileAccess.outputFailure(error) : LockedFileUpdate.failure(error, path: path)
            }
        }
        var finished = false
        defer { if finished { file?.close() } else { file?.discard() } }
        let data = try file.map { (file) throws(CommandError) in try LockedFileUpdate.read(file) } ?? Data()
        // An empty file is new: a first pull that was killed left it, or it was made for this one.
        let current = data.isEmpty ? nil : try WorkspaceFile.decode(data, name: path)
        let previousMark = current == nil ? nil : WorkspaceMerge.mark(in: data)

        let pull = WorkspacePull(client: connection.client)
        let user = try await connection.performAPI("pull", context: context) { () async throws(APIError) -> User in
            try await pull.currentUser()
        }
        try Self.checkSession(connection.userStore.loadUser(), is: user)
        if let current { try Self.checkLearner(of: current, is: user, path: path) }
        let fullPull = askedFull || current == nil || previousMark?.wantsFullPull(server: server, now: context.now) ?? true
        let fetched = try await connection.performAPI("pull", context: context) { () async throws(APIError) -> WorkspacePull.Fetched in
            try await pull.fetch(for: user, sessionsSince: fullPull ? nil : previousMark?.sessionsThrough,
                                 analysesSince: fullPull ? nil : previousMark?.analysesThrough)
        }
        let kept: WorkspacePull.Fetched, refused: [WorkspacePull.Refusal]
        do throws(WorkspaceBoundsViolation) {
            (kept, refused) = try fetched.checked(against: current)
        } catch {
            throw .protocolError("pull: the server's answer has \(error); nothing was written")
        }
        for refusal in refused {
            context.writeError("zhixi-review: pull: " + context.words.sentence("report.warning", in: .commands, [
                "text": context.words.sentence("pull.warning.refused", in: .commands, ["refusal": "\(refusal)"]),
            ]))
        }
        let mark = fetched.mark(after: previousMark, server: server, now: context.now, full: fullPull)
        // Every writer that locks waited; one that does not (an editor, `cp`) may have written the
        // file meanwhile: what it holds now is what is merged into, never overwritten.
        var latest = data
        if let file {
            let now = try LockedFileUpdate.read(file)
            if now != data { latest = now }
        }
        let bytes: Data
        let written: LearnerWorkspace
        if !latest.isEmpty {
            let holding: LearnerWorkspace
            if latest == data, let current {
                holding = current
            } else {
                holding = try WorkspaceFile.decode(latest, name: path)
                try Self.checkLearner(of: holding, is: user, path: path)
            }
            (bytes, written) = try WorkspaceMerge.merge(latest, path: path, current: holding, fetched: kept, mark: mark)
        } else {
            written = kept.merged(into: nil)
            bytes = try WorkspaceMerge.newFile(written, mark: mark, path: path)
        }
        guard bytes.count <= InputLimits.workspace else {
            throw .dataError("pull: \(path) would be \(InputFile.describe(bytes: bytes.count)), more than the "
                + "\(InputFile.describe(bytes: InputLimits.workspace)) a workspace may be (every reader refuses more); nothing was written")
        }
        if let file {
            try LockedFileUpdate.replace(file, with: bytes)
        } else {
            try output.write(bytes, context: context)
        }
        finished = true
        let report = Report(userId: fetched.user.id, file: path,
                            fetched: .init(knowledgeBases: kept.knowledgeBases.count, learningPaths: kept.learningPaths.count,
                                           lessons: kept.lessons.count, sessions: kept.sessions.count,
                                           analyses: kept.analyses.count, reviewTasks: kept.reviewTasks.count),
                            total: .init(sessions: written.sessions.count, analyses: written.analyses.count,
                                         reviewTasks: written.reviewTasks.count),
                            refused: refused.map { .init(kind: $0.kind, id: $0.id, reason: $0.reason) })
        context.write(format == .json ? try OutputJSON.line(report, command: "pull") : report.text(words: context.words))
    }

    /// Refuses a workspace that is not `user`'s: its account and its profile name the learner
    /// it belongs to, and both (where they say) must be the signed-in learner.
    /// - Throws: 77, nothing written.
    static func checkLearner(of workspace: LearnerWorkspace, is user: User, path: String) throws(CommandError) {
        let named = [workspace.user?.id, workspace.profile.userID.isEmpty ? nil : workspace.profile.userID].compactMap { $0 }
        guard !named.isEmpty else {
            throw .noPermission("pull: \(path) names no learner (no user, no profile.userId), so it is not known to be "
                + "\(user.id.quotedForMessage())'s; nothing was written (pull into a new file)")
        }
        guard let other = named.first(where: { $0 != user.id }) else { return }
        throw .noPermission("pull: \(path) is the workspace of learner \(other.quotedForMessage()), and the signed-in learner is "
            + "\(user.id.quotedForMessage()); nothing was written (sign in as that learner, or pull into another --out)")
    }

    /// Refuses a `users/me` that names another learner than the one the saved session signed
    /// in as (remembered beside the tokens by `auth sign-in` or `auth whoami`): the workspace
    /// would be written as someone else's. Nothing to compare when nobody is remembered.
    /// - Throws: 77, nothing fetched further or written.
    static func checkSession(_ remembered: User?, is user: User) throws(CommandError) {
        guard let remembered, remembered.id != user.id else { return }
        throw .noPermission("pull: the server says this session is learner \(user.id.quotedForMessage())'s, and it was signed in as "
            + "\(remembered.id.quotedForMessage()); nothing was written (sign in again: zhixi-review auth sign-in)")
    }

    /// The server as a pull's mark names it: its base URL without user name, password,
    /// query or fragment.
    static func serverName(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        var text = components.string ?? url.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// What `pull` prints.
    struct Report: Encodable {
        struct Fetched: Encodable {
            var knowledgeBases, learningPaths, lessons, sessions, analyses, reviewTasks: Int
        }
        struct Total: Encodable {
            var sessions, analyses, reviewTasks: Int
        }
        struct Refused: Encodable {
            var kind, id, reason: String
        }
        var userId: String
        var file: String
        var fetched: Fetched
        var total: Total
        var refused: [Refused]

        /// The report for people in `words`' language; the server's text and the path made visible.
        func text(words: Localization) -> String {
            func counted(_ key: String, _ count: Int) -> String { words.counted(key, in: .commands, count: count, ["count": String(count)]) }
            return words.sentence("pull.report", in: .commands, [
                "sessions": counted("pull.count.sessions", fetched.sessions), "analyses": counted("pull.count.analyses", fetched.analyses),
                "tasks": counted("pull.count.reviewTasks", fetched.reviewTasks), "lessons": String(fetched.lessons),
                "paths": String(fetched.learningPaths), "bases": counted("pull.count.knowledgeBases", fetched.knowledgeBases),
                "user": userId.escapingControlCharacters(), "file": file.escapingControlCharacters(),
                "totalSessions": String(total.sessions), "totalAnalyses": String(total.analyses), "totalTasks": String(total.reviewTasks),
                "refused": refused.isEmpty ? "" : counted("pull.refused", refused.count),
            ]) + "\n"
        }
    }
}
