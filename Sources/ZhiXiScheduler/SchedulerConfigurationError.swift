/// Why a ``SchedulerConfiguration`` cannot be used.
public enum SchedulerConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which list of steps holds a bad value.
    public enum StepKind: String, Sendable, Hashable {
        /// ``SchedulerConfiguration/learningSteps``.
        case learning
        /// ``SchedulerConfiguration/relearningSteps``.
        case relearning
    }

    /// The desired retention is not strictly between 0 and 1.
    case desiredRetentionOutOfRange(Double)
    /// A (re)learning step is zero, negative, NaN or infinite.
    case stepNotPositive(kind: StepKind, index: Int, seconds: Double)
    /// The maximum interval is below 1 day.
    case maximumIntervalOutOfRange(Int)

    /// A sentence that says what is wrong and what to do.
    public var description: String {
        switch self {
        case .desiredRetentionOutOfRange(let value):
            "desired retention \(value) is not between 0 and 1; give the probability of recall to aim for, e.g. 0.9"
        case .stepNotPositive(let kind, let index, let seconds):
            "\(kind.rawValue) step \(index) is \(seconds) seconds; every step must be a positive number of seconds, e.g. 60 for one minute"
        case .maximumIntervalOutOfRange(let days):
            "maximum interval \(days) days is below 1; give the longest interval in days, e.g. 36500"
        }
    }
}
