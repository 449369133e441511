import Foundation
import ZhiXiCore
import ZhiXiModel

/// The sessions recorded for recalls whose analysis has not succeeded yet, by lesson, text and
/// start: a retry of the same recall reuses its session. In memory, shared by the copies of a
/// repository; safe from any task.
final class UnanalysedSessions: Sendable {
    private let sessions = Locked<[String: LearningSession]>([:])

    /// The key of a recall.
    static func key(lessonID: String, userInput: String, startedAt: Date) -> String {
        "\(lessonID)\u{0}\(startedAt.timeIntervalSince1970)\u{0}\(userInput)"
    }

    /// The session recorded for `key`, if its analysis has not succeeded.
    func session(for key: String) -> LearningSession? {
        sessions.withLock { $0[key] }
    }

    /// Keeps `session` until its analysis succeeds.
    func keep(_ session: LearningSession, for key: String) {
        sessions.withLock { $0[key] = session }
    }

    /// The analysis of `key` succeeded.
    func forget(_ key: String) {
        _ = sessions.withLock { $0.removeValue(forKey: key) }
    }
}
