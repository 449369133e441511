import Foundation
import ZhiXiAuth
import ZhiXiCore
import ZhiXiFileSystem
import ZhiXiLocalization
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiServices

/// `zhixi-review analyze --server URL --lesson ID --input FILE|-`: the AI's analysis of what a
/// learner wrote, optionally recorded into a workspace.
enum AnalyzeCommand: Command {
    /// The command's options, in the order of its help.
    struct Options: CommandOptions {
        let lesson = CommandOption<String>.text("lesson", placeholder: "ID", example: "lesson-1-1")
        let input = CommandOption<String>.text(
            "input", placeholder: "FILE|-", example: "-", file: .read)
        let workspace = CommandOption<String>.text(
            "workspace", placeholder: "FILE", example: "my-workspace.json", file: .updated)
        let at = CommandOption<Date>.timestamp("at")
        let minutes = CommandOption<Double>.number("minutes", placeholder: "M", range: 0...1440, default: 0, example: "15")
        let language = LanguageChoice.standard
        let format = SharedOptions.format([.text, .json])
        let wait = SharedOptions.wait
        let connection = AuthOptions.Common()
    }

    /// The command's options.
    static let options = Options()

    static let specification = CommandSpecification(
        name: "analyze",
        options: options)

    /// What `analyze` prints.
    struct Report: Encodable {
        var session: LearningSession
        var analysis: AIAnalysis
        var workspace: String?

        func encode(to encoder: any Encoder) throws {
            enum Keys: String, CodingKey { case session, analysis, workspace }
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(session, forKey: .session)
            try container.encode(analysis, forKey: .analysis)
            try container.encode(workspace, forKey: .workspace)
        }
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let format = try arguments.value(of: options.format)
        guard let lessonID = try arguments.value(of: options.lesson) else { throw arguments.usageError("analyze needs --lesson ID") }
        guard let inputPath = try arguments.value(of: options.input) else { throw arguments.usageError("analyze needs --input FILE|-") }
        let workspacePath = try arguments.value(of: options.workspace)
        if workspacePath == "-" { throw arguments.usageError("--workspace changes a file in place; give its path, not -") }
        let givenAt = try arguments.value(of: options.at)
        let minutes = try arguments.value(of: options.minutes)
        let wait = try arguments.value(of: SharedOptions.wait)
        let text = String(decoding: try FileAccess.read(inputPath, limit: InputLimits.learnerInput, format: .text, context: context),
                          as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw .dataError("\(FileAccess.displayName(inputPath)): the learner's input is empty") }
        let connection = try AuthConnection(arguments, context: context)

        // Before anything is sent: the workspace is locked (and held until it is written) and
        // known to be replaceable, and the request is kept in the store, so a failure on the
        // way is finished by running the same command again (the keys make the server answer
        // what it did before) instead of sending twice or losing what was sent.
        var workspaceFile: LockedFile?
        var workspace: LearnerWorkspace?
        if let workspacePath {
            let file = try LockedFileUpdate.open(workspacePath, limit: InputLimits.workspace, wait: context.lockWait(seconds: wait))
            let (current, _) = try WorkspaceSplice.open(try LockedFileUpdate.read(file), path: workspacePath)
            guard current.lessons.contains(where: { $0.id == lessonID }) else {
                throw .dataError("\(workspacePath): no lesson has the id '\(lessonID.quotedForMessage())'; nothing was sent")
            }
            workspace = current
            workspaceFile = file
        }
        defer { workspaceFile?.close() }
        let language = LanguageChoice.language(try arguments.value(of: options.language), context: context, workspace: workspace)
        let learner = try await connection.signedInLearner("analyze", context: context)
        let store = FileSecureStore(directory: connection.storeDirectory)
        let storeKey = PendingAnalysis.storeKey(learnerID: learner.id, lessonID: lessonID, text: text, at: givenAt, minutes: minutes)
        let pending: PendingAnalysis
        if let earlier = PendingAnalysis.load(storeKey, from: store, now: context.now) {
            pending = earlier
            context.writeError("zhixi-review: analyze: note: finishing the same analysis begun at "
                + "\(ISO8601Timestamp.string(from: earlier.begunAt)) (the server answers it as then)")
        } else {
            let endedAt = givenAt ?? context.now
            pending = PendingAnalysis(key: UUID().uuidString.lowercased(), startedAt: endedAt.addingTimeInterval(-minutes * 60),
                                      endedAt: endedAt, begunAt: context.now)
            try pending.save(storeKey, in: store)
        }

        let (session, analysis) = try await connection.performAPI("analyze", context: context) {
            () async throws(APIError) -> (LearningSession, AIAnalysis) in
            let learning = APILearningService(client: connection.client)
            let recorded = try await learning.recordSession(
                NewLearningSession(lessonID: lessonID, startedAt: pending.startedAt, endedAt: pending.endedAt, userInput: text),
                idempotencyKey: pending.sessionKey)
            let analysis = try await APIAIService(client: connection.client).analyze(
                AnalysisRequest(sessionID: recorded.id, lessonID: lessonID, userInput: text, language: language),
                idempotencyKey: pending.analysisKey)
            // The session as the server holds it now: with the analysis's score, weak points and review time.
            let since = recorded.createdAt ?? recorded.endedAt ?? recorded.startedAt
            let updated = try await learning.allSessions(since: since).last { $0.id == recorded.id }
            return (updated ?? withAnalysis(recorded, analysis), analysis)
        }
        // The server's records go into the workspace only within its bounds.
        for violation in [WorkspaceBounds.firstViolation(session: session), WorkspaceBounds.firstViolation(analysis: analysis)] {
            if let violation {
                throw .protocolError("analyze: the server's answer has \(violation); "
                    + (workspacePath.map { "\($0) was not changed" } ?? "it was not shown"))
            }
        }

        if let workspaceFile, let workspacePath {
            let (current, splice) = try WorkspaceSplice.open(try LockedFileUpdate.read(workspaceFile), path: workspacePath)
            var records: [(key: String, json: String)] = []
            // A run that wrote these before it could forget the request adds nothing twice.
            if !current.sessions.contains(where: { $0.id == session.id }) {
                records.append(("sessions", try WorkspaceSplice.elementJSON(session)))
            }
            if !current.analyses.contains(where: { $0.id == analysis.id }) {
                records.append(("analyses", try WorkspaceSplice.elementJSON(analysis)))
            }
            if !records.isEmpty { try LockedFileUpdate.replace(workspaceFile, with: try splice.append(records)) }
        }
        PendingAnalysis.remove(storeKey, from: store)
        let report = Report(session: session, analysis: analysis, workspace: workspacePath)
        context.write(format == .json ? try OutputJSON.line(report, command: "analyze") : Self.text(report, language: language))
    }

    /// `session` with what `analysis` found, for a server that does not update its sessions.
    static func withAnalysis(_ session: LearningSession, _ analysis: AIAnalysis) -> LearningSession {
        var session = session
        session.analysisID = analysis.id
        session.masteryScore = analysis.masteryScore
        session.weakPoints = analysis.weakPoints
        session.nextSuggestion = analysis.suggestions.first
        return session
    }

    /// The analysis for people, with labels in `language` (`Commands.strings`, `analyze.*`);
    /// the server's texts made visible (control characters escaped).
    static func text(_ report: Report, language: AppLanguage) -> String {
        let words = language.localization
        func shown(_ text: String) -> String { text.escapingControlCharacters() }
        let none = words.text("analyze.none", in: .commands)
        let weakPoints = report.analysis.weakPoints.map(shown).joined(separator: words.text("analyze.listSeparator", in: .commands))
        var lines = [
            words.sentence("analyze.mastery", in: .commands, ["score": report.analysis.masteryScore.map(String.init) ?? none]),
            words.sentence("analyze.weakPoints", in: .commands, ["list": weakPoints.isEmpty ? none : weakPoints]),
        ]
        if !report.analysis.suggestions.isEmpty {
            lines.append(words.text("analyze.suggestions", in: .commands))
            lines += report.analysis.suggestions.map { "  - " + shown($0) }
        }
        if let reviewAt = report.session.reviewAt {
            lines.append(words.sentence("analyze.suggestedReview", in: .commands, ["time": ISO8601Timestamp.string(from: reviewAt)]))
        }
        lines.append(words.sentence("analyze.session", in: .commands, ["session": shown(report.session.id), "analysis": shown(report.analysis.id)])
            + (report.workspace.map { " → " + shown($0) } ?? ""))
        return lines.joined(separator: "\n") + "\n"
    }
}
