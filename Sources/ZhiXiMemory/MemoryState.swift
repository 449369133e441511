/// The memory of one item as FSRS models it: how long it lasts and how hard it is to
/// strengthen.
///
/// `stability` is the number of days after which the probability of recall has fallen to
/// 90 %; `difficulty` is a number from 1 (easiest) to 10 (hardest) that damps how much a
/// successful review raises stability.
///
/// JSON: `{"stability": 4.25, "difficulty": 6.5}`.
public struct MemoryState: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Days until the probability of recall falls to 90 %; at least ``FSRSParameters/minimumStability``.
    public var stability: Double
    /// Difficulty on a scale from 1 (easiest) to 10 (hardest).
    public var difficulty: Double

    /// Creates a memory state from a stability in days and a difficulty from 1 to 10.
    /// - Complexity: O(1).
    @inlinable
    public init(stability: Double, difficulty: Double) {
        self.stability = stability
        self.difficulty = difficulty
    }

    /// `S=<stability> D=<difficulty>`, four decimals each.
    public var description: String {
        "S=\(MemoryState.format(stability)) D=\(MemoryState.format(difficulty))"
    }

    private static func format(_ value: Double) -> String {
        let scaled = (value * 10_000).rounded() / 10_000
        return String(scaled)
    }
}
