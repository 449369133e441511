import ZhiXiCore
import Foundation
import ZhiXiModel
import ZhiXiPlanner
import ZhiXiScheduler

/// A generated learner workspace of any size, for the planner benchmarks: `lessons` lessons
/// and `sessions` learning sessions spread over half a year before 2026-11-29, in time order,
/// each with a mastery score, up to two weak points from its lesson's pool and a learner's
/// input of about 80 characters, Chinese included. Deterministic for a seed.
enum SyntheticWorkspace {
    static let now = Date(timeIntervalSince1970: 1_796_000_000)  // 2026-11-30T00:53:20Z

    static func make(lessons lessonCount: Int, sessions sessionCount: Int, seed: UInt64) -> LearnerWorkspace {
        var random = SplitMix64(seed: seed)
        let user = "user-benchmark"
        let lessons = (0..<lessonCount).map { index in
            Lesson(id: "lesson-\(index)", knowledgeBaseID: "kb-1", title: "第\(index)课：梯度下降与正则化",
                   order: index, estimatedMinutes: 10 + index % 25)
        }
        let weakPool = ["学习率的选择", "链式法则的应用", "Overfitting vs underfitting", "偏差与方差", "特征缩放"]
        let span = 180.0 * 86_400
        let start = now.timeIntervalSince1970 - span - 86_400
        var times = (0..<sessionCount).map { _ in start + random.nextUnitInterval() * span }
        times.sort()
        let sessions = times.enumerated().map { index, time -> LearningSession in
            let lesson = Int(random.next() % UInt64(max(1, lessonCount)))
            let score = Int(random.next() % 101)
            let weakCount = score >= 85 ? 0 : (score >= 65 ? 1 : 2)
            let weakPoints = (0..<weakCount).map { weakPool[(lesson + $0 * 2) % weakPool.count] }
            return LearningSession(
                id: "session-\(index)", userID: user, lessonID: "lesson-\(lesson)",
                startedAt: Date(timeIntervalSince1970: time.rounded(.down)),
                endedAt: Date(timeIntervalSince1970: time.rounded(.down) + 600),
                userInput: "我记得梯度下降的核心是沿着负梯度方向更新参数，学习率太大会发散，太小收敛慢。",
                masteryScore: score, weakPoints: weakPoints)
        }
        return LearnerWorkspace(
            profile: UserLearningProfile(userID: user, timeZone: "Asia/Shanghai", dayStartHour: 4, dailyMinutes: 60),
            lessons: lessons, sessions: sessions)
    }

    /// The workspace as JSON text, written directly (the contract's shapes, ISO-8601 dates).
    static func json(_ workspace: LearnerWorkspace) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(workspace.sessions.count * 330 + workspace.lessons.count * 160 + 1024)
        func append(_ text: String) { out.append(contentsOf: text.utf8) }
        func string(_ text: String) {
            out.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { out.append(UInt8(ascii: "\\")) }
                out.append(byte)
            }
            out.append(UInt8(ascii: "\""))
        }
        func date(_ date: Date) { string(ISO8601Timestamp.string(from: date)) }
        let profile = workspace.profile
        append("{\n\"schemaVersion\": 1,\n\"profile\": {\"userId\": ")
        string(profile.userID)
        append(", \"timeZone\": ")
        string(profile.timeZone)
        append(", \"dayStartHour\": \(profile.dayStartHour), \"dailyMinutes\": \(profile.dailyMinutes), \"desiredRetention\": \(profile.desiredRetention)},\n\"lessons\": [")
        for (index, lesson) in workspace.lessons.enumerated() {
            append(index == 0 ? "\n" : ",\n")
            append("{\"id\": ")
            string(lesson.id)
            append(", \"knowledgeBaseId\": ")
            string(lesson.knowledgeBaseID ?? "")
            append(", \"title\": ")
            string(lesson.title)
            append(", \"order\": \(lesson.order), \"estimatedMinutes\": \(lesson.estimatedMinutes)}")
        }
        append("\n],\n\"sessions\": [")
        for (index, session) in workspace.sessions.enumerated() {
            append(index == 0 ? "\n" : ",\n")
            append("{\"id\": ")
            string(session.id)
            append(", \"userId\": ")
            string(session.userID)
            append(", \"lessonId\": ")
            string(session.lessonID)
            append(", \"startedAt\": ")
            date(session.startedAt)
            if let endedAt = session.endedAt {
                append(", \"endedAt\": ")
                date(endedAt)
            }
            append(", \"userInput\": ")
            string(session.userInput)
            if let score = session.masteryScore { append(", \"masteryScore\": \(score)") }
            append(", \"weakPoints\": [")
            for (position, point) in session.weakPoints.enumerated() {
                if position > 0 { append(", ") }
                string(point)
            }
            append("]}")
        }
        append("\n]\n}\n")
        return out
    }
}
