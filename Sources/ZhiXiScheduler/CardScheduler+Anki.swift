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
        let (states, timing) = ankiStates(card, at: date, dueLoad: dueLoad, scheduler: scheduler)
        return result(of: states[rating], card: card, rating: rating, at: date, timing: timing,
                      reviewDurationMilliseconds: reviewDurationMilliseconds)
    }

    /// The four buttons under ``SchedulerRules/anki``, computed once.
    func ankiPreview(_ card: Card, at date: Date, dueLoad: DueDayLoad?, scheduler: AnkiScheduler) -> CardPreview {
        let (states, timing) = ankiStates(card, at: date, dueLoad: dueLoad, scheduler: scheduler)
        func outcome(_ rating: Rating) -> CardReviewResult {
            result(of: states[rating], card: card, rating: rating, at: date, timing: timing, reviewDurationMilliseconds: nil)
        }
        return CardPreview(again: outcome(.again), hard: outcome(.hard), good: outcome(.good), easy: outcome(.easy))
    }

    /// Anki's four buttons for `card` at `date`, and the timing they were computed at.
    private func ankiStates(_ card: Card, at date: Date, dueLoad: DueDayLoad?,
                            scheduler: AnkiScheduler) -> (AnkiNextStates, AnkiDayTiming) {
        let calendar = configuration.ankiCalendar
        let timing = AnkiDayTiming(at: date, calendar: calendar)
        var previousInterval = 0
        if card.state == .review || card.state == .relearning, let lastReview = card.lastReview {
            previousInterval = max(0, calendar.dayNumber(of: card.due) - calendar.dayNumber(of: lastReview))
        }
        let remaining: Int
        switch card.state {
        case .learning: remaining = max(0, configuration.learningSteps.count - (card.step ?? 0))
        case .relearning: remaining = max(0, configuration.relearningSteps.count - (card.step ?? 0))
        case .new, .review: remaining = 0
        }
        let anki = AnkiSchedulingCard(id: card.id, state: card.state, remainingSteps: remaining, intervalDays: previousInterval,
                            memoryState: card.memoryState, reviewCount: card.reviewCount, lapses: card.lapses,
                            lastReviewSeconds: card.lastReview.map { Int64($0.timeIntervalSince1970.rounded(.down)) })
        var balancer: AnkiLoadBalancer?
        if configuration.fuzz == .loadBalanced, let dueLoad {
            balancer = AnkiLoadBalancer(
                dueCounts: (0..<AnkiLoadBalancer.windowDayCount).map { dueLoad.dueCount(onDay: timing.today + $0) ?? 0 },
                weekdays: AnkiLoadBalancer.weekdays(nextDayAtSeconds: timing.nextDayAtSeconds, calendar: calendar))
        }
        return (scheduler.nextStates(of: anki, timing: timing, balancer: balancer), timing)
    }

    /// An outcome of Anki's as the card after the review and its log entry.
    private func result(of outcome: AnkiButtonOutcome, card: Card, rating: Rating, at date: Date, timing: AnkiDayTiming,
                        reviewDurationMilliseconds: Int?) -> CardReviewResult {
        let calendar = configuration.ankiCalendar
        var next = card
        next.state = outcome.state
        let stepCount = outcome.state == .relearning ? configuration.relearningSteps.count : configuration.learningSteps.count
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
        let elapsed = card.lastReview.map { timing.elapsedDays(sinceSeconds: Int64($0.timeIntervalSince1970.rounded(.down))) } ?? 0
        let review = CardReview(cardID: card.id, rating: rating, reviewedAt: date,
                                reviewDurationMilliseconds: reviewDurationMilliseconds, elapsedDays: elapsed,
                                scheduledDays: outcome.interval.days ?? 0, cardBefore: card)
        return CardReviewResult(card: next, review: review, interval: outcome.interval)
    }
}
