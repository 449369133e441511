/// Why a parameter vector cannot be used by the memory model.
public enum ParameterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The vector has a length that no FSRS version uses. FSRS-4.5 has 17 values, FSRS-5 19,
    /// FSRS-6 21; an empty vector means the defaults.
    case wrongCount(Int)
    /// The value at `index` (0-based) is NaN or infinite.
    case notFinite(index: Int, value: Double)
    /// The value at `index` (0-based) lies outside the range in which the model is well
    /// behaved (fsrs-rs's clipping bounds).
    case outOfRange(index: Int, value: Double, allowed: ClosedRange<Double>)

    /// A sentence that says what is wrong and what to do about it.
    public var description: String {
        switch self {
        case .wrongCount(let count):
            "expected 21 FSRS-6 parameters (or 19 from FSRS-5, 17 from FSRS-4.5, or none for the defaults), got \(count)"
        case .notFinite(let index, let value):
            "parameter w[\(index)] is \(value); every parameter must be a finite number"
        case .outOfRange(let index, let value, let allowed):
            "parameter w[\(index)] is \(value), outside its allowed range \(allowed.lowerBound)…\(allowed.upperBound); "
                + "correct it, or clamp the vector with FSRSParameters(clamping:)"
        }
    }
}
