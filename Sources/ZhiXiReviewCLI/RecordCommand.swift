import ZhiXiCore
import Foundation
import ZhiXiModel
import ZhiXiScheduler

/// `zhixi-review record WORKSPACE.json --lesson ID --score N`: adds a learning session.
enum RecordCommand {
    static let usage = """
    usage: zhixi-review record WORKSPACE.json --lesson ID --score N [--weak-point TEXT]...
                                             [--at ISO-8601] [--minutes M] [--input TEXT]
                                             [--review-type TYPE] [--format text|json]

    Appends a learning session to a workspace: the lesson studied, the AI's mastery score
    (0-100) and the weak points its analysis named. The file is replaced atomically (a
    temporary file, flushed to disk, renamed over it) and left untouched on any error;
    everything else in it, unknown keys and formatting included, is kept as it was.

    options:
      --lesson ID           the lesson's id (must be one of the workspace's lessons)
      --score N             mastery score 0-100
      --weak-point TEXT     a weak point the analysis named (repeat for several)
      --at ISO-8601         when the session ended (default: now)
      --minutes M           how long it lasted (sets startedAt; default: startedAt = endedAt)
      --input TEXT          what the learner wrote (default: empty)
      --review-type TYPE    spacedRepetition, feynman, recall or weakPoint, when the session
                            was a review of that type
      --format FORMAT       text (default) or json (prints the new session)
      -h, --help            show this help
    """

    static let parser = ArgumentParser(options: [
        .init(name: "lesson"), .init(name: "score"), .init(name: "weak-point", repeatable: true), .init(name: "at"),
        .init(name: "minutes"), .init(name: "input"), .init(name: "review-type"), .init(name: "format"),
        .init(name: "help", takesValue: false),
    ], usage: usage)

    static func run(_ arguments: [String], context: CommandContext) throws(CommandError) {
        guard let (parsed, path) = try parser.parseWithInput(arguments, command: "record", input: "a workspace file (WORKSPACE.json)",
                                                              context: context) else { return }
        let format = try OutputFormat.parse(parsed.value("format"), allowed: [.text, .json], usage: usage)
        guard let lessonID = parsed.value("lesson"), !lessonID.isEmpty else { throw .usage("record needs --lesson ID", usage: usage) }
        guard let scoreText = parsed.value("score") else { throw .usage("record needs --score N (0-100)", usage: usage) }
        guard let score = Int(scoreText), (0...100).contains(score) else {
            throw .usage("--score '\(scoreText)' must be a whole number from 0 to 100", usage: usage)
        }
        let endedAt: Date
        if let text = parsed.value("at") {
            guard let date = ISO8601Timestamp.date(from: text) else {
                throw .usage("--at '\(text)' is not an ISO-8601 time such as 2026-11-29T20:15:00+08:00", usage: usage)
            }
            endedAt = date
        } else {
            endedAt = context.now
        }
        var startedAt = endedAt
        if let text = parsed.value("minutes") {
            guard let minutes = Double(text), minutes >= 0, minutes.isFinite else {
                throw .usage("--minutes '\(text)' must be a number of minutes ≥ 0", usage: usage)
            }
            startedAt = endedAt.addingTimeInterval(-minutes * 60)
        }
        var reviewType: ReviewType?
        if let text = parsed.value("review-type") {
            let type = ReviewType(rawValue: text)
            guard type.isKnown else {
                throw .usage("--review-type '\(text)' must be spacedRepetition, feynman, recall or weakPoint", usage: usage)
            }
            reviewType = type
        }
        let weakPoints = parsed.allValues("weak-point").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }

        let (workspace, data) = try WorkspaceFile.read(path)
        guard workspace.lessons.contains(where: { $0.id == lessonID }) else {
            let known = workspace.lessons.prefix(5).map(\.id).joined(separator: ", ")
            throw .dataError("\(path): no lesson has the id '\(lessonID)'"
                + (workspace.lessons.isEmpty ? " (the workspace has no lessons)" : "; lessons include \(known)"))
        }
        let existingIDs = Set(workspace.sessions.map(\.id))
        var counter = workspace.sessions.count + 1
        var sessionID: String
        repeat {
            let hash = StableHash.fnv1a64("\(lessonID)|\(endedAt.timeIntervalSince1970)|\(counter)")
            sessionID = "session-" + String(String(hash, radix: 16).suffix(12))
            counter += 1
        } while existingIDs.contains(sessionID)

        let session = LearningSession(
            id: sessionID, userID: workspace.user?.id ?? workspace.profile.userID, lessonID: lessonID,
            startedAt: startedAt, endedAt: endedAt, userInput: parsed.value("input") ?? "", masteryScore: score,
            weakPoints: weakPoints, reviewType: reviewType, createdAt: endedAt)
        let encoder = ZhiXiJSON.makeEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let sessionJSON: String
        do {
            sessionJSON = String(decoding: try encoder.encode(session), as: UTF8.self)
        } catch {
            throw .ioError("cannot encode the session (\(error))")
        }
        guard let updated = JSONSplice.appending(sessionJSON, toArray: "sessions", in: [UInt8](data)) else {
            throw .dataError("\(path): the workspace's top level is not an object with a \"sessions\" array")
        }
        // Never write a file that would not read back.
        guard let check = try? LearnerWorkspace(jsonData: Data(updated)), check.sessions.count == workspace.sessions.count + 1,
              check.sessions.last?.id == sessionID else {
            throw .dataError("\(path): cannot add the session without changing other data; the file is unchanged")
        }
        try FileAccess.replaceAtomically(path, with: Data(updated))

        if format == .json {
            context.write(sessionJSON + "\n")
        } else {
            let title = workspace.lessons.first { $0.id == lessonID }?.title ?? lessonID
            let points = weakPoints.isEmpty ? "no weak points" : "weak points: " + weakPoints.joined(separator: ", ")
            context.write("recorded \(sessionID): \(title), score \(score), \(points), at \(ISO8601Timestamp.string(from: endedAt)) → \(path)\n")
        }
    }
}
