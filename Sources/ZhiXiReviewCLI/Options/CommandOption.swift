import Foundation
import ZhiXiCore

/// One option of a command without a default value: its name, what its value looks like and
/// what values it accepts. Read, it gives the value given or `nil`; an option whose value has a
/// default is a ``DefaultedOption`` (``defaulting(to:shown:)``). Parsing, `--help` and the error
/// for a bad value all come from this declaration, so they cannot disagree; its help, in each
/// language, is the `Help` file's text keyed by the command and the option's name
/// (``CommandSpecification``).
///
/// ```swift
/// struct Options: CommandOptions {
///     let days = CommandOption.integer("days", range: 1...366, default: 7, unit: "days")
///     let retention = SharedOptions.retention()
/// }
/// let horizon = try arguments.value(of: options.days)           // 7, or the checked value given
/// let retention = try arguments.value(of: options.retention)    // nil when not given
/// ```
struct CommandOption<Value: Sendable>: OptionDeclaration {
    /// The declaration as the parser and the help see it, whatever the value type: name,
    /// placeholder, range, default, whether it is a flag or repeatable, an example value.
    let erased: AnyCommandOption
    /// What a valid value is, for the error message, e.g. `a whole number from 1 to 366`.
    let expectation: OptionExpectation
    /// Turns a command-line text into a value, or `nil` when the text is not valid.
    let parse: @Sendable (String) -> Value?

    /// Declares an option. `defaultDescription` is the default the help shows when the `Help`
    /// file describes none in words (a number or a name, the same in every language), `nil` for
    /// none; `defaultValues` fill the blanks of the one it describes. `range` is the range the
    /// help shows; `file` says what the command does with the file a value names, if it names one.
    init(name: String, placeholder: String, defaultDescription: String?, defaultValues: [String: String] = [:], isFlag: Bool,
         isRepeatable: Bool, example: String, expectation: OptionExpectation, file: FileRole = .none, range: OptionRange? = nil,
         parse: @escaping @Sendable (String) -> Value?) {
        erased = AnyCommandOption(name: name, placeholder: placeholder, defaultDescription: defaultDescription,
                                  defaultValues: defaultValues, isFlag: isFlag, isRepeatable: isRepeatable, example: example,
                                  file: file, range: range)
        self.expectation = expectation
        self.parse = parse
    }

    /// The name without dashes, e.g. `days`.
    var name: String { erased.name }
    /// `true` for a flag that takes no value.
    var isFlag: Bool { erased.isFlag }

    /// This option with a default: read, it gives `value` when it is not given, and the help
    /// shows `shown`.
    func defaulting(to value: Value, shown: String) -> DefaultedOption<Value> {
        DefaultedOption(option: showing(shown), defaultValue: { _ in value })
    }

    /// This option with a default that depends on the run (e.g. the current time): read, it
    /// gives `value(context)` when it is not given, and the help shows `shown` (or the default
    /// its `Help` file describes in words).
    func defaulting(shown: String?, to value: @escaping @Sendable (CommandContext) -> Value) -> DefaultedOption<Value> {
        DefaultedOption(option: showing(shown), defaultValue: value)
    }

    private func showing(_ defaultDescription: String?) -> CommandOption<Value> {
        let old = erased
        return CommandOption(name: old.name, placeholder: old.placeholder, defaultDescription: defaultDescription,
                             defaultValues: old.defaultValues, isFlag: old.isFlag, isRepeatable: old.isRepeatable,
                             example: old.example, expectation: expectation, file: old.file, range: old.range, parse: parse)
    }
}

/// An option whose value has a default, declared once with it: read, it gives the value given,
/// or else the default (a value, or one computed from the run's ``CommandContext``); the help
/// shows the default from the same declaration.
struct DefaultedOption<Value: Sendable>: OptionDeclaration {
    /// The option itself (its help already shows the default).
    let option: CommandOption<Value>
    /// The value when the option is not given.
    let defaultValue: @Sendable (CommandContext) -> Value

    /// The declaration as the parser and the help see it.
    var erased: AnyCommandOption { option.erased }
    /// The name without dashes, e.g. `days`.
    var name: String { option.name }
}

/// What parsing and the help need of an option, whatever its value type: a ``CommandOption`` or a
/// ``DefaultedOption``.
protocol OptionDeclaration: Sendable {
    /// The declaration as the parser and the help see it.
    var erased: AnyCommandOption { get }
}

/// A ``CommandOption`` without its value type: what parsing and the help need.
struct AnyCommandOption: Sendable, Hashable {
    /// The name without dashes, e.g. `days`.
    let name: String
    /// What the value looks like in the synopsis and the help, e.g. `N`; empty for a flag.
    let placeholder: String
    /// The default as shown in the help when the `Help` file describes none in words, e.g. `7`
    /// or `text`; `nil` when there is none to show.
    let defaultDescription: String?
    /// The values of the blanks of the default the `Help` file describes (`{value}`).
    var defaultValues: [String: String] = [:]
    /// `true` for a flag that takes no value.
    let isFlag: Bool
    /// `true` when the option may be given more than once (its values are collected).
    let isRepeatable: Bool
    /// A value the option accepts, for the specification tests (e.g. `"14"`).
    let example: String
    /// What the command does with the file or directory the value names, if it names one.
    var file: FileRole = .none
    /// The range of values the help shows after what the option does, if any.
    var range: OptionRange?

    /// The `--name PLACEHOLDER` of the synopsis and the help.
    var usageForm: String { isFlag ? "--\(name)" : "--\(name) \(placeholder)" }
}

extension CommandOption where Value == Bool {
    /// A flag: `true` when given.
    static func flag(_ name: String) -> CommandOption<Bool> {
        CommandOption(name: name, placeholder: "", defaultDescription: nil, isFlag: true, isRepeatable: false,
                      example: "", expectation: OptionExpectation("noValue"), parse: { _ in true })
    }
}

extension CommandOption where Value == Int {
    /// A whole number within `range`, `nil` when not given (the help shows `defaultDescription`
    /// for what happens then, if given).
    static func integer(_ name: String, placeholder: String = "N", range: ClosedRange<Int>, defaultDescription: String? = nil,
                        defaultValues: [String: String] = [:], unit: String = "") -> CommandOption<Int> {
        return CommandOption(
            name: name, placeholder: placeholder, defaultDescription: defaultDescription, defaultValues: defaultValues,
            isFlag: false, isRepeatable: false, example: String(range.lowerBound + (range.upperBound - range.lowerBound) / 2),
            expectation: OptionExpectation(unit.isEmpty ? "whole" : "whole." + unit,
                                           ["lower": String(range.lowerBound), "upper": String(range.upperBound)]),
            range: .whole(range, unit: unit),
            parse: { text in Int(text.trimmingCharacters(in: .whitespaces)).flatMap { range.contains($0) ? $0 : nil } })
    }

    /// A whole number within `range`, `defaultValue` when not given (the help shows it, or
    /// `defaultDescription`).
    static func integer(_ name: String, placeholder: String = "N", range: ClosedRange<Int>, default defaultValue: Int,
                        defaultDescription: String? = nil, unit: String = "") -> DefaultedOption<Int> {
        integer(name, placeholder: placeholder, range: range, unit: unit)
            .defaulting(to: defaultValue, shown: defaultDescription ?? String(defaultValue))
    }
}

extension CommandOption where Value == Double {
    /// A finite number within `range`, `nil` when not given; `openBounds` excludes the ends
    /// (e.g. a probability strictly between 0 and 1).
    static func number(_ name: String, placeholder: String, range: ClosedRange<Double>, openBounds: Bool = false,
                       defaultDescription: String? = nil, defaultValues: [String: String] = [:],
                       example: String) -> CommandOption<Double> {
        return CommandOption(
            name: name, placeholder: placeholder, defaultDescription: defaultDescription, defaultValues: defaultValues,
            isFlag: false, isRepeatable: false, example: example, expectation: OptionExpectation(openBounds ? "number.open" : "number.closed",
                                                                           ["lower": format(range.lowerBound), "upper": format(range.upperBound)]),
            range: .number(range, openBounds: openBounds),
            parse: { text in
                guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
                let inside = openBounds ? value > range.lowerBound && value < range.upperBound : range.contains(value)
                return inside ? value : nil
            })
    }

    /// A finite number within `range`, `defaultValue` when not given (the help shows it, or
    /// `defaultDescription`).
    static func number(_ name: String, placeholder: String, range: ClosedRange<Double>, openBounds: Bool = false,
                       default defaultValue: Double, defaultDescription: String? = nil,
                       example: String) -> DefaultedOption<Double> {
        number(name, placeholder: placeholder, range: range, openBounds: openBounds, example: example)
            .defaulting(to: defaultValue, shown: defaultDescription ?? format(defaultValue))
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension CommandOption where Value == String {
    /// Free text (not empty), `nil` when not given; `file` says what the command does with the
    /// file it names, when it names one (an input, an output, a directory it keeps files in).
    static func text(_ name: String, placeholder: String, defaultDescription: String? = nil, example: String,
                     repeatable: Bool = false, file: FileRole = .none) -> CommandOption<String> {
        CommandOption(name: name, placeholder: placeholder, defaultDescription: defaultDescription, isFlag: false,
                      isRepeatable: repeatable, example: example, expectation: OptionExpectation("text"), file: file,
                      parse: { $0.isEmpty ? nil : $0 })
    }
}

extension CommandOption where Value == Date {
    /// An instant in ISO-8601 with a time and a UTC offset (`2026-11-29T09:00:00+08:00`), in
    /// the years the package works with (``ZhiXiCore/SupportedYears``, 1900–2200); `nil` when
    /// not given.
    static func timestamp(_ name: String) -> CommandOption<Date> {
        CommandOption(name: name, placeholder: "ISO-8601", defaultDescription: nil, isFlag: false,
                      isRepeatable: false, example: "2026-11-29T09:00:00+08:00",
                      expectation: OptionExpectation("timestamp", ["years": SupportedYears.description]),
                      parse: { text in
                          ISO8601Timestamp.date(from: text).flatMap {
                              SupportedYears.contains(secondsSince1970: $0.timeIntervalSince1970) ? $0 : nil
                          }
                      })
    }

    /// An instant as ``timestamp(_:)`` reads it, the run's current time (``CommandContext/now``)
    /// when not given (the help says so in the words of its `Help` file, `option.NAME.default`).
    static func timestamp(defaultingToNow name: String) -> DefaultedOption<Date> {
        timestamp(name).defaulting(shown: nil) { $0.now }
    }
}

extension CommandOption {
    /// One of a few named values, e.g. `--week rolling|calendar`, `nil` when not given.
    static func choice(_ name: String, _ choices: KeyValuePairs<String, Value>, defaultDescription: String? = nil) -> CommandOption<Value> {
        let names = choices.map(\.key)
        let table = Dictionary(uniqueKeysWithValues: choices.map { ($0.key.lowercased(), $0.value) })
        return CommandOption(
            name: name, placeholder: names.joined(separator: "|"), defaultDescription: defaultDescription,
            isFlag: false, isRepeatable: false, example: names.last ?? "",
            expectation: OptionExpectation("choice", ["choices": names.joined(separator: ", ")]),
            parse: { table[$0.lowercased()] })
    }

    /// One of a few named values, `defaultValue` (one of them) when not given; the help shows
    /// its name.
    static func choice(_ name: String, _ choices: KeyValuePairs<String, Value>, default defaultValue: Value) -> DefaultedOption<Value> where Value: Equatable {
        guard let shown = choices.first(where: { $0.value == defaultValue })?.key else {
            preconditionFailure("--\(name): the default is not one of the choices")
        }
        return choice(name, choices).defaulting(to: defaultValue, shown: shown)
    }
}
