import Foundation
import ZhiXiCore
import ZhiXiModel
import ZhiXiServices

extension FakeZhiXiAPI {
    /// `GET learning/summary`, `GET learning/trend?days=N`, `GET activity/heatmap?days=N`,
    /// counted in the learner's time zone, days starting at midnight.
    func registerAnalyticsRoutes() {
        server.route("GET", "/api/learning/summary") { [self] request in
            withLearner(request) { _, learner, now in .json(Self.summary(of: learner, now: now)) }
        }
        for path in ["/api/learning/trend", "/api/activity/heatmap"] {
            server.route("GET", path) { [self] request in
                withLearner(request) { _, learner, now in
                    guard let text = request.query["days"], let days = Int(text), (1 ... 366).contains(days) else {
                        return .error(400, code: "INVALID_REQUEST", message: "days must be a whole number from 1 to 366")
                    }
                    return .json(Self.activity(of: learner, days: days, now: now))
                }
            }
        }
    }

    private static func calendar(of learner: FakeLearner) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: learner.profile.timeZone) ?? .gmt
        return calendar
    }

    private static func day(_ date: Date, _ calendar: Calendar) -> CivilDate {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return CivilDate(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    private static func minutes(_ session: LearningSession) -> Int {
        Int(((session.endedAt ?? session.startedAt).timeIntervalSince(session.startedAt) / 60).rounded())
    }

    static func summary(of learner: FakeLearner, now: Date) -> LearningSummary {
        let calendar = calendar(of: learner)
        let scores = learner.sessions.compactMap(\.masteryScore)
        let days = Set(learner.sessions.map { day($0.endedAt ?? $0.startedAt, calendar).daysSince1970 })
        var streak = 0
        var current = day(now, calendar).daysSince1970
        while days.contains(current) {
            streak += 1
            current -= 1
        }
        let endOfToday = calendar.startOfDay(for: now).addingTimeInterval(86_400)
        return LearningSummary(
            totalMinutes: learner.sessions.reduce(0) { $0 + minutes($1) }, sessionCount: learner.sessions.count,
            lessonCount: Set(learner.sessions.map(\.lessonID)).count,
            averageMastery: scores.isEmpty ? nil : Double(scores.reduce(0, +)) / Double(scores.count), streakDays: streak,
            dueReviewCount: learner.reviewTasks.filter { $0.status == .pending && $0.scheduledAt < endOfToday }.count)
    }

    static func activity(of learner: FakeLearner, days: Int, now: Date) -> [DailyActivity] {
        let calendar = calendar(of: learner)
        let today = day(now, calendar).daysSince1970
        var byDay: [Int: (minutes: Int, sessions: Int)] = [:]
        for session in learner.sessions {
            let sessionDay = day(session.endedAt ?? session.startedAt, calendar).daysSince1970
            byDay[sessionDay, default: (0, 0)].minutes += minutes(session)
            byDay[sessionDay, default: (0, 0)].sessions += 1
        }
        return (today - days + 1 ... today).map { number in
            DailyActivity(date: CivilDate(daysSince1970: number), minutes: byDay[number]?.minutes ?? 0, sessions: byDay[number]?.sessions ?? 0)
        }
    }
}
