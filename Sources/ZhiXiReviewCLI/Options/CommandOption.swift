import Foundation
import ZhiXiCore

/// One option of a command, declared once: its name, what its value looks like, its default,
/// what values it accepts and its help. Parsing, `--help` and the error for a bad value all
/// come from this declaration, so they cannot disagree.
///
/// ```swift
/// static let days = CommandOption.integer("days", placeholder: "N", range: 1...366, default: 7,
///                                        help: "days planned in detail and balanced against the budget")
/// let horizon = try arguments.value(of: days)     // 7, or the checked value given
/// ```
struct CommandOption<Value>: Sendable {
    /// The declaration as the parser and the help see it, whatever the value type: name,
    /// placeholder, help, default, whether it is a flag or repeatable, an example value.
    let erased: AnyCommandOption
    /// What a valid value is, for the error message, e.g. `a whole number from 1 to 366`.
    let expectation: String
    /// Turns a command-line text into a value, or `nil` when the text is not valid.
    let parse: @Sendable (String) -> Value?

    /// Declares an option.
    init(name: String, placeholder: String, help: String, defaultDescription: String?, isFlag: Bool, isRepeatable: Bool,
         example: String, expectation: String, parse: @escaping @Sendable (String) -> Value?) {
        erased = AnyCommandOption(name: name, placeholder: placeholder, help: help, defaultDescription: defaultDescription,
                                  isFlag: isFlag, isRepeatable: isRepeatable, example: example)
        self.expectation = expectation
        self.parse = parse
    }

    /// The name without dashes, e.g. `days`.
    var name: String { erased.name }
    /// `true` for a flag that takes no value.
    var isFlag: Bool { erased.isFlag }
}

/// A ``CommandOption`` without its value type: what parsing and the help need.
struct AnyCommandOption: Sendable, Hashable {
    /// The name without dashes, e.g. `days`.
    let name: String
    /// What the value looks like in the synopsis and the help, e.g. `N`; empty for a flag.
    let placeholder: String
    /// One line (or a few) for the help: what the option does.
    let help: String
    /// The default as shown in the help, e.g. `7` or `the profile's`; `nil` when there is none
    /// to show.
    let defaultDescription: String?
    /// `true` for a flag that takes no value.
    let isFlag: Bool
    /// `true` when the option may be given more than once (its values are collected).
    let isRepeatable: Bool
    /// A value the option accepts, for the specification tests (e.g. `"14"`).
    let example: String

    /// The `--name PLACEHOLDER` of the synopsis and the help.
    var usageForm: String { isFlag ? "--\(name)" : "--\(name) \(placeholder)" }
}

extension CommandOption where Value == Bool {
    /// A flag: `true` when given.
    static func flag(_ name: String, help: String) -> CommandOption<Bool> {
        CommandOption(name: name, placeholder: "", help: help, defaultDescription: nil, isFlag: true, isRepeatable: false,
                      example: "", expectation: "no value", parse: { _ in true })
    }
}

extension CommandOption where Value == Int {
    /// A whole number within `range`.
    static func integer(_ name: String, placeholder: String = "N", range: ClosedRange<Int>, default defaultValue: Int?,
                        defaultDescription: String? = nil, unit: String = "", help: String) -> CommandOption<Int> {
        let unitText = unit.isEmpty ? "" : " \(unit)"
        return CommandOption(
            name: name, placeholder: placeholder, help: help + ", \(range.lowerBound)–\(range.upperBound)\(unitText)",
            defaultDescription: defaultDescription ?? defaultValue.map(String.init), isFlag: false, isRepeatable: false,
            example: String(range.lowerBound + (range.upperBound - range.lowerBound) / 2),
            expectation: "a whole number\(unitText.isEmpty ? "" : " of" + unitText) from \(range.lowerBound) to \(range.upperBound)",
            parse: { text in Int(text.trimmingCharacters(in: .whitespaces)).flatMap { range.contains($0) ? $0 : nil } })
    }
}

extension CommandOption where Value == Double {
    /// A finite number within `range`; `openBounds` excludes the ends (e.g. a probability
    /// strictly between 0 and 1).
    static func number(_ name: String, placeholder: String, range: ClosedRange<Double>, openBounds: Bool = false,
                       default defaultValue: Double?, defaultDescription: String? = nil, example: String,
                       help: String) -> CommandOption<Double> {
        let bounds = openBounds ? "between \(format(range.lowerBound)) and \(format(range.upperBound)), exclusive"
                                : "from \(format(range.lowerBound)) to \(format(range.upperBound))"
        return CommandOption(
            name: name, placeholder: placeholder, help: help + ", " + bounds,
            defaultDescription: defaultDescription ?? defaultValue.map(format), isFlag: false, isRepeatable: false,
            example: example, expectation: "a number \(bounds)",
            parse: { text in
                guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
                let inside = openBounds ? value > range.lowerBound && value < range.upperBound : range.contains(value)
                return inside ? value : nil
            })
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension CommandOption where Value == String {
    /// Free text (not empty).
    static func text(_ name: String, placeholder: String, default defaultDescription: String? = nil, example: String,
                     repeatable: Bool = false, help: String) -> CommandOption<String> {
        CommandOption(name: name, placeholder: placeholder, help: help, defaultDescription: defaultDescription, isFlag: false,
                      isRepeatable: repeatable, example: example, expectation: "a text that is not empty",
                      parse: { $0.isEmpty ? nil : $0 })
    }
}

extension CommandOption where Value == Date {
    /// An instant in ISO-8601 with a time and a UTC offset (`2026-11-29T09:00:00+08:00`), in
    /// the years the package works with (``ZhiXiCore/SupportedYears``, 1900–2200).
    static func timestamp(_ name: String, default defaultDescription: String, help: String) -> CommandOption<Date> {
        CommandOption(name: name, placeholder: "ISO-8601", help: help, defaultDescription: defaultDescription, isFlag: false,
                      isRepeatable: false, example: "2026-11-29T09:00:00+08:00",
                      expectation: "an ISO-8601 time with a date, a time and an offset, e.g. 2026-11-29T09:00:00+08:00, in the "
                        + "years \(SupportedYears.description)",
                      parse: { text in
                          ISO8601Timestamp.date(from: text).flatMap {
                              SupportedYears.contains(secondsSince1970: $0.timeIntervalSince1970) ? $0 : nil
                          }
                      })
    }
}

extension CommandOption {
    /// One of a few named values, e.g. `--week rolling|calendar`.
    static func choice(_ name: String, _ choices: KeyValuePairs<String, Value>, default defaultName: String?,
                       help: String) -> CommandOption<Value> where Value: Sendable {
        let names = choices.map(\.key)
        let table = Dictionary(uniqueKeysWithValues: choices.map { ($0.key.lowercased(), $0.value) })
        return CommandOption(
            name: name, placeholder: names.joined(separator: "|"), help: help, defaultDescription: defaultName,
            isFlag: false, isRepeatable: false, example: names.last ?? "",
            expectation: "one of " + names.joined(separator: ", "),
            parse: { table[$0.lowercased()] })
    }
}
