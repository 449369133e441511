import Foundation
import ZhiXiCore
import ZhiXiDomain
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiServices

/// The progress figures of the app, offline first: the server's totals, trend and heat map
/// (`GET learning/summary`, `GET learning/trend?days=7`, `GET activity/heatmap?days=365`, asked
/// at once), laid on the learner's days (today in the time zone of the profile kept on the
/// device, every day of each window present); when the server does not answer, the same
/// figures counted on the device from the workspace kept (``LearningFigures``; completions
/// and skips waiting in the outbox count as done), marked offline.
package struct OfflineFirstProgressRepository: ProgressRepository {
    /// The services asked.
    package let services: AppServices
    /// Where each learner's workspace and outbox are kept.
    package let storage: LearnerStorage
    private let userID: @Sendable () async -> String?

    /// Creates the repository; `userID` gives the signed-in learner's id, `nil` when signed out.
    package init(services: AppServices, storage: LearnerStorage, userID: @escaping @Sendable () async -> String?) {
        self.services = services
        self.storage = storage
        self.userID = userID
    }

    /// The first day of the week when the profile names none: Monday (2).
    package static let defaultFirstWeekday = 2

    /// The figures as of `now`.
    package func progress(now: Date) async throws(RepositoryFailure) -> LearningProgress {
        guard let user = await userID() else { throw .signedOut }
        let place = try storage.place(forUser: user)
        let analytics = services.analytics
        async let summary = Self.attempt { () async throws(APIError) -> LearningSummary in try await analytics.summary() }
        async let trend = Self.attempt { () async throws(APIError) -> [DailyActivity] in try await analytics.trend(days: LearningProgress.trendDays) }
        async let heatmap = Self.attempt { () async throws(APIError) -> [DailyActivity] in
            try await analytics.heatmap(days: LearningProgress.heatmapDays)
        }
        let answers = (await summary, await trend, await heatmap)
        let kept = try await place.cache.read()
        let firstWeekday = kept?.profile.firstWeekday.flatMap { (1 ... 7).contains($0) ? $0 : nil } ?? Self.defaultFirstWeekday
        switch answers {
        case (.success(let summary), .success(let trend), .success(let heatmap)):
            let today = kept.map { LearningFigures.today(of: $0.profile, now: now) } ?? heatmap.last?.date ?? trend.last?.date
                ?? LearningFigures.today(of: UserLearningProfile(userID: user), now: now)
            func days(_ answer: [DailyActivity], _ count: Int) -> [ActivityDay] {
                LearningProgress.window(answer.map { ActivityDay(date: $0.date, minutes: $0.minutes, sessions: $0.sessions) }, count: count,
                                        endingOn: today)
            }
            return LearningProgress(summary: summary, trend: days(trend, LearningProgress.trendDays),
                                    heatmap: days(heatmap, LearningProgress.heatmapDays), today: today, firstWeekday: firstWeekday,
                                    isOffline: false)
        case (.failure(let error), _, _), (_, .failure(let error), _), (_, _, .failure(let error)):
            let failure = RepositoryFailure(error)
            guard failure.allowsOfflinePlan else { throw failure }
            guard !Task.isCancelled else { throw .cancelled }
            guard let workspace = kept else { throw failure }
            let waiting: [ReviewTaskAction]
            do {
                waiting = try await place.outbox.waiting()
            } catch {
                throw .storage(reason: error.description)
            }
            let tasks = ReviewPlanAssembler.applying(waiting, to: workspace.reviewTasks)
            return LearningProgress(summary: LearningFigures.summary(of: workspace, reviewTasks: tasks, now: now),
                                    trend: LearningFigures.activity(of: workspace, days: LearningProgress.trendDays, now: now),
                                    heatmap: LearningFigures.activity(of: workspace, days: LearningProgress.heatmapDays, now: now),
                                    today: LearningFigures.today(of: workspace.profile, now: now), firstWeekday: firstWeekday,
                                    isOffline: true, offlineCause: OfflineCause(failure))
        }
    }

    private static func attempt<Value>(_ call: () async throws(APIError) -> Value) async -> Result<Value, APIError> {
        do throws(APIError) {
            return .success(try await call())
        } catch {
            return .failure(error)
        }
    }
}
