import Foundation
import ZhiXiAIService
import ZhiXiCore
import ZhiXiLearningService
import ZhiXiLocalization
import ZhiXiModel
import ZhiXiNetwork

/// `zhixi-review analyze --server URL --lesson ID --input FILE|-`: the AI's analysis of what a
/// learner wrote, optionally recorded into a workspace.
enum AnalyzeCommand: Command {
    static let lesson = CommandOption<String>.text("lesson", placeholder: "ID", example: "lesson-1-1",
                                                   help: "the lesson the learner wrote about; required")
    static let input = CommandOption<String>.text(
        "input", placeholder: "FILE|-", example: "-", help: "what the learner wrote, a UTF-8 text file; - reads standard input; required")
    static let workspace = CommandOption<String>.text(
        "workspace", placeholder: "FILE", example: "my-workspace.json",
        help: "record the session and its analysis in this workspace, as 'record' does (lock, atomic), so the next plan uses them")
    static let at = CommandOption<Date>.timestamp("at", default: "now", help: "when the session ended")
    static let minutes = CommandOption<Double>.number("minutes", placeholder: "M", range: 0...1440, default: nil,
                                                      defaultDescription: "0: startedAt = endedAt", example: "15",
                                                      help: "how long the session lasted in minutes (sets startedAt)")
    static let language = LanguageChoice.option(
        help: "language of the analysis and the labels (default: from LANG, else the workspace's profile, else Simplified Chinese)")
    static let format = SharedOptions.format([.text, .json])

    static let specification = CommandSpecification(
        name: "analyze",
        summary: "the AI's analysis of what a learner wrote, recorded into a workspace",
        discussion: """
        Records a learning session of --lesson with the learner's text (POST learning/sessions),
        asks the AI for its analysis (POST ai/analyze-learning-input: mastery score, weak
        points, suggestions) and prints it. With --workspace, the session as the server then
        holds it (with the score, the weak points and the suggested review time) and the
        analysis are added to the workspace as 'record' adds a session: under an exclusive
        lock, the file replaced atomically, everything else in it kept; the next 'plan' uses
        them.
        """,
        options: [lesson.erased, input.erased, workspace.erased, at.erased, minutes.erased, language.erased, format.erased,
                  SharedOptions.wait.erased]
            + AuthOptions.common,
        epilogue: """
        JSON output: {"session": LearningSession, "analysis": AIAnalysis, "workspace": "…"|null}.

        \(AuthOptions.exitStatuses) Also 65 when the input is empty or --workspace has no such
        lesson, 66 when the input cannot be read.
        """)

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
        let format = try arguments.value(of: format, default: .text)
        guard let lessonID = try arguments.value(of: lesson) else { throw arguments.usageError("analyze needs --lesson ID") }
        guard let inputPath = try arguments.value(of: input) else { throw arguments.usageError("analyze needs --input FILE|-") }
        let workspacePath = try arguments.value(of: workspace)
        if workspacePath == "-" { throw arguments.usageError("--workspace changes a file in place; give its path, not -") }
        let endedAt = try arguments.value(of: at, default: context.now)
        let startedAt = endedAt.addingTimeInterval(-(try arguments.value(of: minutes, default: 0)) * 60)
        let wait = try arguments.value(of: SharedOptions.wait, default: SharedOptions.defaultWaitSeconds)
        let text = String(decoding: try FileAccess.read(inputPath, limit: InputLimits.learnerInput, format: .text, context: context),
                          as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw .dataError("\(FileAccess.displayName(inputPath)): the learner's input is empty") }
        var workspace: LearnerWorkspace?
        if let workspacePath {
            let (current, _) = try WorkspaceFile.read(workspacePath, context: context)
            guard current.lessons.contains(where: { $0.id == lessonID }) else {
                throw .dataError("\(workspacePath): no lesson has the id '\(lessonID)'; nothing was sent")
            }
            workspace = current
        }
        let language = LanguageChoice.language(try arguments.value(of: language), context: context, workspace: workspace)

        let connection = try AuthConnection(arguments, context: context)
        let (session, analysis) = try await connection.performAPI("analyze", context: context) {
            () async throws(APIError) -> (LearningSession, AIAnalysis) in
            let learning = APILearningService(client: connection.client)
            let recorded = try await learning.recordSession(
                NewLearningSession(lessonID: lessonID, startedAt: startedAt, endedAt: endedAt, userInput: text))
            let analysis = try await APIAIService(client: connection.client).analyze(
                AnalysisRequest(sessionID: recorded.id, lessonID: lessonID, userInput: text, language: language))
            // The session as the server holds it now: with the analysis's score, weak points and review time.
            let since = recorded.createdAt ?? recorded.endedAt ?? recorded.startedAt
            let updated = try await learning.allSessions(since: since).last { $0.id == recorded.id }
            return (updated ?? withAnalysis(recorded, analysis), analysis)
        }

        if let workspacePath {
            try LockedFileUpdate.update(workspacePath, limit: InputLimits.workspace, wait: context.lockWait(seconds: wait)) {
                (data) throws(CommandError) -> Data in
                let (_, splice) = try WorkspaceSplice.open(data, path: workspacePath)
                return try splice.append([("sessions", try WorkspaceSplice.elementJSON(session)),
                                          ("analyses", try WorkspaceSplice.elementJSON(analysis))])
            }
        }
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
