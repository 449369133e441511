import Foundation
import Testing
import ZhiXiModel
import ZhiXiRepositories

/// Issue 28, class 3: where a pull starts is the newest record the server sent, never one far
/// ahead; a full pull now and then; only records within the workspace's bounds, of known
/// lessons, are merged, the others named.
@Suite("WorkspacePull: where the next pull starts, and what may be merged")
struct WorkspacePullMarkTests {
    static let now = Date(timeIntervalSince1970: 1_795_996_800)   // 2026-12-01T00:00:00Z
    static let user = User(id: "u-1", appleUserID: "a-1", createdAt: Date(timeIntervalSince1970: 1_767_225_600))
    static let lesson = Lesson(id: "l-1", title: "L", estimatedMinutes: 10)

    static func session(_ id: String, at date: Date, score: Int? = 70, lesson: String = "l-1") -> LearningSession {
        LearningSession(id: id, userID: "u-1", lessonID: lesson, startedAt: date, endedAt: date, userInput: "",
                        masteryScore: score, createdAt: date)
    }

    static func fetched(_ sessions: [LearningSession]) -> WorkspacePull.Fetched {
        WorkspacePull.Fetched(user: user, profile: UserLearningProfile(userID: "u-1"), knowledgeBases: [], learningPaths: [],
                              lessons: [lesson], sessions: sessions, analyses: [], reviewTasks: [])
    }

    @Test("the newest server record within a day ahead; dates beyond are not believed; an earlier mark stays when nothing is newer")
    func mark() {
        let fetched = Self.fetched([Self.session("a", at: Self.now.addingTimeInterval(-60)),
                                    Self.session("b", at: Date(timeIntervalSince1970: 7_226_582_400))])   // 2199
        let first = fetched.mark(after: nil, server: "s", now: Self.now, full: true)
        #expect(first.sessionsThrough == Self.now.addingTimeInterval(-60) && first.fullPullAt == Self.now && first.server == "s")
        let none = Self.fetched([]).mark(after: first, server: "s", now: Self.now.addingTimeInterval(10), full: false)
        #expect(none.sessionsThrough == first.sessionsThrough && none.fullPullAt == Self.now)
        let otherServer = Self.fetched([]).mark(after: first, server: "t", now: Self.now, full: false)
        #expect(otherServer.sessionsThrough == nil, "a mark is worth nothing for another server")
    }

    @Test("a full pull when none was made, for another server, after a week, or a clock set back")
    func fullPull() {
        let mark = WorkspacePull.Mark(server: "s", fullPullAt: Self.now)
        #expect(!mark.wantsFullPull(server: "s", now: Self.now.addingTimeInterval(3 * 86_400)))
        #expect(mark.wantsFullPull(server: "s", now: Self.now.addingTimeInterval(8 * 86_400)))
        #expect(mark.wantsFullPull(server: "s", now: Self.now.addingTimeInterval(-2 * 86_400)))
        #expect(mark.wantsFullPull(server: "t", now: Self.now))
        #expect(WorkspacePull.Mark(server: "s").wantsFullPull(server: "s", now: Self.now))
    }

    @Test("records out of bounds or of an unknown lesson are left out and named; the rest kept; a bad account refuses all")
    func checked() throws {
        let fetched = Self.fetched([Self.session("ok", at: Self.now), Self.session("score", at: Self.now, score: 1000),
                                    Self.session("lesson", at: Self.now, lesson: "nowhere")])
        let (kept, refused) = try fetched.checked(against: nil)
        #expect(kept.sessions.map(\.id) == ["ok"])
        #expect(refused.map(\.id) == ["score", "lesson"])
        #expect(refused[0].description == "session score: masteryScore: 1000 is outside 0–100")
        #expect(refused[1].reason.contains("no lesson 'nowhere'"))
        var bad = fetched
        bad.profile.dailyMinutes = 100_000
        #expect(throws: WorkspaceBoundsViolation.self) { try bad.checked(against: nil) }
    }
}
