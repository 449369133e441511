/// A number in a JSON report, written as the commands print it: with fixed decimals, in
/// Swift's shortest form, or whole; `null` when there is none.
struct ReportNumber: JSONFragment {
    /// How the number is written.
    enum Form {
        /// With this many decimals (`0.155431`).
        case fixed(Int)
        /// The shortest text that reads back as the same `Double`; `null` when not finite.
        case shortest
        /// A whole number.
        case whole
    }

    /// The number, `nil` for `null`.
    let value: Double?
    /// How it is written.
    let form: Form

    /// `value` with `decimals` decimals.
    static func fixed(_ value: Double?, _ decimals: Int) -> ReportNumber { ReportNumber(value: value, form: .fixed(decimals)) }

    /// `value` in its shortest form, `null` when it is `nil` or not finite.
    static func shortest(_ value: Double?) -> ReportNumber { ReportNumber(value: value, form: .shortest) }

    /// The whole number `value`.
    static func whole(_ value: Int?) -> ReportNumber { ReportNumber(value: value.map(Double.init), form: .whole) }

    var jsonText: String {
        guard let value else { return "null" }
        switch form {
        case .fixed(let decimals): return TextFormatting.fixed(value, decimals)
        case .shortest: return value.isFinite ? String(value) : "null"
        case .whole: return String(Int(value))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
