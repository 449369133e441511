/// Anki's SM-2 scheduler for review cards (the algorithm Anki used before FSRS), kept as a
/// baseline to compare FSRS against and as the source of the SM-2 states that
/// ``MemoryModel/memoryState(fromSM2Ease:intervalDays:sm2Retention:)`` converts.
///
/// Day-level only: it has no intra-day learning steps. A new card rated Again or Hard stays
/// in learning with interval 0 (due again today); Good graduates with ``graduatingIntervalDays``;
/// Easy with ``easyIntervalDays``. A review card follows Anki's review rules (see
/// ``review(_:rating:daysLate:)``). Fuzz is not applied.
@usableFromInline package struct SM2Scheduler: Sendable, Hashable {
    /// Ease factor given to a card when it graduates (Anki's default 2.5 = 250 %).
    @usableFromInline package var startingEase: Double = 2.5
    /// The lowest ease factor (Anki: 1.3).
    @usableFromInline package var minimumEase: Double = 1.3
    /// Interval multiplier for Hard (Anki's default 1.2).
    @usableFromInline package var hardMultiplier: Double = 1.2
    /// Extra multiplier for Easy on top of the ease (Anki's default 1.3).
    @usableFromInline package var easyBonus: Double = 1.3
    /// Multiplier applied to every passing interval (Anki's "interval modifier", default 1).
    @usableFromInline package var intervalModifier: Double = 1
    /// Fraction of the old interval kept after a lapse (Anki's "new interval", default 0).
    @usableFromInline package var lapseMultiplier: Double = 0
    /// The shortest interval after a lapse, in days (Anki's default 1).
    @usableFromInline package var minimumLapseIntervalDays: Int = 1
    /// Interval in days when a new card is answered Good (Anki's default 1).
    @usableFromInline package var graduatingIntervalDays: Int = 1
    /// Interval in days when a new card is answered Easy (Anki's default 4).
    @usableFromInline package var easyIntervalDays: Int = 4
    /// The longest interval in days.
    @usableFromInline package var maximumIntervalDays: Int = 36_500

    /// Anki's defaults.
    /// - Complexity: O(1).
    @usableFromInline package init() {}

    /// Schedules a review of a card.
    ///
    /// For a review card (interval ≥ 1), with `I` its interval, `E` its ease and `L` the days
    /// it was answered late: Again sets `max(minimumLapse, round(I · lapseMultiplier))` and
    /// `E − 0.2`; Hard `I · hardMultiplier` (at least `I + 1`) and `E − 0.15`; Good
    /// `(I + L/2) · E` (at least Hard + 1); Easy `(I + L) · E · easyBonus` (at least Good + 1)
    /// and `E + 0.15`. Passing intervals are multiplied by ``intervalModifier``, rounded and
    /// capped at ``maximumIntervalDays``; ease never falls below ``minimumEase``.
    ///
    /// - Parameters:
    ///   - card: the card before the review; `nil` for a new card.
    ///   - rating: the learner's answer.
    ///   - daysLate: days after the due date that the review happened (negative if early;
    ///     only lateness counts).
    /// - Complexity: O(1).
    @usableFromInline package func review(_ card: SM2Card?, rating: Rating, daysLate: Int = 0) -> SM2Card {
        guard let card, card.intervalDays >= 1 else {
            let ease = card?.easeFactor ?? startingEase
            switch rating {
            case .again, .hard: return SM2Card(easeFactor: ease, intervalDays: 0, lapses: card?.lapses ?? 0)
            case .good: return SM2Card(easeFactor: ease, intervalDays: graduatingIntervalDays, lapses: card?.lapses ?? 0)
            case .easy: return SM2Card(easeFactor: ease, intervalDays: easyIntervalDays, lapses: card?.lapses ?? 0)
            }
        }
        let interval = Double(card.intervalDays)
        let late = Double(max(daysLate, 0))
        func constrain(_ days: Double, atLeast minimum: Int) -> Int {
            let rounded = Int((days * intervalModifier).rounded())
            return max(1, min(max(rounded, minimum), maximumIntervalDays))
        }
        switch rating {
        case .again:
            let days = max(minimumLapseIntervalDays, Int((interval * lapseMultiplier).rounded()), 1)
            return SM2Card(easeFactor: max(minimumEase, card.easeFactor - 0.2), intervalDays: min(days, maximumIntervalDays),
                           lapses: card.lapses + 1)
        case .hard, .good, .easy:
            let hardMinimum = hardMultiplier <= 1 ? 0 : card.intervalDays + 1
            let hard = constrain(interval * hardMultiplier, atLeast: hardMinimum)
            let goodMinimum = hardMultiplier <= 1 ? card.intervalDays + 1 : hard + 1
            let good = constrain((interval + late / 2) * card.easeFactor, atLeast: goodMinimum)
            switch rating {
            case .hard:
                return SM2Card(easeFactor: max(minimumEase, card.easeFactor - 0.15), intervalDays: hard, lapses: card.lapses)
            case .good:
                return SM2Card(easeFactor: card.easeFactor, intervalDays: good, lapses: card.lapses)
            default:
                let easy = constrain((interval + late) * card.easeFactor * easyBonus, atLeast: good + 1)
                return SM2Card(easeFactor: card.easeFactor + 0.15, intervalDays: easy, lapses: card.lapses)
            }
        }
    }
}

/// A card as SM-2 keeps it: an ease factor, the current interval and the lapse count.
@usableFromInline package struct SM2Card: Sendable, Hashable {
    /// Interval growth factor (2.5 = 250 %).
    @usableFromInline package var easeFactor: Double
    /// Days until the next review; 0 while the card is still in learning.
    @usableFromInline package var intervalDays: Int
    /// How many times the card was forgotten after graduating.
    @usableFromInline package var lapses: Int

    /// Creates an SM-2 card state.
    /// - Complexity: O(1).
    @usableFromInline package init(easeFactor: Double, intervalDays: Int, lapses: Int = 0) {
        self.easeFactor = easeFactor
        self.intervalDays = intervalDays
        self.lapses = lapses
    }
}
