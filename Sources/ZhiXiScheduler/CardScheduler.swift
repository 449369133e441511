import Foundation
import ZhiXiMemory

/// Schedules flashcard reviews with FSRS-6: given a card and the learner's rating, the card's
/// next state, memory and due date. The features of py-fsrs, ts-fsrs and swift-fsrs: new,
/// learning, review and relearning states; learning and relearning steps; desired retention;
/// maximum interval; preview of the four ratings; rescheduling from a review log; undo; reset;
/// plus deterministic fuzz, load balancing and study-day calendars (Anki).
///
/// ```swift
/// let scheduler = try CardScheduler(SchedulerConfiguration(
///     elapsedDays: .studyDays(try StudyCalendar(timeZoneIdentifier: "Asia/Shanghai"))))
/// var card = Card(id: 1, due: .now)
/// let result = scheduler.review(card, rating: .good, at: .now)
/// card = result.card                       // learning, step 1, due in 10 minutes
/// let buttons = scheduler.preview(card, at: card.due)
/// print(buttons.good.card.due)             // when Good would send it next
/// card = scheduler.undo(result.review)     // back to the new card
/// ```
///
/// **Semantics.** With ``FuzzMode/off`` and ``ElapsedDaysPolicy/twentyFourHourPeriods`` the
/// results are exactly py-fsrs 6's `Scheduler(enable_fuzzing=False)`:
///
/// - A new card's first review treats it as learning step 0; its memory starts at the
///   memory model's initial state for the rating.
/// - Learning and relearning steps: Again goes back to step 0; Hard stays on the step and waits
///   1.5 × the first step (one step) or the mean of the first two (several) at step 0, the
///   step itself later; Good moves to the next step or graduates after the last; Easy
///   graduates. A card whose step lies beyond the configured steps (the steps were shortened)
///   graduates on Hard, Good or Easy. No steps: the card goes straight to review.
/// - A review card rated Again lapses (``Card/lapses`` + 1) into relearning step 0, or with no
///   relearning steps stays in review with an interval computed from its new stability.
/// - Memory: a review on the same day as the previous one (see ``ElapsedDaysPolicy``) uses the
///   model's short-term stability formula; a later one the lapse or recall formula at the
///   retrievability reached after the elapsed whole days. Difficulty follows the model's
///   update. As in py-fsrs, stability has a floor of 0.001 days but no ceiling (fsrs-rs caps it
///   at 36 500 days); intervals are capped by ``SchedulerConfiguration/maximumIntervalDays``.
/// - Graduating or review intervals: the days at which recall falls to the desired retention,
///   rounded to the nearest day (ties to even), at least 1, at most the maximum, then fuzzed
///   (``FuzzMode``).
///
/// **Anki's rules.** Under ``SchedulerRules/anki`` (the ``SchedulerConfiguration/anki`` preset)
/// each review is `AnkiScheduler`'s instead, seen through ``Card``: Anki 26.09's fuzz, load
/// balancer, constraints between the buttons and learning steps, bit for bit (see
/// ``SchedulerRules``).
///
/// Every operation on one card is O(1) in time (plus O(log t) calendar look-ups) and allocates
/// nothing; the scheduler is an immutable value, safe to share between threads.
public struct CardScheduler: Sendable {
    /// The configuration the scheduler was created with, validated.
    public let configuration: SchedulerConfiguration
    /// The FSRS-6 memory model built from ``SchedulerConfiguration/parameters``.
    public let model: MemoryModel
    /// Under ``SchedulerRules/anki``, Anki's rules for the configuration's settings.
    let ankiScheduler: AnkiScheduler?

    /// The default scheduler, py-fsrs's `Scheduler()`: ``SchedulerConfiguration/pyFSRS`` (the
    /// FSRS-6 default parameters, desired retention 0.9, learning steps of 1 and 10 minutes,
    /// relearning 10 minutes, fuzz on). It cannot fail, so it does not throw.
    /// - Complexity: O(1).
    public init() {
        self.init(validated: SchedulerConfiguration())
    }

    /// A scheduler for a configuration.
    /// - Throws: ``SchedulerConfigurationError`` naming the value out of range and what to give.
    /// - Complexity: O(1) for the FSRS rules; under ``SchedulerRules/anki``, O(steps) for the
    ///   preset's learning steps.
    public init(_ configuration: SchedulerConfiguration) throws(SchedulerConfigurationError) {
        try configuration.validate()
        self.init(validated: configuration)
    }

    /// A scheduler for a configuration already validated (the default one is, by a test).
    private init(validated configuration: SchedulerConfiguration) {
        self.configuration = configuration
        self.model = MemoryModel(parameters: configuration.parameters)
        self.ankiScheduler = configuration.rules == .anki ? AnkiScheduler(preset: configuration.ankiPreset, fuzz: configuration.fuzz != .off) : nil
    }

    // MARK: Reviewing

    /// Reviews a card: its state, memory and due date after the learner answered `rating` at
    /// `date`, and the log entry of the review (which holds the card before it, for undo).
    ///
    /// - Parameters:
    ///   - card: the card before the review.
    ///   - rating: the learner's answer.
    ///   - date: when the review happened.
    ///   - reviewDurationMilliseconds: how long the learner took, kept in the review log.
    ///   - dueLoad: how many cards are due on the coming days; used only with
    ///     ``FuzzMode/loadBalanced``, to pick the least loaded day of the fuzz range. This
    ///     variant only reads it: to have the scheduler keep the counts, use
    ///     ``review(_:rating:at:reviewDurationMilliseconds:updating:)``.
    /// - Complexity: O(1), no allocation.
    public func review(_ card: Card, rating: Rating, at date: Date, reviewDurationMilliseconds: Int? = nil,
                       dueLoad: DueDayLoad? = nil) -> CardReviewResult {
        if let ankiScheduler {
            return ankiReview(card, rating: rating, at: date, reviewDurationMilliseconds: reviewDurationMilliseconds,
                              dueLoad: dueLoad, scheduler: ankiScheduler)
        }
        let policy = configuration.elapsedDays
        let reviewSeconds = date.timeIntervalSince1970
        let reviewDay = policy.dayNumber(ofSecondsSince1970: reviewSeconds)
        let elapsedDays = card.lastReview.map { last in
            elapsedDaysSince(lastReviewSeconds: last.timeIntervalSince1970, reviewSeconds: reviewSeconds, reviewDay: reviewDay)
        }
        let memory = nextMemoryState(after: card.memoryState, elapsedDays: elapsedDays, rating: rating)

        var next = card
        next.memoryState = memory
        next.lastReview = date
        next.reviewCount += 1

        let placement: Placement
        switch card.state {
        case .new:
            placement = stepPlacement(steps: configuration.learningSteps, step: 0, rating: rating)
        case .learning:
            placement = stepPlacement(steps: configuration.learningSteps, step: card.step ?? 0, rating: rating)
        case .relearning:
            placement = stepPlacement(steps: configuration.relearningSteps, step: card.step ?? 0, rating: rating)
        case .review:
            if rating == .again {
                next.lapses += 1
                placement = configuration.relearningSteps.isEmpty
                    ? .review
                    : .step(0, seconds: configuration.relearningSteps[0])
            } else {
                placement = .review
            }
        }

        let dueSeconds: Double
        var scheduledDays = 0
        let interval: ReviewInterval
        switch placement {
        case .step(let step, let seconds):
            next.state = card.state == .review || card.state == .relearning ? .relearning : .learning
            next.step = step
            dueSeconds = policy.dueSeconds(afterStepSeconds: seconds, reviewSeconds: reviewSeconds, reviewDay: reviewDay)
            let dueDay = policy.dayNumber(ofSecondsSince1970: dueSeconds)
            interval = policy.calendar != nil && dueDay > reviewDay ? .days(dueDay - reviewDay) : .seconds(Int(seconds.rounded()))
        case .review:
            next.state = .review
            next.step = nil
            scheduledDays = reviewIntervalDays(stability: memory.stability, reviewDay: reviewDay,
                                               seed: FuzzSeed(cardID: card.id, reviewCount: card.reviewCount),
                                               dueLoad: dueLoad)
            dueSeconds = policy.dueSeconds(afterIntervalDays: scheduledDays, reviewSeconds: reviewSeconds, reviewDay: reviewDay)
            interval = .days(scheduledDays)
        }
        next.due = Date(timeIntervalSince1970: dueSeconds)

        let review = CardReview(cardID: card.id, rating: rating, reviewedAt: date,
                                reviewDurationMilliseconds: reviewDurationMilliseconds,
                                elapsedDays: max(0, elapsedDays ?? 0), scheduledDays: scheduledDays, cardBefore: card)
        return CardReviewResult(card: next, review: review, interval: interval)
    }

    /// Reviews a card as ``review(_:rating:at:reviewDurationMilliseconds:dueLoad:)`` does and
    /// keeps `load` up to date: the card leaves the day it was due on (unless it was new) and
    /// joins the day it is now due on, so the next review is balanced against it. Start from
    /// ``dueDayLoad(of:firstDay:dayCount:)`` over the collection, then review every card
    /// through this method.
    /// - Complexity: O(1) plus the fuzz range.
    public func review(_ card: Card, rating: Rating, at date: Date, reviewDurationMilliseconds: Int? = nil,
                       updating load: inout DueDayLoad) -> CardReviewResult {
        if card.state != .new { load.remove(onDay: dayNumber(of: card.due)) }
        let result = review(card, rating: rating, at: date, reviewDurationMilliseconds: reviewDurationMilliseconds, dueLoad: load)
        load.add(onDay: dayNumber(of: result.card.due))
        return result
    }

    /// What each rating would do to `card` reviewed at `date`: four calls of
    /// ``review(_:rating:at:reviewDurationMilliseconds:dueLoad:)``, so each outcome is exactly the one the real review gives.
    /// - Complexity: Four reviews: O(1) plus the fuzz range.
    public func preview(_ card: Card, at date: Date, dueLoad: DueDayLoad? = nil) -> CardPreview {
        if let ankiScheduler { return ankiPreview(card, at: date, dueLoad: dueLoad, scheduler: ankiScheduler) }
        return CardPreview(again: review(card, rating: .again, at: date, dueLoad: dueLoad),
                    hard: review(card, rating: .hard, at: date, dueLoad: dueLoad),
                    good: review(card, rating: .good, at: date, dueLoad: dueLoad),
                    easy: review(card, rating: .easy, at: date, dueLoad: dueLoad))
    }

    /// The card as it was before a review: undoes that review. Undo the last review of a card
    /// first; undoing an earlier one also discards every review after it.
    /// - Complexity: O(1).
    public func undo(_ review: CardReview) -> Card {
        review.cardBefore
    }

    /// A card as if it had always been scheduled by this scheduler: a new card with the same id
    /// (due at `card.due` if there are no reviews) reviewed again with every rating of its log,
    /// in date order, as py-fsrs's `reschedule_card`. Use it after changing the parameters,
    /// the desired retention or the steps. Fuzz is drawn from the same seeds as the original
    /// reviews, so a replay under the same configuration reproduces the card exactly, except
    /// where the original reviews were load-balanced: no load is known for past days, so the
    /// replay uses uniform fuzz.
    ///
    /// - Throws: ``CardSchedulerError/reviewOfAnotherCard(reviewCardID:cardID:)`` if a review's
    ///   ``CardReview/cardID`` is not the card's id.
    /// - Complexity: O(n log n) for n reviews; allocates the sorted order.
    public func reschedule(_ card: Card, from reviews: [CardReview]) throws(CardSchedulerError) -> Card {
        if let foreign = reviews.first(where: { $0.cardID != card.id }) {
            throw .reviewOfAnotherCard(reviewCardID: foreign.cardID, cardID: card.id)
        }
        return reschedule(card, replaying: reviews.lazy.map { (rating: $0.rating, date: $0.reviewedAt) })
    }

    /// A card as if it had always been scheduled by this scheduler, from bare ratings and dates
    /// (e.g. an imported review-log CSV): as ``reschedule(_:from:)->Card``. Reviews at the same
    /// instant keep their order.
    /// - Complexity: O(n log n) for n reviews; allocates the sorted order.
    public func reschedule<Reviews: Sequence<(rating: Rating, date: Date)>>(_ card: Card, replaying reviews: Reviews) -> Card {
        let ordered = reviews.enumerated().sorted { left, right in
            left.element.date != right.element.date ? left.element.date < right.element.date : left.offset < right.offset
        }
        var result = Card(id: card.id, due: card.due)
        for (_, entry) in ordered {
            result = review(result, rating: entry.rating, at: entry.date).card
        }
        return result
    }

    /// Every card of a collection as if it had always been scheduled by this scheduler:
    /// ``reschedule(_:from:)->Card`` for each card with its own reviews from `log`, e.g. after a
    /// refit of the parameters. The log may hold the reviews of every card in any order;
    /// reviews of cards not in `cards` are ignored, and a card without reviews becomes a new
    /// card due at its ``Card/due``. The result is in the order of `cards`.
    /// - Complexity: O(n log n) for n reviews, O(c) for c cards.
    public func reschedule(_ cards: [Card], from log: [CardReview]) -> [Card] {
        reschedule(cards, replaying: log.lazy.map { ($0.cardID, $0.rating, $0.reviewedAt) })
    }

    /// ``reschedule(_:from:)-([Card],[CardReview])`` from an archived log (``ReviewLogRow``s),
    /// with the same result: rescheduling reads only each review's card, rating and time (rows
    /// that are not answers are passed over).
    /// - Complexity: O(n log n) for n reviews, O(c) for c cards.
    public func reschedule(_ cards: [Card], from log: [ReviewLogRow]) -> [Card] {
        reschedule(cards, replaying: log.lazy.compactMap { row in row.rating.map { (row.cardID, $0, row.reviewedAt) } })
    }

    /// Groups `log` by card and replays each card's reviews.
    private func reschedule<Log: Sequence<(Int64, Rating, Date)>>(_ cards: [Card], replaying log: Log) -> [Card] {
        var position: [Int64: Int] = [:]
        position.reserveCapacity(cards.count)
        for (index, card) in cards.enumerated() where position[card.id] == nil { position[card.id] = index }
        var reviews = [[(rating: Rating, date: Date)]](repeating: [], count: cards.count)
        for (cardID, rating, date) in log {
            guard let index = position[cardID] else { continue }
            reviews[index].append((rating: rating, date: date))
        }
        return cards.map { card in reschedule(card, replaying: reviews[position[card.id]!]) }
    }

    /// Forgets a card: new again, due at `date`, memory cleared (Anki's "forget", ts-fsrs's
    /// `forget`).
    /// - Parameters:
    ///   - card: the card to forget.
    ///   - date: when it becomes due again, as a new card.
    ///   - keepingCounts: keep ``Card/reviewCount`` and ``Card/lapses`` (default), or reset them
    ///     to 0.
    /// - Complexity: O(1).
    public func reset(_ card: Card, at date: Date, keepingCounts: Bool = true) -> Card {
        Card(id: card.id, state: .new, step: nil, memoryState: nil, due: date, lastReview: nil,
             reviewCount: keepingCounts ? card.reviewCount : 0, lapses: keepingCounts ? card.lapses : 0)
    }

    // MARK: Queries

    /// The probability (0–1) that the learner recalls the card at `date`, from its stability and
    /// the whole days elapsed since its last review under the ``ElapsedDaysPolicy`` (negative
    /// counts as 0); 0 for a card never reviewed, as py-fsrs.
    /// - Complexity: O(1) in 1900–2200 (calendar look-ups), no allocation.
    public func retrievability(of card: Card, at date: Date) -> Double {
        guard let memory = card.memoryState, let last = card.lastReview else { return 0 }
        let days = max(0, configuration.elapsedDays.daysBetween(last, date))
        return model.retrievability(elapsedDays: Double(days), stability: memory.stability)
    }

    /// The day number of an instant under the ``ElapsedDaysPolicy``: the numbering that
    /// ``DueDayLoad`` uses.
    /// - Complexity: O(log t).
    public func dayNumber(of date: Date) -> Int {
        ankiScheduler == nil ? configuration.elapsedDays.dayNumber(of: date) : configuration.ankiCalendar.dayNumber(of: date)
    }

    /// The number of cards due on each of `dayCount` days from `firstDay`, counting every card
    /// that is not new: a ready-made ``DueDayLoad`` for ``FuzzMode/loadBalanced``.
    /// - Complexity: O(n log t) for n cards; allocates the counts.
    public func dueDayLoad<Cards: Sequence<Card>>(of cards: Cards, firstDay: Int, dayCount: Int) -> DueDayLoad {
        var load = DueDayLoad(firstDay: firstDay, dayCount: dayCount)
        for card in cards where card.state != .new {
            load.add(onDay: dayNumber(of: card.due))
        }
        return load
    }

    /// The load of a collection over the window that reviews made on the day of `date` need:
    /// ``DueDayLoad/balancingWindowDayCount`` days from that day (see ``DueDayLoad``), so
    /// every interval the balancer balances is balanced.
    /// - Complexity: O(n log t) for n cards.
    public func dueDayLoad<Cards: Sequence<Card>>(of cards: Cards, forReviewsOn date: Date) -> DueDayLoad {
        dueDayLoad(of: cards, firstDay: dayNumber(of: date), dayCount: DueDayLoad.balancingWindowDayCount)
    }

    // MARK: Steps

    /// Where a review sends a card: to a (re)learning step, or to the review state.
    @usableFromInline enum Placement {
        case step(Int, seconds: Double)
        case review
    }

    /// py-fsrs's step transitions for a card at `step` of `steps` (see the type's description).
    @usableFromInline
    func stepPlacement(steps: [Double], step rawStep: Int, rating: Rating) -> Placement {
        let step = max(0, rawStep)
        if steps.isEmpty || (step >= steps.count && rating != .again) {
            return .review
        }
        switch rating {
        case .again:
            return .step(0, seconds: steps[0])
        case .hard:
            if step == 0 {
                return .step(0, seconds: steps.count == 1 ? steps[0] * 1.5 : (steps[0] + steps[1]) / 2)
            }
            return .step(step, seconds: steps[step])
        case .good:
            return step + 1 == steps.count ? .review : .step(step + 1, seconds: steps[step + 1])
        case .easy:
            return .review
        }
    }

    // MARK: Memory and intervals

    /// Days since the last review under the policy, given the review's day number.
    @usableFromInline
    func elapsedDaysSince(lastReviewSeconds: Double, reviewSeconds: Double, reviewDay: Int) -> Int {
        switch configuration.elapsedDays {
        case .twentyFourHourPeriods:
            Int(((reviewSeconds - lastReviewSeconds) / ElapsedDaysPolicy.secondsPerDay).rounded(.down))
        case .studyDays(let calendar):
            reviewDay - calendar.dayNumber(ofSecondsSince1970: lastReviewSeconds)
        case .ankiDays(let count):
            reviewDay - count.dayNumber(ofSecondsSince1970: lastReviewSeconds)
        }
    }

    /// The memory after a review, composed from the memory model's formulas as py-fsrs composes
    /// them: the initial state for a card without memory; the short-term formula when fewer than
    /// one day elapsed; otherwise the lapse or recall formula at the retrievability after the
    /// elapsed days (0 when the last review is unknown). Stability floor 0.001, no ceiling.
    @usableFromInline
    func nextMemoryState(after previous: MemoryState?, elapsedDays: Int?, rating: Rating) -> MemoryState {
        guard let previous else { return model.initialState(rating: rating) }
        let stability = previous.stability
        let newStability: Double
        if let elapsedDays, elapsedDays < 1 {
            newStability = model.stabilityAfterSameDayReview(stability: stability, rating: rating)
        } else {
            let recall = elapsedDays.map { model.retrievability(elapsedDays: Double($0), stability: stability) } ?? 0
            newStability = rating == .again
                ? model.stabilityAfterLapse(stability: stability, difficulty: previous.difficulty, retrievability: recall)
                : model.stabilityAfterRecall(stability: stability, difficulty: previous.difficulty,
                                             retrievability: recall, rating: rating)
        }
        return MemoryState(stability: max(newStability, FSRSParameters.minimumStability),
                           difficulty: model.nextDifficulty(previous.difficulty, rating: rating))
    }

    /// The whole-day interval of a card graduating to or staying in review, fuzzed as configured.
    @usableFromInline
    func reviewIntervalDays(stability: Double, reviewDay: Int, seed: FuzzSeed, dueLoad: DueDayLoad?) -> Int {
        let maximum = configuration.maximumIntervalDays
        let retention = configuration.desiredRetention
        switch configuration.fuzz {
        case .off:
            return model.roundedInterval(stability: stability, desiredRetention: retention, maximumInterval: maximum)
        case .uniform, .loadBalanced:
            let range = FuzzRange(intervalDays: model.interval(stability: stability, desiredRetention: retention),
                                  maximumIntervalDays: maximum)
            if configuration.fuzz == .loadBalanced, let dueLoad,
               let balanced = LoadBalancer.balancedInterval(in: range, reviewDay: reviewDay, load: dueLoad, seed: seed) {
                return balanced
            }
            return range.fuzzedInterval(seed: seed)
        }
    }
}
