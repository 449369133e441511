import ZhiXiMemory

/// What Anki 26.09's scheduler would do to an FSRS card for each of the four buttons, computed
/// as Anki computes it (`rslib/src/scheduler/states/` and `answering/`; docs/CORRECTNESS.md,
/// "The four buttons, as Anki"): the memory after each answer from FSRS (`next_states`, in
/// fsrs-rs's `Float`: `SinglePrecisionMemoryModel` (ZhiXiMemory)), then per state —
///
/// - **new and learning**: Again to the first step; Hard stays on its step; Good to the next
///   step or, after the last, graduates; Easy graduates, at least a day past what Good would
///   graduate to. Graduating intervals are FSRS's, rounded, then fuzzed.
/// - **review**: Again lapses to the first relearning step (no steps: a day interval, not
///   fuzzed); Hard, Good and Easy are fuzzed within ranges held, in that order, at or above the
///   previous interval (``AnkiFuzz/minimumReviewInterval(intervalDays:previousIntervalDays:maximumIntervalDays:)``)
///   and above the button before: Hard < Good < Easy holds *after* the fuzz.
/// - **relearning**: as learning, with the relearning steps.
/// - Without steps where a step would be, FSRS may keep the card for less than half a day
///   (short-term scheduling) when its weights allow it.
/// - A step reaching past the next day's start counts as whole days (due on that day); a step
///   within the day is due after the step plus its fuzz.
///
/// Fuzz is one factor per answer, seeded by the card's id and review count; with a
/// ``AnkiLoadBalancer`` the balancer picks the day instead, from the same seed.
///
/// ```swift
/// let scheduler = AnkiScheduler(preset: AnkiPresetSettings(desiredRetention: 0.9))
/// let timing = AnkiDayTiming(at: .now, calendar: calendar)
/// let buttons = scheduler.nextStates(of: card, timing: timing)
/// buttons.good.interval   // .days(12), the day Anki shows on Good
/// ```
@usableFromInline package struct AnkiScheduler: Sendable {
    /// The preset's settings.
    @usableFromInline package let preset: AnkiPresetSettings
    /// Whether answers are fuzzed (Anki always fuzzes; off only for tests and comparisons).
    @usableFromInline package let fuzz: Bool
    /// The FSRS model of the preset's parameters, in fsrs-rs's single precision.
    @usableFromInline package let model: SinglePrecisionMemoryModel

    /// A scheduler for a preset.
    /// - Complexity: O(learning and relearning steps).
    @usableFromInline package init(preset: AnkiPresetSettings, fuzz: Bool = true) {
        self.preset = preset
        self.fuzz = fuzz
        self.model = SinglePrecisionMemoryModel(parameters: preset.parameters)
    }

    /// The four buttons for `card` at `timing`.
    /// - Parameters:
    ///   - card: the card as Anki stores it.
    ///   - timing: the moment of the answer.
    ///   - balancer: the preset's load balancer, when load balancing is on.
    ///   - siblingDays: days from today with a sibling of the card due, when the preset buries
    ///     siblings of reviews (see ``AnkiLoadBalancer/interval(intervalDays:minimum:maximum:seed:siblingDays:)``).
    /// - Complexity: O(d) in the days of the fuzz ranges; a few small allocations.
    @usableFromInline package func nextStates(of card: AnkiSchedulingCard, timing: AnkiDayTiming, balancer: AnkiLoadBalancer? = nil,
                           siblingDays: [Int] = []) -> AnkiNextStates {
        let seed = fuzz ? AnkiFuzz.seed(cardID: card.id, reviewCount: card.reviewCount) : nil
        let elapsed = card.memoryState == nil ? 0 : card.lastReviewSeconds.map(timing.elapsedDays(sinceSeconds:)) ?? 0
        let memory = card.memoryState.map { (stability: Float($0.stability), difficulty: Float($0.difficulty)) }
        let outcomes = Rating.allCases.map {
            model.outcome(after: memory, elapsedDays: elapsed, rating: $0, desiredRetention: Float(preset.desiredRetention))
        }
        let context = Context(preset: preset, seed: seed, factor: seed.map(AnkiFuzz.factor(seed:)),
                              balancer: balancer, siblingDays: siblingDays, outcomes: outcomes)
        let states: [Rating: Context.State]
        switch card.state {
        case .new:
            states = context.learning(remaining: context.learning.remainingAfterAgain)
        case .learning:
            states = context.learning(remaining: card.remainingSteps)
        case .review:
            states = context.review(previousIntervalDays: card.intervalDays)
        case .relearning:
            states = context.relearning(remaining: card.remainingSteps, currentIntervalDays: card.intervalDays)
        }
        func outcome(_ rating: Rating) -> AnkiButtonOutcome {
            context.outcome(states[rating]!, rating: rating, timing: timing)
        }
        return AnkiNextStates(again: outcome(.again), hard: outcome(.hard), good: outcome(.good), easy: outcome(.easy))
    }

    /// The rules, with the answer's draws and FSRS's outcomes at hand.
    private struct Context {
        let preset: AnkiPresetSettings
        let seed: UInt64?
        let factor: Float?
        let balancer: AnkiLoadBalancer?
        let siblingDays: [Int]
        /// FSRS's outcome of each rating, Again first.
        let outcomes: [SinglePrecisionMemoryModel.Outcome]
        var learning: AnkiSteps { AnkiSteps(minutes: preset.learningStepsMinutes) }
        var relearning: AnkiSteps { AnkiSteps(minutes: preset.relearningStepsMinutes) }

        /// A state before it is placed in time.
        enum State {
            case step(CardState, remaining: Int, seconds: Int, storedDays: Int?)
            case review(days: Int)
        }

        var maximum: Int { max(preset.maximumIntervalDays, 1) }

        /// `min_and_max_review_intervals`.
        func limits(minimum: Int) -> (Int, Int) { (min(max(minimum, 1), maximum), maximum) }

        func interval(_ rating: Rating) -> Float { outcomes[rating.rawValue - 1].intervalDays }

        /// `with_review_fuzz`: the balancer's day, else the fuzz factor's.
        func fuzzed(_ interval: Float, minimum: Int, maximum: Int) -> Int {
            if let balancer, let day = balancer.interval(intervalDays: interval, minimum: minimum, maximum: maximum,
                                                         seed: seed, siblingDays: siblingDays) {
                return day
            }
            return AnkiFuzz.fuzzedInterval(factor: factor, intervalDays: interval, minimum: minimum, maximum: maximum)
        }

        /// An FSRS interval rounded, at least a day (`interval.round().max(1.0)`).
        func roundedAtLeastOneDay(_ interval: Float) -> Float { max(interval.rounded(), 1) }

        /// Whether FSRS keeps the card within the day instead of a day interval.
        func isShortTerm(_ interval: Float, steps: AnkiSteps) -> Bool {
            preset.allowsShortTerm && (preset.shortTermWithSteps || steps.isEmpty) && interval < 0.5
        }

        func shortTermSeconds(_ interval: Float) -> Int { AnkiFuzz.wholeDays(truncating: interval * 86_400) }

        /// A graduating interval: rounded, fuzzed from a day up.
        func graduating(_ rating: Rating) -> Int {
            let (minimum, maximum) = limits(minimum: 1)
            return fuzzed(roundedAtLeastOneDay(interval(rating)), minimum: minimum, maximum: maximum)
        }

        /// Easy out of (re)learning: at least a day past Good fuzzed from its unrounded interval.
        func easyGraduating() -> Int {
            let (minimum, maximum) = limits(minimum: 1)
            let good = fuzzed(interval(.good), minimum: minimum, maximum: maximum)
            return fuzzed(Float(AnkiFuzz.wholeDays(truncating: roundedAtLeastOneDay(interval(.easy)))),
                          minimum: good + 1, maximum: maximum)
        }

        /// `LearnState::next_states` (a new card: `remaining` = every step).
        func learning(remaining: Int) -> [Rating: State] {
            let steps = learning
            func graduateOrShortTerm(_ rating: Rating, remaining: Int) -> State {
                isShortTerm(interval(rating), steps: steps)
                    ? .step(.learning, remaining: remaining, seconds: shortTermSeconds(interval(rating)), storedDays: nil)
                    : .review(days: graduating(rating))
            }
            let again = steps.againSeconds.map { State.step(.learning, remaining: steps.remainingAfterAgain, seconds: $0, storedDays: nil) }
                ?? graduateOrShortTerm(.again, remaining: steps.remainingAfterAgain)
            let hard = steps.hardSeconds(remaining: remaining).map { State.step(.learning, remaining: remaining, seconds: $0, storedDays: nil) }
                ?? graduateOrShortTerm(.hard, remaining: remaining)
            let good = steps.goodSeconds(remaining: remaining).map {
                State.step(.learning, remaining: steps.remainingAfterGood(remaining: remaining), seconds: $0, storedDays: nil)
            } ?? graduateOrShortTerm(.good, remaining: remaining)
            return [.again: again, .hard: hard, .good: good, .easy: .review(days: easyGraduating())]
        }

        /// `ReviewState::next_states` with FSRS.
        func review(previousIntervalDays previous: Int) -> [Rating: State] {
            func passing(_ rating: Rating, atLeast floor: Int) -> Int {
                let interval = interval(rating)
                let byPrevious = AnkiFuzz.minimumReviewInterval(intervalDays: interval, previousIntervalDays: previous,
                                                                maximumIntervalDays: preset.maximumIntervalDays)
                let (minimum, maximum) = limits(minimum: max(byPrevious, floor))
                return fuzzed(interval, minimum: minimum, maximum: maximum)
            }
            let hard = passing(.hard, atLeast: 1)
            let good = passing(.good, atLeast: hard + 1)
            let easy = passing(.easy, atLeast: good + 1)
            let againInterval = interval(.again)
            let againDays = AnkiFuzz.wholeDays(truncating: roundedAtLeastOneDay(againInterval))
            let steps = relearning
            let again: State
            if let seconds = steps.againSeconds {
                again = .step(.relearning, remaining: steps.remainingAfterAgain, seconds: seconds, storedDays: againDays)
            } else if isShortTerm(againInterval, steps: steps) {
                again = .step(.relearning, remaining: steps.remainingAfterAgain, seconds: shortTermSeconds(againInterval),
                              storedDays: againDays)
            } else {
                again = .review(days: againDays)
            }
            return [.again: again, .hard: .review(days: hard), .good: .review(days: good), .easy: .review(days: easy)]
        }

        /// `RelearnState::next_states` with FSRS; a step keeps the interval the card returns with.
        func relearning(remaining: Int, currentIntervalDays: Int) -> [Rating: State] {
            let steps = relearning
            func graduateOrShortTerm(_ rating: Rating, remaining: Int) -> State {
                let days = graduating(rating)
                return isShortTerm(interval(rating), steps: steps)
                    ? .step(.relearning, remaining: remaining, seconds: shortTermSeconds(interval(rating)), storedDays: days)
                    : .review(days: days)
            }
            let againDays = AnkiFuzz.wholeDays(truncating: roundedAtLeastOneDay(interval(.again)))
            let again = steps.againSeconds.map {
                State.step(.relearning, remaining: steps.remainingAfterAgain, seconds: $0, storedDays: againDays)
            } ?? graduateOrShortTerm(.again, remaining: steps.remainingAfterAgain)
            let hard = steps.hardSeconds(remaining: remaining).map {
                State.step(.relearning, remaining: remaining, seconds: $0, storedDays: currentIntervalDays)
            } ?? graduateOrShortTerm(.hard, remaining: remaining)
            let good = steps.goodSeconds(remaining: remaining).map {
                State.step(.relearning, remaining: steps.remainingAfterGood(remaining: remaining), seconds: $0,
                           storedDays: currentIntervalDays)
            } ?? graduateOrShortTerm(.good, remaining: steps.remainingAfterGood(remaining: remaining))
            return [.again: again, .hard: hard, .good: good, .easy: .review(days: easyGraduating())]
        }

        /// The state placed in time (`apply_*_state`, `maybe_as_days`).
        func outcome(_ state: State, rating: Rating, timing: AnkiDayTiming) -> AnkiButtonOutcome {
            let outcome = outcomes[rating.rawValue - 1]
            let memory = MemoryState(stability: Double(outcome.stability), difficulty: Double(outcome.difficulty))
            switch state {
            case .review(let days):
                return AnkiButtonOutcome(state: .review, remainingSteps: 0, interval: .days(days), storedIntervalDays: days,
                                         memoryState: memory, dueDay: timing.today + days, dueSeconds: nil)
            case .step(let kind, let remaining, let seconds, let storedDays):
                let untilNextDay = timing.secondsUntilNextDay
                if seconds >= untilNextDay {
                    let days = (seconds - untilNextDay) / 86_400 + 1
                    return AnkiButtonOutcome(state: kind, remainingSteps: remaining, interval: .days(days),
                                             storedIntervalDays: storedDays, memoryState: memory,
                                             dueDay: timing.today + days, dueSeconds: nil)
                }
                return AnkiButtonOutcome(state: kind, remainingSteps: remaining, interval: .seconds(seconds),
                                         storedIntervalDays: storedDays, memoryState: memory, dueDay: nil,
                                         dueSeconds: timing.nowSeconds + Int64(AnkiFuzz.learningStepSeconds(seconds, seed: seed)))
            }
        }
    }
}
