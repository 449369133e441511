import Foundation
import ZhiXiMemory
import ZhiXiScheduler
import ZhiXiTraining

/// Options shared by several subcommands, parsed with errors that name the option.
enum CommonOptions {
    /// `--timezone TZ` and `--day-start H` as a study calendar.
    static func calendar(_ parsed: ArgumentParser.Parsed, usage: String,
                         defaultTimeZone: String = "UTC", defaultDayStart: Int = 4) throws(CommandError) -> StudyCalendar {
        let identifier = parsed.value("timezone") ?? defaultTimeZone
        var hour = defaultDayStart
        if let text = parsed.value("day-start") {
            guard let value = Int(text) else {
                throw .usage("--day-start '\(text)' is not an hour; give a whole number from 0 to 23", usage: usage)
            }
            hour = value
        }
        do {
            return try StudyCalendar(timeZoneIdentifier: identifier, dayStartHour: hour)
        } catch {
            throw .usage(error.description, usage: usage)
        }
    }

    /// `--now ISO-8601`, or the context's clock.
    static func now(_ parsed: ArgumentParser.Parsed, context: CommandContext, usage: String) throws(CommandError) -> Date {
        guard let text = parsed.value("now") else { return context.now }
        guard let seconds = ReviewTimeParser.secondsSince1970(text) else {
            throw .usage("--now '\(text)' is not an ISO-8601 time such as 2026-11-29T08:00:00Z", usage: usage)
        }
        return Date(timeIntervalSince1970: seconds)
    }

    /// `--retention R`: a desired retention strictly between 0 and 1.
    static func retention(_ parsed: ArgumentParser.Parsed, default defaultValue: Double = 0.9, usage: String) throws(CommandError) -> Double {
        guard let text = parsed.value("retention") else { return defaultValue }
        guard let value = Double(text), value > 0, value < 1 else {
            throw .usage("--retention '\(text)' must be a probability between 0 and 1 (exclusive), e.g. 0.9", usage: usage)
        }
        return value
    }

    /// A positive whole number of days, e.g. `--max-interval`.
    static func positiveInteger(_ parsed: ArgumentParser.Parsed, _ name: String, default defaultValue: Int, usage: String) throws(CommandError) -> Int {
        guard let text = parsed.value(name) else { return defaultValue }
        guard let value = Int(text), value >= 1 else {
            throw .usage("--\(name) '\(text)' must be a whole number ≥ 1", usage: usage)
        }
        return value
    }

    /// `--params FILE|JSON`: 21 FSRS-6 weights (or 19/17 from older versions) as a JSON array,
    /// inline or in a file; a file may also hold an object with a `parameters` or `w` array.
    static func parameters(_ parsed: ArgumentParser.Parsed, usage: String) throws(CommandError) -> FSRSParameters {
        guard let text = parsed.value("params") else { return .default }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let source: String
        let data: Data
        if trimmed.hasPrefix("[") {
            source = "--params"
            data = Data(trimmed.utf8)
        } else {
            source = text
            data = try FileAccess.read(text)
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .dataError("\(source): not valid JSON; give the parameters as a JSON array of 21 numbers")
        }
        var array = object as? [Any]
        if array == nil, let dictionary = object as? [String: Any] {
            array = (dictionary["parameters"] ?? dictionary["w"] ?? dictionary["weights"]) as? [Any]
        }
        guard let array else {
            throw .dataError("\(source): expected a JSON array of 21 numbers (or an object with a \"parameters\" array)")
        }
        var weights: [Double] = []
        for (index, element) in array.enumerated() {
            guard let number = element as? NSNumber, !(element is Bool) else {
                throw .dataError("\(source): parameter \(index) is not a number")
            }
            weights.append(number.doubleValue)
        }
        do {
            return try FSRSParameters(weights)
        } catch {
            throw .dataError("\(source): \(error.description)")
        }
    }
}
