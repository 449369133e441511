import Foundation
import ZhiXiMemory

extension SchedulerConfiguration {
    /// The settings as an Anki preset: steps in minutes as Anki stores them.
    var ankiPreset: AnkiPresetSettings {
        AnkiPresetSettings(parameters: parameters, desiredRetention: desiredRetention,
                           learningStepsMinutes: learningSteps.map { Float($0 / 60) },
                           relearningStepsMinutes: relearningSteps.map { Float($0 / 60) },
                           maximumIntervalDays: maximumIntervalDays)
    }

    /// The calendar Anki's rules count days on: the configuration's, or UTC from 04:00.
    var ankiCalendar: StudyCalendar { calendar ?? .utc }
}

extension CardScheduler {
    /// A review under ``SchedulerRules/anki``: the card seen as Anki stores it, Anki's outcome
    /// for the rating, and that outcome as a card again.
    func ankiReview(_ card: Card, rating: Rating, at date: Date, reviewDurationMilliseconds: Int?,
                    dueLoad: DueDayLoad?, scheduler: AnkiScheduler) -> CardReviewResult {
        let calendar = configuration.ankiCalendar
        let timing = AnkiDayTiming(at: date, calendar: calendar)
        let learningSteps = configuration.learningSteps.count, relearningSteps = configuration.relearningSteps.count
        let lastReviewSeconds = card.lastReview.map { Int64($0.timeIntervalSince1970.rounded(.down)) }
        var previousInterval = 0
        if card.state == .review || card.state == .relearning, let lastReview = card.lastReview {
            previousInterval = max(0, calendar.dayNumber(of: card.due) - calendar.dayNumber(of: lastReview))
        }
        let remaining: Int
        switch card.state {
        case .learning: remaining = max(0, learningSteps - (card.step ?? 0))
        case .relearning: remaining = max(0, relearningSteps - (card.step ?? 0))
        case .new, .review: remaining = 0
        }
        let anki = AnkiCard(id: card.id, state: card.state, remainingSteps: remaining, intervalDays: previousInterval,
                            memoryState: card.memoryState, reviewCount: card.reviewCount, lapses: card.lapses,
                            lastReviewSeconds: lastReviewSeconds)
        var balancer: AnkiLoadBalancer?
        if configuration.fuzz == .loadBalanced, let dueLoad {
            balancer = AnkiLoadBalancer(
                dueCounts: (0..<AnkiLoadBalancer.windowDayCount).map { dueLoad.dueCount(onDay: timing.today + $0) ?? 0 },
                weekdays: AnkiLoadBalancer.weekdays(nextDayAtSeconds: timing.nextDayAtSeconds, calendar: calendar))
        }
        let outcome = scheduler.nextStates(of: anki, timing: timing, balancer: balancer)[rating]

        var next = card
        next.state = outcome.state
        let stepCount = outcome.state == .relearning ? relearningSteps : learningSteps
        next.step = outcome.state.hasSteps ? max(0, stepCount - outcome.remainingSteps) : nil
        next.memoryState = outcome.memoryState
        next.lastReview = date
        next.reviewCount += 1
        if card.state == .review, rating == .again { next.lapses += 1 }
        if let day = outcome.dueDay {
            next.due = calendar.start(ofDay: day)
        } else if let seconds = outcome.dueSeconds {
            next.due = Date(timeIntervalSince1970: Double(seconds))
        }
        let elapsed = lastReviewSeconds.map(timing.elapsedDays(sinceSeconds:)) ?? 0
        let review = CardReview(cardID: card.id, rating: rating, reviewedAt: date,
                                reviewDurationMilliseconds: reviewDurationMilliseconds, elapsedDays: elapsed,
                                scheduledDays: outcome.interval.days ?? 0, cardBefore: card)
        return CardReviewResult(card: next, review: review, interval: outcome.interval)
    }
}
