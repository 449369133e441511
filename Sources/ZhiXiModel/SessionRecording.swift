import Foundation
import ZhiXiCore

/// Why a session cannot be added to a ``LearnerWorkspace`` (``LearnerWorkspace/recording(_:id:)``).
package enum SessionRecordingRefusal: Error, Sendable, Hashable {
    /// No lesson of the workspace has the session's lesson id.
    case unknownLesson(id: String)
    /// A session with the id asked for is already recorded.
    case idTaken(String)
    /// The same session (lesson, score, and end within a second) is already recorded, under
    /// this id.
    case alreadyRecorded(asID: String)
}

extension LearnerWorkspace {
    /// `session` ready to be added: checked against the workspace's rules and given its id.
    ///
    /// The rules: its lesson must exist; the same session is never recorded twice — neither
    /// under an id already used, nor as a session of the same lesson with the same score that
    /// ended within a second of a recorded one. Without `id`, the session gets
    /// `session-` and 12 hex digits of the FNV-1a hash of its lesson, end and a counter
    /// (from the number of sessions plus one, raised until the id is unused): the same
    /// workspace and session always get the same id. The session's own `id` is ignored, and
    /// its user is the workspace's (`user.id`, else `profile.userID`). O(sessions).
    /// - Throws: ``SessionRecordingRefusal``.
    package func recording(_ session: LearningSession, id: String?) throws(SessionRecordingRefusal) -> LearningSession {
        guard lessons.contains(where: { $0.id == session.lessonID }) else { throw .unknownLesson(id: session.lessonID) }
        let endedAt = session.endedAt ?? session.startedAt
        if let id, sessions.contains(where: { $0.id == id }) { throw .idTaken(id) }
        if let same = sessions.first(where: {
            $0.lessonID == session.lessonID && $0.masteryScore == session.masteryScore
                && abs(($0.endedAt ?? $0.startedAt).timeIntervalSince(endedAt)) < 1
        }) {
            throw .alreadyRecorded(asID: same.id)
        }
        var recorded = session
        recorded.userID = user?.id ?? profile.userID
        if let id {
            recorded.id = id
        } else {
            let existingIDs = Set(sessions.map(\.id))
            var counter = sessions.count + 1
            repeat {
                let hash = StableHash.fnv1a64("\(session.lessonID)|\(endedAt.timeIntervalSince1970)|\(counter)")
                recorded.id = "session-" + String(String(hash, radix: 16).suffix(12))
                counter += 1
            } while existingIDs.contains(recorded.id)
        }
        return recorded
    }
}
