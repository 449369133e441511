import Foundation
import ZhiXiCore
import ZhiXiModel
import ZhiXiScheduler

/// Small, varied learners for the batch tests, one JSON line each: different time zones, day
/// starts, budgets, languages and histories (none to a few dozen sessions, analyses, weak
/// points). Learner `i` depends only on `i`.
enum FleetFixture {
    static let now = "2026-11-29T01:00:00Z"
    private static let zones = ["Asia/Shanghai", "America/St_Johns", "Asia/Kathmandu", "Pacific/Auckland", "UTC",
                                "America/Los_Angeles", "Europe/Berlin"]

    /// Learner `index` as a workspace.
    static func learner(_ index: Int) -> LearnerWorkspace {
        var random = SplitMix64(seed: UInt64(index) &+ 1000)
        let userID = "fleet-\(index)"
        let lessonCount = 1 + Int(random.next() % 6)
        let lessons = (0 ..< lessonCount).map { Lesson(id: "L\($0)", knowledgeBaseID: "kb", title: "课 \($0)", estimatedMinutes: 5 + $0 * 4) }
        let sessionCount = index % 4 == 0 ? 0 : Int(random.next() % 40)
        let end = ISO8601DateFormatter().date(from: now)!.timeIntervalSince1970 - 3_600
        var sessions: [LearningSession] = []
        var analyses: [AIAnalysis] = []
        for number in 0 ..< sessionCount {
            let time = end - Double(sessionCount - number) * 86_400 * (0.5 + random.nextUnitInterval() * 3)
            let score = Int(random.next() % 101)
            let weakPoints = score < 70 ? ["要点 \(number % 3)"] : []
            let analysisID = number % 3 == 0 ? "a\(number)" : nil
            sessions.append(LearningSession(
                id: "s\(number)", userID: userID, lessonID: "L\(Int(random.next() % UInt64(lessonCount)))",
                startedAt: Date(timeIntervalSince1970: time.rounded()), userInput: "我讲了一遍。", analysisID: analysisID,
                masteryScore: score, weakPoints: weakPoints))
            if let analysisID {
                analyses.append(AIAnalysis(id: analysisID, sessionID: "s\(number)", userID: userID, lessonID: sessions.last!.lessonID,
                                           masteryScore: score, weakPoints: weakPoints,
                                           createdAt: Date(timeIntervalSince1970: time.rounded() + 600)))
            }
        }
        let profile = UserLearningProfile(
            userID: userID, timeZone: zones[index % zones.count], dayStartHour: [4, 0, 6, 3][index % 4],
            dailyMinutes: [30, 0, 10, 60, 15][index % 5], desiredRetention: [0.9, 0.85, 0.95][index % 3],
            preferredLanguage: index % 2 == 0 ? "zh-Hans" : "en", firstWeekday: index % 2 == 0 ? 2 : 1)
        let user = index % 3 == 0
            ? User(id: userID, appleUserID: "apple-\(index)", createdAt: Date(timeIntervalSince1970: 1_780_000_000)) : nil
        return LearnerWorkspace(user: user, profile: profile, lessons: lessons, sessions: sessions, analyses: analyses)
    }

    /// Learner `index` as one line of JSON (no line break).
    static func line(_ index: Int) throws -> String {
        String(decoding: try ZhiXiJSON.makeEncoder().encode(learner(index)), as: UTF8.self)
    }

    /// The sample workspace of `data/` on one line.
    static func sampleLine() throws -> String {
        let data = try Data(contentsOf: packageRoot.appendingPathComponent("data/sample-workspace.json"))
        let object = try JSONSerialization.jsonObject(with: data)
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes]), as: UTF8.self)
    }
}
