import ZhiXiCore
import ZhiXiMemory

/// Why a scheduler cannot be built: the one error of ``CardScheduler/init(_:)``,
/// ``SchedulerConfiguration/validate()`` and ``StudyCalendar``'s initialisers. Each case names
/// the value and says what to give instead.
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
    /// A (re)learning step is longer than the maximum interval.
    case stepLongerThanMaximumInterval(kind: StepKind, index: Int, seconds: Double, maximumIntervalDays: Int)
    /// The maximum interval is below 1 day, or longer than the 109,938 days from 1900 to the end
    /// of 2200 (the years a date may fall in).
    case maximumIntervalOutOfRange(Int)
    /// The FSRS parameters are unusable (wrong length, not finite, out of range).
    case parameters(ParameterError)
    /// The day-start hour is not 0–23.
    case dayStartHourOutOfRange(Int)
    /// No time zone has this identifier.
    case unknownTimeZone(String)

    /// A sentence that says what is wrong and what to do.
    public var description: String {
        switch self {
        case .desiredRetentionOutOfRange(let value):
            "desired retention \(value) is not between 0 and 1; give the probability of recall to aim for, e.g. 0.9"
        case .stepNotPositive(let kind, let index, let seconds):
            "\(kind.rawValue) step \(index) is \(seconds) seconds; every step must be a positive number of seconds, e.g. 60 for one minute"
        case .stepLongerThanMaximumInterval(let kind, let index, let seconds, let days):
            "\(kind.rawValue) step \(index) is \(seconds) seconds, longer than the maximum interval of \(days) days; give a shorter "
                + "step, e.g. 600 for ten minutes"
        case .maximumIntervalOutOfRange(let days):
            "maximum interval \(days) days is outside 1–\(SupportedYears.spanDays); give the longest interval in days, e.g. 36500"
        case .parameters(let error):
            error.description
        case .dayStartHourOutOfRange(let hour):
            "day-start hour \(hour) is outside 0–23; give the local hour at which a new study day begins, e.g. 4"
        case .unknownTimeZone(let identifier):
            "unknown time zone '\(identifier)'; use an IANA identifier such as UTC, Asia/Shanghai or America/New_York"
        }
    }
}
