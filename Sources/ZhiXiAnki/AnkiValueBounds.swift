import Foundation
import ZhiXiCore

/// The rules every number read from an Anki collection goes through where it enters, the same
/// as a CSV's and the options': no value a file holds reaches arithmetic that can trap, or an
/// answer, unchecked. Each refusal is ``AnkiError/Kind-swift.enum/damaged`` and names the
/// preset, setting, card or review-log row and what is wrong.
///
/// | value | rule |
/// | --- | --- |
/// | times: review-log ids, `col.crt`, a card's last review (`lrt`) | in the years 1900–2200 (``SupportedYears``) |
/// | a preset's learning and relearning steps | positive minutes, none longer than the preset's maximum interval |
/// | a preset's desired retention | 0.70–0.99, the range Anki's deck options allow |
/// | a preset's easy days | each 0–1 |
/// | `localOffset`, `creationOffset` | within ±14 hours of UTC |
/// | intervals: a review-log row's `ivl` and `lastIvl`, a card's `ivl` | at most the span of the supported years, in days (negative: seconds, as Anki writes learning steps) |
/// | a card's stability, difficulty, retention (`s`, `d`, `dr` of its `data`) | 0 < s ≤ the span of the supported years in days, 1 ≤ d ≤ 10, 0 < dr < 1 |
/// | a card's `due`, `odue`, `left`, `reps`, `lapses`, `factor`, `type`, `queue` | within the 32- and 16-bit numbers and the enums Anki's own card keeps; a due day or time of a card that is not new in the years 1900–2200 |
///
/// A preset's maximum interval is read as Anki reads it (any value outside 1–36,500 days is
/// Anki's default, 36,500), and its FSRS parameters are checked where they are used.
enum AnkiValueBounds {
    /// The desired retention Anki's deck options allow: 0.70 to 0.99 (its FSRS section's
    /// spin box, `ts/routes/deck-options/FsrsOptions.svelte`; Anki 26.9's own library puts 0.9 in
    /// place of any other value it reads: `ensure_deck_config_values_valid`).
    static let desiredRetention: ClosedRange<Double> = 0.7 ... 0.99
    /// A UTC offset, in minutes: ±14 hours, the widest any time zone has.
    static let utcOffsetMinutes: ClosedRange<Int> = -840 ... 840
    /// The longest interval, in days: the span of the supported years (1900–2200).
    static let intervalDays = SupportedYears.spanDays
    /// A stability, in days: positive, at most ``intervalDays`` (fsrs-rs keeps it to 36,500;
    /// earlier versions did not).
    static let stabilityDays: ClosedRange<Double> = Double.leastNonzeroMagnitude ... Double(intervalDays)
    /// FSRS's difficulty scale.
    static let difficulty: ClosedRange<Double> = 1 ... 10

    /// Checks a preset as read.
    static func check(_ preset: AnkiPreset, file: String) throws(AnkiError) {
        func refuse(_ what: String) -> AnkiError {
            AnkiError(.damaged, file: file, reason: "the preset \(preset.id) (\"\(preset.name.escapingForMessage)\") has \(what)")
        }
        guard desiredRetention.contains(preset.desiredRetention) else {
            throw refuse("a desired retention of \(preset.desiredRetention), outside 0.70–0.99, the range Anki's deck options allow")
        }
        let longest = Double(preset.maximumIntervalDays) * 1440
        for (kind, steps) in [("learning", preset.learningStepsMinutes), ("relearning", preset.relearningStepsMinutes)] {
            for (index, minutes) in steps.enumerated() where !(minutes > 0 && minutes <= longest) {
                throw refuse("a \(kind) step \(index + 1) of \(minutes) minutes; a step is a positive number of minutes, at most the "
                             + "preset's maximum interval (\(preset.maximumIntervalDays) days, \(Int(longest)) minutes)")
            }
        }
        if let index = preset.easyDaysPercentages.firstIndex(where: { !($0 >= 0 && $0 <= 1) }) {
            throw refuse("an easy-days factor of \(preset.easyDaysPercentages[index]) for weekday \(index + 1); each is 0 to 1")
        }
    }

    /// Checks the collection's settings as read.
    static func check(_ settings: AnkiCollectionSettings, creationSeconds: Int64, file: String) throws(AnkiError) {
        for (key, value) in [("localOffset", settings.localOffsetMinutesWest), ("creationOffset", settings.creationOffsetMinutesWest)] {
            if let value, !utcOffsetMinutes.contains(value) {
                throw AnkiError(.damaged, file: file, reason: "the collection's setting \(key) is \(value) minutes west of UTC, "
                                + "more than the 14 hours (840 minutes) any time zone is from it")
            }
        }
        guard SupportedYears.contains(secondsSince1970: Double(creationSeconds)) else {
            throw AnkiError(.damaged, file: file, reason: "the collection's creation time (col.crt) is \(creationSeconds) seconds since "
                            + "1970, outside the years \(SupportedYears.description)")
        }
    }

    /// Checks a review-log row as read.
    @inline(__always)
    static func check(_ row: AnkiRevlogEntry, file: String) throws(AnkiError) {
        guard accepts(row) else { throw refusal(row, file: file) }
    }

    /// Whether a review-log row is within bounds (its time, its intervals).
    @inline(__always)
    static func accepts(_ row: AnkiRevlogEntry) -> Bool {
        SupportedYears.contains(secondsSince1970: Double(row.id) / 1000) && isInterval(Int64(row.interval))
            && isInterval(Int64(row.lastInterval))
    }

    private static func refusal(_ row: AnkiRevlogEntry, file: String) -> AnkiError {
        let what = !SupportedYears.contains(secondsSince1970: Double(row.id) / 1000)
            ? "is dated \(row.id) milliseconds since 1970, outside the years \(SupportedYears.description)"
            : "has an interval of \(isInterval(Int64(row.interval)) ? row.lastInterval : row.interval) days, longer than the "
              + "\(intervalDays) days of the years \(SupportedYears.description)"
        return AnkiError(.damaged, file: file, reason: "the review-log row \(row.id) (card \(row.cardID)) \(what)")
    }

    /// Checks a card as read.
    static func check(_ card: AnkiCard, file: String) throws(AnkiError) {
        func refuse(_ what: String) -> AnkiError {
            AnkiError(.damaged, file: file, reason: "the card \(card.id) has \(what)")
        }
        guard isInterval(card.intervalDays) else { throw refuse("an interval (cards.ivl) of \(card.intervalDays) days, longer than "
                                                              + "the \(intervalDays) days of the years \(SupportedYears.description)") }
        if let stability = card.stability, !stabilityDays.contains(stability) {
            throw refuse("a stability (cards.data) of \(stability) days, not a positive number of days up to \(intervalDays)")
        }
        if let value = card.difficulty, !difficulty.contains(value) { throw refuse("a difficulty (cards.data) of \(value), outside 1–10") }
        if let value = card.desiredRetention, !(value > 0 && value < 1) {
            throw refuse("a desired retention (cards.data) of \(value), not between 0 and 1")
        }
        // Anki's own card holds these as 32-bit numbers (`due`, `odue`, `left`: i32; `reps`,
        // `lapses`: u32; `factor`: u16; `type`, `queue`: its enums), so no larger value is Anki's.
        for (column, value) in [("due", card.due), ("odue", card.originalDue), ("left", card.left)]
        where !(Int64(Int32.min) ... Int64(Int32.max)).contains(value) {
            throw refuse("\(column) \(value), beyond the 32-bit number Anki keeps there")
        }
        for (column, value, largest) in [("reps", card.reps, Int64(UInt32.max)), ("lapses", card.lapses, Int64(UInt32.max)),
                                         ("factor", card.easeFactor, Int64(UInt16.max))] where !(0 ... largest).contains(value) {
            throw refuse("\(column) \(value), outside the 0–\(largest) Anki keeps there")
        }
        guard (0 ... 3).contains(card.type), (-3 ... 4).contains(card.queue) else {
            throw refuse("type \(card.type) and queue \(card.queue); Anki's types are 0–3 and its queues -3–4")
        }
        // A card that is not new is due on a day number (days from the collection's creation) or,
        // within a day, at a time (seconds since 1970): either in the years 1900–2200.
        if card.type != 0 {
            for (column, value) in [("due", card.due), ("odue", card.originalDue)] where value != 0 {
                let inYears = value > 1_000_000_000 ? SupportedYears.contains(secondsSince1970: Double(value))
                                                    : abs(value) <= Int64(intervalDays)
                guard inYears else { throw refuse("\(column) \(value), a day or time outside the years \(SupportedYears.description)") }
            }
        }
        if let seconds = card.lastReviewSeconds, !SupportedYears.contains(secondsSince1970: Double(seconds)) {
            throw refuse("a last review (cards.data) \(seconds) seconds since 1970, outside the years \(SupportedYears.description)")
        }
    }

    /// Whether `value` is an interval Anki could have written: days up to ``intervalDays``, or
    /// (negative) seconds of a learning step.
    @inline(__always)
    private static func isInterval(_ value: Int64) -> Bool {
        value <= Int64(intervalDays) && value >= -Int64(intervalDays) * 86_400
    }
}
