/// The mean and the sample standard deviation of some numbers (e.g. one metric over several
/// seeds).
public struct MeanAndDeviation: Sendable, Hashable {
    /// The arithmetic mean (infinite if a value is; 0 for no values).
    public let mean: Double
    /// The sample standard deviation (divided by n − 1); 0 for fewer than two values.
    public let standardDeviation: Double
    /// How many numbers.
    public let count: Int

    /// The statistics of `values`.
    /// - Complexity: O(n).
    public init<Values: Collection<Double>>(_ values: Values) {
        count = values.count
        guard count > 0 else {
            mean = 0
            standardDeviation = 0
            return
        }
        let mean = values.reduce(0, +) / Double(count)
        self.mean = mean
        guard count > 1, mean.isFinite else {
            standardDeviation = 0
            return
        }
        let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        standardDeviation = (squares / Double(count - 1)).squareRoot()
    }

    /// The standard error of the mean, `standardDeviation / √count` (0 for one value).
    public var standardError: Double { count > 1 ? standardDeviation / Double(count).squareRoot() : 0 }
}
