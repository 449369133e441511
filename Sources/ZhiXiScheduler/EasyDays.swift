/// Anki's Easy Days (since 24.11), as the load balancer applies them: within a review's fuzz
/// range, days with less study time draw fewer reviews, and a day without study time draws
/// (almost) none; the range itself is never left.
///
/// Each day of the range has a share of a full day, 0–1 (Anki offers 0 %, 50 % and 100 %; here
/// any share: a 15-minute Saturday in a 45-minute week is ⅓). Each day's balancer weight
/// (``LoadBalancer/weight(dueCount:intervalDays:)``) is multiplied by a modifier:
///
/// - a full day (share 1): 1;
/// - a day without study (share 0): ``minimumModifier``, tiny but not zero, so that a range
///   made only of such days is still balanced as usual;
/// - a lighter day (0 < share < 1): 1 while its items per share, `n / share`, do not exceed the
///   other days' items per share, `Σ other n / Σ other shares`; otherwise ``minimumModifier``.
///   So a light day takes reviews only while it is no busier, for its size, than the others.
@usableFromInline package enum EasyDays {
    /// The modifier of a day that should draw (almost) nothing (Anki: 0.0001).
    @usableFromInline package static let minimumModifier = 0.0001

    /// The modifier of one day of a range: `share` and `dueCount` its own, `otherShares` and
    /// `otherDueCount` the sums over the range's other days.
    /// - Complexity: O(1).
    @inlinable
    package static func modifier(share: Double, dueCount: Int, otherShares: Double, otherDueCount: Int) -> Double {
        if share >= 1 { return 1 }
        if share <= 0 { return minimumModifier }
        guard otherShares > 0 else { return 1 }
        return Double(dueCount) / share > Double(otherDueCount) / otherShares ? minimumModifier : 1
    }
}
