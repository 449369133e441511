/// The one rule by which `simulate` tells a figure measured over seeds from chance: a mean is
/// *measurable* when it lies more than two standard errors from zero
/// (``standardErrors``), the standard error being that of the per-seed values (for a
/// difference between two retentions, of the differences seed for seed, which share their
/// random numbers). With one seed there is no standard error: a figure is then measurable
/// when it is not zero, and the report says that one seed cannot say how sure it is.
///
/// The sweep's recommendation, its plausible range ("not clearly costlier") and every
/// ratio of the sweep's table (cost per item, minutes per extra item) follow this rule: a
/// ratio whose denominator is not measurable is reported as "not measurable over N seeds",
/// never as a number or ∞.
package enum SeedNoise {
    /// How many standard errors a mean must lie from zero to count as measured (2).
    package static let standardErrors = 2.0

    /// Whether `values`' mean is told apart from zero: |mean| > 2 standard errors (one value:
    /// not zero). A mean that is not finite is not measurable.
    /// - Complexity: O(1).
    package static func isMeasurable(_ values: MeanAndDeviation) -> Bool {
        guard values.mean.isFinite, values.count > 0 else { return false }
        if values.count == 1 { return values.mean != 0 }
        return abs(values.mean) > standardErrors * values.standardError
    }

    /// Whether `values`' mean is clearly above zero (measurable and positive).
    /// - Complexity: O(1).
    package static func isClearlyPositive(_ values: MeanAndDeviation) -> Bool {
        values.mean > 0 && isMeasurable(values)
    }
}
