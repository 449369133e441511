import ZhiXiCore
import Foundation
import ZhiXiModel
import ZhiXiScheduler

/// `zhixi-review record WORKSPACE.json --lesson ID --score N`: adds a learning session.
enum RecordCommand: Command {
    static let lesson = CommandOption<String>.text("lesson", placeholder: "ID", example: "lesson-1-1",
                                                   help: "the lesson's id (one of the workspace's lessons); required")
    static let score = CommandOption<Int>.integer("score", range: 0...100, default: nil, defaultDescription: "none (an unscored session)",
                                                  help: "the AI's mastery score")
    static let weakPoint = CommandOption<String>.text("weak-point", placeholder: "TEXT", example: "链式法则的应用", repeatable: true,
                                                      help: "a weak point the analysis named")
    static let at = CommandOption<Date>.timestamp("at", default: "now", help: "when the session ended (at most a day ahead of now)")
    static let minutes = CommandOption<Double>.number("minutes", placeholder: "M", range: 0...1440, default: nil,
                                                      defaultDescription: "0: startedAt = endedAt", example: "15",
                                                      help: "how long the session lasted in minutes (sets startedAt)")
    static let input = CommandOption<String>.text("input", placeholder: "TEXT", default: "empty", example: "梯度是……",
                                                  help: "what the learner wrote")
    static let reviewType = CommandOption<ReviewType>.choice(
        "review-type", ["spacedRepetition": .spacedRepetition, "feynman": .feynman, "recall": .recall, "weakPoint": .weakPoint],
        default: nil, help: "the kind of review the session was, if it was one")
    static let sessionIDOption = CommandOption<String>.text(
        "session-id", placeholder: "ID", default: "a new id", example: "session-2026-11-29-a",
        help: "the session's id; a session already recorded with it is refused")
    static let format = SharedOptions.format([.text, .json])

    static let specification = CommandSpecification(
        name: "record",
        summary: "add a learning session (score, weak points) to a workspace",
        arguments: [.init(placeholder: "WORKSPACE.json", help: "the learner workspace file to add the session to")],
        discussion: """
        Appends a learning session to a workspace: the lesson studied, the AI's mastery score
        (0-100) and the weak points its analysis named. Runs at the same time wait for each
        other (an exclusive lock), so every session lands. The file is replaced atomically (a
        temporary file, flushed to disk, renamed over it) and left untouched on any error or
        interruption; a symbolic link stays a link to the updated file; the file's permissions,
        owner and group are kept, and a read-only file, a file you may not write and a file
        with several hard links are refused. Every byte already in it (unknown keys,
        formatting, each line's ending, a byte-order mark) is kept as it was; the new lines
        take the file's most common line ending. A run waits for another run on the same file
        for at most --wait seconds. The same session
        twice (the same --session-id, or the same lesson, time and score) is refused.
        """,
        options: [lesson.erased, score.erased, weakPoint.erased, at.erased, minutes.erased, input.erased, reviewType.erased,
                  sessionIDOption.erased, format.erased, SharedOptions.wait.erased],
        epilogue: "With --format json the new session is printed as JSON.")

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let path = try arguments.singleInput()
        guard path != "-" else { throw arguments.usageError("record changes a file in place; give its path, not -") }
        let format = try arguments.value(of: format, default: .text)
        guard let lessonID = try arguments.value(of: lesson) else { throw arguments.usageError("record needs --lesson ID") }
        let score = try arguments.value(of: score)
        let endedAt = try arguments.value(of: at, default: context.now)
        guard endedAt <= context.now.addingTimeInterval(86_400),
              endedAt >= context.now.addingTimeInterval(-50 * 365.25 * 86_400) else {
            throw arguments.usageError("--at '\(ISO8601Timestamp.string(from: endedAt))' is more than a day ahead of now or "
                + "more than 50 years ago; give when the session ended")
        }
        let startedAt = endedAt.addingTimeInterval(-(try arguments.value(of: minutes, default: 0)) * 60)
        let reviewType = try arguments.value(of: reviewType)
        let weakPoints = try arguments.values(of: weakPoint).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
        let userInput = try arguments.value(of: input, default: "")

        let givenID = try arguments.value(of: sessionIDOption)
        var sessionJSON = ""
        var sessionID = ""
        var lessonTitle = lessonID
        let wait = try arguments.value(of: SharedOptions.wait, default: SharedOptions.defaultWaitSeconds)
        try LockedFileUpdate.update(path, limit: InputLimits.workspace, wait: context.lockWait(seconds: wait)) {
            (data) throws(CommandError) -> Data in
            let (workspace, splice) = try WorkspaceSplice.open(data, path: path)
            let proposed = LearningSession(
                id: "", userID: "", lessonID: lessonID, startedAt: startedAt, endedAt: endedAt, userInput: userInput,
                masteryScore: score, weakPoints: weakPoints, reviewType: reviewType, createdAt: endedAt)
            let session: LearningSession
            do throws(SessionRecordingRefusal) {
                session = try workspace.recording(proposed, id: givenID)
            } catch {
                switch error {
                case .unknownLesson:
                    let known = workspace.lessons.prefix(5).map(\.id).joined(separator: ", ")
                    throw .dataError("\(path): no lesson has the id '\(lessonID)'"
                        + (workspace.lessons.isEmpty ? " (the workspace has no lessons)" : "; lessons include \(known)"))
                case .idTaken(let id):
                    throw .dataError("\(path): session '\(id)' is already recorded; the file is unchanged")
                case .alreadyRecorded(let id):
                    throw .dataError("\(path): this session (lesson \(lessonID), score \(score.map(String.init) ?? "none"), at "
                        + "\(ISO8601Timestamp.string(from: endedAt))) is already recorded as '\(id)'; the file is unchanged")
                }
            }
            sessionID = session.id
            lessonTitle = workspace.lessons.first { $0.id == lessonID }?.title ?? lessonID
            sessionJSON = try WorkspaceSplice.elementJSON(session)
            return try splice.append([("sessions", sessionJSON)])
        }

        if format == .json {
            context.write(sessionJSON + "\n")
        } else {
            let title = lessonTitle
            let points = weakPoints.isEmpty ? "no weak points" : "weak points: " + weakPoints.joined(separator: ", ")
            let line = "recorded \(sessionID): \(title), score \(score.map(String.init) ?? "none"), \(points), at "
                + "\(ISO8601Timestamp.string(from: endedAt)) → \(path)"
            context.write(line.escapingControlCharacters() + "\n")
        }
    }
}
