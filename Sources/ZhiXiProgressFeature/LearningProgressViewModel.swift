import Foundation
import Observation
import ZhiXiDomain
import ZhiXiModel

/// The progress page (学习进度): the learner's totals, minutes per day over the last 7 days,
/// and a heat map of the last 365 days, each day in the learner's time zone, as plain values a
/// chart draws (``ActivityTrend``, ``ActivityHeatmap``); offline, the figures counted on the
/// device, with a banner saying why.
///
/// Each ``load()`` cancels the one before (only the latest lands); behind sign-in, the page is
/// `LearningProgressUiState.loggedOut` the moment the session signs out, mid-load too.
@MainActor
@Observable
public final class LearningProgressViewModel {
    /// What the page draws.
    public private(set) var uiState: LearningProgressUiState

    /// The wording of the page's texts.
    @ObservationIgnored public private(set) var wording: LearnerWording
    @ObservationIgnored private var loader: PageLoader<LearningProgress>?

    /// Creates the page's view model.
    /// - Parameters:
    ///   - repository: the figures.
    ///   - session: the login state (the page is behind sign-in).
    ///   - language: the language of the texts (default Simplified Chinese).
    ///   - now: the clock.
    ///   - languageSetting: the app's language at run time; when given, the page is in its
    ///     language (not `language`) and draws what it shows again when it changes.
    package init(repository: any ProgressRepository, session: any SessionRepository, language: AppLanguage = .default,
                now: @escaping @Sendable () -> Date = { Date() }, languageSetting: LanguageSetting? = nil) {
        wording = .forLanguage(languageSetting?.language ?? language)
        uiState = session.isSignedIn ? .loading : .loggedOut
        loader = PageLoader(session: session, wording: wording, fetch: { () async throws(RepositoryFailure) -> LearningProgress in
            try await repository.progress(now: now())
        }, onChange: { [weak self] state in self?.show(state) })
        languageSetting?.watch(owner: self) { [weak self] language in self?.languageChanged(language) }
    }

    /// The app's language changed: what the page shows, drawn again in it.
    private func languageChanged(_ language: AppLanguage) {
        wording = .forLanguage(language)
        loader?.redraw(in: wording)
    }

    /// Gathers the figures: `LearningProgressUiState.loading`, then the figures or the error.
    public func load() async {
        await loader?.load()
    }

    /// After an error: loads again.
    public func retry() async {
        await load()
    }

    private func show(_ state: PageLoadState<LearningProgress>) {
        uiState = switch state {
        case .loading: .loading
        case .loaded(let progress): .success(LearningProgressScreen(progress, wording: wording))
        case .loggedOut: .loggedOut
        case .failed(let error): .error(error)
        }
    }
}

extension LearningProgressScreen {
    /// The screen of `progress` in `wording`'s language.
    init(_ progress: LearningProgress, wording: LearnerWording) {
        let totals = progress.summary
        let average = totals.averageMastery.map { Int($0.rounded()) }
        let summary = ProgressSummaryCard(
            streakDays: totals.streakDays, streakText: wording.fill(wording.streak.form(totals.streakDays), [.days: String(totals.streakDays)]),
            totalMinutes: totals.totalMinutes, totalMinutesText: wording.fill(wording.totalMinutes, [.minutes: String(totals.totalMinutes)]),
            sessionCount: totals.sessionCount,
            sessionsText: wording.fill(wording.sessionCount.form(totals.sessionCount), [.count: String(totals.sessionCount)]),
            lessonCount: totals.lessonCount,
            lessonsText: wording.fill(wording.lessonsStudied.form(totals.lessonCount), [.count: String(totals.lessonCount)]),
            averageMastery: average,
            averageMasteryText: average.map { wording.fill(wording.averageMastery, [.score: String($0)]) } ?? wording.noMasteryYet,
            dueReviewCount: totals.dueReviewCount,
            dueReviewsText: wording.fill(wording.dueReviews.form(totals.dueReviewCount), [.count: String(totals.dueReviewCount)]))
        self.init(title: wording.progressTitle, summary: summary, trend: ActivityTrend(progress, wording: wording),
                  heatmap: ActivityHeatmap(progress, wording: wording), isOffline: progress.isOffline,
                  offlineMessage: progress.isOffline ? wording.savedOnDeviceMessage(for: progress.offlineCause) : nil)
    }
}

extension ActivityTrend {
    /// The trend of `progress` in `wording`'s language.
    init(_ progress: LearningProgress, wording: LearnerWording) {
        let bars = progress.trend.map { day in
            TrendBar(id: day.date.description, weekdayLabel: wording.localization.weekdayNames[day.date.weekday - 1],
                     dateText: wording.shortDate(day.date),
                     minutes: day.minutes, sessions: day.sessions, valueText: wording.minutes(day.minutes), isToday: day.date == progress.today)
        }
        let total = bars.reduce(0) { $0 + $1.minutes }
        self.init(heading: wording.trendHeading, days: bars, maximumMinutes: bars.map(\.minutes).max() ?? 0, totalMinutes: total,
                  totalText: wording.fill(wording.trendTotal, [.minutes: String(total)]))
    }
}

extension ActivityHeatmap {
    /// The heat map of `progress` in `wording`'s language: the oldest day in column 0, on the
    /// row of its weekday counted from the learner's first weekday.
    init(_ progress: LearningProgress, wording: LearnerWording) {
        let firstWeekday = (1 ... 7).contains(progress.firstWeekday) ? progress.firstWeekday : 2
        let start = progress.heatmap.first.map { ($0.date.weekday - firstWeekday + 7) % 7 } ?? 0
        var cells: [HeatmapCell] = []
        var months: [HeatmapMonthLabel] = []
        for (index, day) in progress.heatmap.enumerated() {
            let slot = start + index
            let date = wording.date(day.date)
            cells.append(HeatmapCell(id: day.date.description, column: slot / 7, row: slot % 7, minutes: day.minutes, sessions: day.sessions,
                                     level: Self.level(minutes: day.minutes), isToday: day.date == progress.today,
                                     label: wording.fill(wording.heatmapDay.form(day.sessions),
                                                         [.date: date, .minutes: String(day.minutes), .count: String(day.sessions)])))
            if day.date.day == 1 {
                months.append(HeatmapMonthLabel(column: slot / 7, text: wording.fill(wording.heatmapMonth, [.month: wording.localization.monthNames[day.date.month - 1]])))
            }
        }
        let active = cells.filter { $0.minutes > 0 || $0.sessions > 0 }.count
        self.init(heading: wording.heatmapHeading, weekCount: cells.isEmpty ? 0 : (start + cells.count + 6) / 7,
                  rowLabels: (0 ..< 7).map { wording.localization.weekdayNames[(firstWeekday - 1 + $0) % 7] }, cells: cells, monthLabels: months,
                  activeDays: active, activeDaysText: wording.fill(wording.heatmapActiveDays.form(active), [.count: String(active)]),
                  lessText: wording.heatmapLess, moreText: wording.heatmapMore)
    }
}
