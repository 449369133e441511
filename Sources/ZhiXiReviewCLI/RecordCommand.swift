import ZhiXiCore
import Foundation
import ZhiXiLocalization
import ZhiXiModel
import ZhiXiScheduler

/// `zhixi-review record WORKSPACE.json --lesson ID --score N`: adds a learning session.
enum RecordCommand: Command {
    /// The command's options, in the order of its help.
    struct Options: CommandOptions {
        let lesson = CommandOption<String>.text(
            "lesson", placeholder: "ID|TITLE", example: "lesson-1-1")
        let score = CommandOption<Int>.integer("score", range: 0...100)
        let weakPoint = CommandOption<String>.text("weak-point", placeholder: "TEXT", example: "链式法则的应用", repeatable: true)
        let at = CommandOption<Date>.timestamp(defaultingToNow: "at")
        let minutes = CommandOption<Double>.number("minutes", placeholder: "M", range: 0...1440, default: 0, example: "15")
        let input = CommandOption<String>.text("input", placeholder: "TEXT", example: "梯度是……")
            .defaulting(to: "", shown: "empty")
        let reviewType = CommandOption<ReviewType>.choice(
            "review-type", ["spacedRepetition": .spacedRepetition, "feynman": .feynman, "recall": .recall, "weakPoint": .weakPoint])
        let sessionIDOption = CommandOption<String>.text(
            "session-id", placeholder: "ID", example: "session-2026-11-29-a")
        let format = SharedOptions.format([.text, .json])
        let wait = SharedOptions.wait
        let language = LanguageChoice.standard
    }

    /// The command's options.
    static let options = Options()

    static let specification = CommandSpecification(
        name: "record",
        arguments: [.init(placeholder: "WORKSPACE.json",
                          file: .updated)],
        options: options)

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let path = try arguments.singleInput()
        var words = context.words
        guard path != "-" else { throw arguments.usageError(key: "record.standardInput") }
        let format = try arguments.value(of: options.format)
        guard let lessonReference = try arguments.value(of: options.lesson) else {
            throw arguments.usageError(key: "record.needsLesson", ["path": path])
        }
        let score = try arguments.value(of: options.score)
        let endedAt = try arguments.value(of: options.at)
        guard endedAt <= context.now.addingTimeInterval(86_400),
              endedAt >= context.now.addingTimeInterval(-50 * 365.25 * 86_400) else {
            throw arguments.usageError(key: "record.atOutOfRange", ["at": ISO8601Timestamp.string(from: endedAt)])
        }
        let startedAt = endedAt.addingTimeInterval(-(try arguments.value(of: options.minutes)) * 60)
        let reviewType = try arguments.value(of: options.reviewType)
        let weakPoints = try arguments.values(of: options.weakPoint).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
        let userInput = try arguments.value(of: options.input)

        let givenID = try arguments.value(of: options.sessionIDOption)
        var sessionJSON = ""
        var sessionID = ""
        var lessonTitle = lessonReference
        var timeText = ISO8601Timestamp.string(from: endedAt)
        let wait = try arguments.value(of: SharedOptions.wait)
        try LockedFileUpdate.update(path, limit: InputLimits.workspace, wait: context.lockWait(seconds: wait)) {
            (data) throws(CommandError) -> Data in
            let (workspace, splice) = try WorkspaceSplice.open(data, path: path)
            words = context.chooseLanguage(workspace: workspace).localization
            let lessonID = try Self.lessonID(lessonReference, in: workspace, path: path, words: words)
            timeText = Self.learnerTime(endedAt, workspace: workspace)
            let proposed = LearningSession(
                id: "", userID: "", lessonID: lessonID, startedAt: startedAt, endedAt: endedAt, userInput: userInput,
                masteryScore: score, weakPoints: weakPoints, reviewType: reviewType, createdAt: endedAt)
            let session: LearningSession
            do throws(SessionRecordingRefusal) {
                session = try workspace.recording(proposed, id: givenID)
            } catch {
                switch error {
                case .unknownLesson:
                    throw .dataError(words.sentence("record.error.unknownLesson", in: .commands, ["path": path, "id": lessonID.escapingControlCharacters()]))
                case .idTaken(let id):
                    throw .dataError(words.sentence("record.error.idTaken", in: .commands, ["path": path, "id": id]))
                case .alreadyRecorded(let id):
                    throw .dataError(words.sentence("record.error.alreadyRecorded", in: .commands, [
                        "path": path, "lesson": lessonID, "score": score.map(String.init) ?? words.text("record.noScore", in: .commands),
                        "time": timeText, "id": id,
                    ]))
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
            let points = weakPoints.isEmpty ? words.text("record.noWeakPoints", in: .commands)
                : words.sentence("record.weakPoints", in: .commands, ["list": weakPoints.joined(separator: words.text("record.listSeparator", in: .commands))])
            let line = words.sentence("record.recorded", in: .commands, [
                "id": sessionID, "title": lessonTitle, "score": score.map(String.init) ?? words.text("record.noScore", in: .commands),
                "weakPoints": points, "time": timeText, "path": path,
            ])
            context.write(line.escapingControlCharacters() + "\n")
        }
    }

    /// The id of the lesson `reference` names in `workspace`: its id or its exact title.
    /// - Throws: 65 naming what was given, with the lessons it resembles (ids with titles), or
    ///   the first lessons of the workspace, or the lessons that share the title.
    static func lessonID(_ reference: String, in workspace: LearnerWorkspace, path: String, words: Localization) throws(CommandError) -> String {
        let matches = workspace.lessons(referredToAs: reference)
        if matches.count == 1 { return matches[0].id }
        func listed(_ lessons: some Collection<Lesson>) -> String {
            lessons.prefix(8).map { "\($0.id) (\($0.title))".escapingControlCharacters() }.joined(separator: ", ")
                + (lessons.count > 8 ? ", …" : "")
        }
        func sentence(_ key: String, _ values: [String: String]) -> String { words.sentence("record.error." + key, in: .commands, values) }
        let given = reference.escapingControlCharacters()
        let listing = sentence("listing", ["path": path])
        if matches.count > 1 {
            throw .dataError(sentence("sameTitle", ["path": path, "count": String(matches.count), "given": given, "list": listed(matches),
                                                    "listing": listing]))
        }
        guard !workspace.lessons.isEmpty else { throw .dataError(sentence("noLessons", ["path": path, "given": given])) }
        let resembling = workspace.lessons(resembling: reference)
        let hint = resembling.isEmpty
            ? sentence("include", ["count": String(workspace.lessons.count), "list": listed(workspace.lessons)])
            : sentence("didYouMean", ["list": listed(resembling)])
        throw .dataError(sentence("noLesson", ["path": path, "given": given, "hint": hint, "listing": listing]))
    }

    /// An instant as ISO-8601 in the learner's time zone (`2026-11-29T21:30:00+08:00`), or in
    /// UTC when the profile's zone is not one.
    static func learnerTime(_ date: Date, workspace: LearnerWorkspace) -> String {
        guard let calendar = try? StudyCalendar(timeZoneIdentifier: workspace.profile.timeZone) else {
            return ISO8601Timestamp.string(from: date)
        }
        return TextFormatting.iso8601(date, on: calendar)
    }
}
