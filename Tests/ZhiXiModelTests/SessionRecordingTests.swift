import Foundation
import Testing
import ZhiXiModel

@Suite("A workspace's rules for recording a session")
struct SessionRecordingTests {
    static let end = Date(timeIntervalSince1970: 1_764_400_000)
    static let workspace = LearnerWorkspace(
        profile: UserLearningProfile(userID: "u-1"),
        lessons: [Lesson(id: "L1", title: "Lesson one", estimatedMinutes: 10)],
        sessions: [LearningSession(id: "s-1", userID: "u-1", lessonID: "L1", startedAt: end.addingTimeInterval(-600),
                                   endedAt: end, userInput: "", masteryScore: 80)])

    static func session(lesson: String = "L1", score: Int? = 70, endedAt: Date = end) -> LearningSession {
        LearningSession(id: "ignored", userID: "someone", lessonID: lesson, startedAt: endedAt.addingTimeInterval(-300),
                        endedAt: endedAt, userInput: "", masteryScore: score)
    }

    @Test("a session of an unknown lesson is refused")
    func unknownLesson() {
        #expect(throws: SessionRecordingRefusal.unknownLesson(id: "L9")) { try Self.workspace.recording(Self.session(lesson: "L9"), id: nil) }
    }

    @Test("the same session twice is refused: by its id, or by lesson, score and an end within a second")
    func duplicates() {
        #expect(throws: SessionRecordingRefusal.idTaken("s-1")) { try Self.workspace.recording(Self.session(), id: "s-1") }
        #expect(throws: SessionRecordingRefusal.alreadyRecorded(asID: "s-1")) {
            try Self.workspace.recording(Self.session(score: 80, endedAt: Self.end.addingTimeInterval(0.5)), id: nil)
        }
        #expect(throws: Never.self) { try Self.workspace.recording(Self.session(score: 80, endedAt: Self.end.addingTimeInterval(1)), id: nil) }
    }

    @Test("a new session gets the workspace's user and an id that is unused and the same every time")
    func identifiers() throws {
        let first = try Self.workspace.recording(Self.session(), id: nil)
        #expect(first.userID == "u-1")
        #expect(first.id.hasPrefix("session-") && first.id.count == "session-".count + 12)
        #expect(first.id != "s-1")
        #expect(try Self.workspace.recording(Self.session(), id: nil) == first)
        #expect(try Self.workspace.recording(Self.session(), id: "mine").id == "mine")
    }
}
