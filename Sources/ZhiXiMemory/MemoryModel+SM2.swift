#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension MemoryModel {
    /// Approximates the FSRS memory state of a card that has only SM-2 history, as fsrs-rs's
    /// `memory_state_from_sm2` (used when Anki switches a collection to FSRS):
    /// the stability is the one whose forgetting curve reaches `sm2Retention` after the SM-2
    /// interval, and the difficulty the one for which FSRS's recall growth at that retention
    /// equals the SM-2 ease, clamped to 1…10.
    ///
    /// - Parameters:
    ///   - easeFactor: SM-2 ease (2.5 = 250 %).
    ///   - intervalDays: the SM-2 interval in days (at least ``FSRSParameters/minimumStability`` is used).
    ///   - sm2Retention: the retention SM-2 achieved on this collection (0–1, e.g. 0.9).
    /// - Returns: the state, or `nil` when the inputs give no finite state (e.g. a retention of 1).
    /// - Complexity: O(1), no allocation.
    public func memoryState(fromSM2Ease easeFactor: Double, intervalDays: Double, sm2Retention: Double) -> MemoryState? {
        let stability = max(intervalDays, FSRSParameters.minimumStability) * factor / (pow(sm2Retention, 1 / decay) - 1)
        let difficulty = 11 - (easeFactor - 1)
            / (recallGrowthScale * pow(stability, recallStabilityExponent) * expm1((1 - sm2Retention) * recallRetrievabilityGain))
        guard stability.isFinite, difficulty.isFinite else { return nil }
        return MemoryState(stability: stability, difficulty: clampDifficulty(difficulty))
    }

    /// Converts an SM-2 card, see ``memoryState(fromSM2Ease:intervalDays:sm2Retention:)``.
    /// - Complexity: O(1), no allocation.
    package func memoryState(from card: SM2Card, sm2Retention: Double) -> MemoryState? {
        memoryState(fromSM2Ease: card.easeFactor, intervalDays: Double(card.intervalDays), sm2Retention: sm2Retention)
    }
}
