import Foundation
import ZhiXiModel

/// The sessions recorded for recalls whose analysis has not succeeded yet, by lesson, text and
/// start: a retry of the same recall reuses its session. In memory, shared by the copies of a
/// repository; safe from any task.
final class UnanalysedSessions: @unchecked Sendable {
    // `sessions` is only touched under `lock`.
    private let lock = NSLock()
    private var sessions: [String: LearningSession] = [:]

    /// The key of a recall.
    static func key(lessonID: String, userInput: String, startedAt: Date) -> String {
        "\(lessonID)\u{0}\(startedAt.timeIntervalSince1970)\u{0}\(userInput)"
    }

    /// The session recorded for `key`, if its analysis has not succeeded.
    func session(for key: String) -> LearningSession? {
        lock.withLock { sessions[key] }
    }

    /// Keeps `session` until its analysis succeeds.
    func keep(_ session: LearningSession, for key: String) {
        lock.withLock { sessions[key] = session }
    }

    /// The analysis of `key` succeeded.
    func forget(_ key: String) {
        _ = lock.withLock { sessions.removeValue(forKey: key) }
    }
}
