import ZhiXiLocalization

/// The values an option's number may take, as its help shows them after what it does: a whole
/// number's `1–366 days`, a number's `from 0 to 1` or `between 0 and 1, exclusive`, in the
/// run's language (the `Help` file's `range.*` and `unit.*`).
enum OptionRange: Sendable, Hashable {
    /// Whole numbers in `range`, counted in `unit` (a `unit.NAME` key's name, empty for none).
    case whole(ClosedRange<Int>, unit: String)
    /// Numbers in `range`, its ends excluded when `openBounds`.
    case number(ClosedRange<Double>, openBounds: Bool)

    /// The range in `words`' language.
    func text(_ words: Localization) -> String {
        switch self {
        case .whole(let range, let unit):
            let values = ["lower": String(range.lowerBound), "upper": String(range.upperBound)]
            guard !unit.isEmpty else { return words.sentence("range.whole", in: .help, values) }
            return words.sentence("range.wholeWithUnit", in: .help, values.merging(["unit": words.text("unit." + unit, in: .help)]) { $1 })
        case .number(let range, let openBounds):
            let values = ["lower": Self.format(range.lowerBound), "upper": Self.format(range.upperBound)]
            return words.sentence(openBounds ? "range.open" : "range.closed", in: .help, values)
        }
    }

    /// A bound as the help writes it: `0`, `0.5`, `86400`.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
