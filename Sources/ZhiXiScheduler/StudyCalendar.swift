import Foundation
import ZhiXiCore

/// Where one study day ends and the next begins: a time zone and the local hour at which a
/// new day starts (Anki's "next day starts at", default 04:00), so a review at 01:30 after a
/// late evening still counts towards the evening's day.
///
/// Days are numbered: day `n` is the study day whose local calendar date, after subtracting
/// the day-start hour, is `n` days after 1970-01-01. The number of study days between two
/// reviews is the difference of their day numbers.
///
/// The time zone's UTC offsets are read once per zone and process, for the years 1900–2200
/// (daylight-saving transitions included), indexed by spans of about 12 days and shared by the
/// zone's calendars of every day-start hour, so ``dayNumber(of:)`` is a table look-up: O(1)
/// for instants in 1900–2200 (a binary search over the transitions, O(log t), outside), no
/// allocation, safe to call from any thread.
///
/// **Cached.** Calendars are kept per time-zone identifier and day-start hour (up to 256,
/// shared by every thread), so creating the same calendar again, as every plan and every
/// decoded configuration does, is a look-up (well under a microsecond) instead of building
/// the table (1–2 ms in a zone with daylight saving).
///
/// `Codable` as `{"timeZone": "Asia/Shanghai", "dayStartHour": 4}`; decoding checks both.
public struct StudyCalendar: Sendable, Hashable {
    /// The learner's time zone.
    public let timeZone: TimeZone
    /// The time zone's identifier as given when the calendar was created (e.g. `"UTC"`,
    /// `"Asia/Shanghai"`); Foundation may report an equivalent zone under another name.
    public let timeZoneIdentifier: String
    /// The local hour (0–23) at which a new study day starts.
    public let dayStartHour: Int

    /// The zone's UTC offsets, shared by every calendar of the zone.
    let offsets: TimeZoneOffsetTable

    /// UTC with days starting at 04:00.
    public static let utc = try! StudyCalendar(timeZoneIdentifier: "UTC", dayStartHour: 4)

    /// Creates a calendar (from the cache when one with the same zone identifier and hour was
    /// created before).
    /// - Throws: ``SchedulerConfigurationError/dayStartHourOutOfRange(_:)`` unless `dayStartHour` is 0–23.
    /// - Complexity: O(1) from the cache; the first calendar of a zone reads its transitions from 1900 to
    ///   2200, O(transitions).
    public init(timeZone: TimeZone, dayStartHour: Int = 4) throws(SchedulerConfigurationError) {
        guard (0...23).contains(dayStartHour) else { throw .dayStartHourOutOfRange(dayStartHour) }
        let key = StudyCalendarCache.Key(timeZoneIdentifier: timeZone.identifier, dayStartHour: dayStartHour)
        if let cached = StudyCalendarCache.shared.calendar(for: key) {
            self = cached
            return
        }
        self.init(offsets: TimeZoneOffsetTable.cached(timeZone), identifier: timeZone.identifier, dayStartHour: dayStartHour)
        StudyCalendarCache.shared.store(self, for: key)
    }

    /// Builds the offset table of a zone afresh (no cache), for tests and benchmarks that check
    /// the caches. O(transitions from 1900 to 2200).
    package init(building timeZone: TimeZone, identifier: String, dayStartHour: Int) {
        self.init(offsets: TimeZoneOffsetTable(building: timeZone), identifier: identifier, dayStartHour: dayStartHour)
    }

    private init(offsets: TimeZoneOffsetTable, identifier: String, dayStartHour: Int) {
        self.timeZone = offsets.timeZone
        self.timeZoneIdentifier = identifier
        self.dayStartHour = dayStartHour
        self.offsets = offsets
    }

    /// Creates a calendar from a time-zone identifier such as `"Asia/Shanghai"` or `"UTC"`
    /// (from the cache when the same identifier and hour were given before: no `TimeZone` is
    /// even created then).
    /// - Throws: ``SchedulerConfigurationError`` for an unknown identifier or an hour outside 0–23.
    /// - Complexity: O(1) from the cache; the first calendar of a zone reads its transitions from 1900 to
    ///   2200, O(transitions).
    public init(timeZoneIdentifier: String, dayStartHour: Int = 4) throws(SchedulerConfigurationError) {
        guard (0...23).contains(dayStartHour) else { throw .dayStartHourOutOfRange(dayStartHour) }
        let key = StudyCalendarCache.Key(timeZoneIdentifier: timeZoneIdentifier, dayStartHour: dayStartHour)
        if let cached = StudyCalendarCache.shared.calendar(for: key) {
            self = cached
            return
        }
        guard let offsets = TimeZoneOffsetTable.cached(identifier: timeZoneIdentifier) else {
            throw .unknownTimeZone(timeZoneIdentifier)
        }
        self.init(offsets: offsets, identifier: timeZoneIdentifier, dayStartHour: dayStartHour)
        StudyCalendarCache.shared.store(self, for: key)
    }

    /// Two calendars are equal when their time-zone identifiers and day-start hours are.
    /// - Complexity: O(length of the zone identifiers).
    public static func == (lhs: StudyCalendar, rhs: StudyCalendar) -> Bool {
        lhs.timeZoneIdentifier == rhs.timeZoneIdentifier && lhs.dayStartHour == rhs.dayStartHour
    }

    /// Hashes the time-zone identifier and the day-start hour.
    /// - Complexity: O(length of the zone identifier).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(timeZoneIdentifier)
        hasher.combine(dayStartHour)
    }

    /// The UTC offset in seconds in effect at an instant given in seconds since 1970.
    /// - Complexity: O(1) in 1900–2200, O(log t) outside.
    public func utcOffset(atSecondsSince1970 seconds: Double) -> Int {
        offsets.utcOffset(atSecondsSince1970: seconds)
    }

    /// The study day of an instant given in seconds since 1970.
    /// - Complexity: O(1) in 1900–2200.
    public func dayNumber(ofSecondsSince1970 seconds: Double) -> Int {
        let local = seconds + Double(utcOffset(atSecondsSince1970: seconds)) - Double(dayStartHour * 3600)
        return Int((local / 86_400).rounded(.down))
    }

    /// The study day of a date.
    /// - Complexity: O(1) in 1900–2200.
    public func dayNumber(of date: Date) -> Int {
        dayNumber(ofSecondsSince1970: date.timeIntervalSince1970)
    }

    /// The number of study days from `earlier` to `later` (negative if `later` is earlier).
    /// - Complexity: O(1) in 1900–2200, O(log t) outside.
    public func daysBetween(_ earlier: Date, _ later: Date) -> Int {
        dayNumber(of: later) - dayNumber(of: earlier)
    }

    /// The instant at which study day `dayNumber` starts: the day-start hour of its local date.
    /// Where a daylight-saving change skips that hour, the first instant after the gap.
    /// - Complexity: O(1) in 1900–2200, O(log t) outside.
    public func start(ofDay dayNumber: Int) -> Date {
        Date(timeIntervalSince1970: startSecondsSince1970(ofDay: dayNumber))
    }

    /// ``start(ofDay:)`` in seconds since 1970.
    /// - Complexity: O(1) in 1900–2200, O(log t) outside.
    public func startSecondsSince1970(ofDay day: Int) -> Double {
        let localStart = Double(day) * 86_400 + Double(dayStartHour * 3600)
        // The common case, far from a change of offset: the offset read at the local start maps
        // back to itself, and the minute before is in the same period, so the day number there
        // is this day's and the one a minute earlier the day before's (the search below would
        // find this instant and stop at once; whole seconds add and subtract exactly).
        let first = offsets.utcOffset(atSecondsSince1970: localStart)
        let instant = localStart - Double(first)
        let period = offsets.period(atSecondsSince1970: instant)
        if period.offset == first, period.start <= instant - 60 { return instant }
        // Try the offset in effect just before and just after: the right one maps back to itself.
        var guess = localStart - Double(utcOffset(atSecondsSince1970: localStart))
        for _ in 0..<2 {
            let offset = Double(utcOffset(atSecondsSince1970: guess))
            let candidate = localStart - offset
            if candidate == guess { break }
            guess = candidate
        }
        // Inside a skipped hour no instant maps to the local start; move to the day's first instant.
        while dayNumber(ofSecondsSince1970: guess) < day { guess += 60 }
        while dayNumber(ofSecondsSince1970: guess - 60) >= day { guess -= 60 }
        return guess
    }

    /// The local calendar date of study day `dayNumber`.
    /// - Complexity: O(1).
    @inlinable
    public func localDate(ofDay dayNumber: Int) -> CivilDate {
        CivilDate(daysSince1970: dayNumber)
    }

    /// The weekday of study day `dayNumber`, 1 = Sunday … 7 = Saturday (Foundation's numbering).
    /// - Complexity: O(1).
    @inlinable
    public func weekday(ofDay dayNumber: Int) -> Int {
        CivilDate.weekday(daysSince1970: dayNumber)
    }
}

extension StudyCalendar: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case timeZone, dayStartHour
    }

    /// Decodes `{"timeZone": …, "dayStartHour": …}`; an absent hour is 4.
    /// - Throws: `DecodingError.dataCorrupted` with the ``SchedulerConfigurationError``'s
    ///   sentence for an unknown zone or an hour outside 0–23.
    /// - Complexity: As ``init(timeZoneIdentifier:dayStartHour:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let zone = try container.decode(String.self, forKey: .timeZone)
        let hour = try container.decodeIfPresent(Int.self, forKey: .dayStartHour) ?? 4
        do {
            try self.init(timeZoneIdentifier: zone, dayStartHour: hour)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: error == .unknownTimeZone(zone) ? .timeZone : .dayStartHour,
                                                   in: container, debugDescription: error.description)
        }
    }

    /// Encodes the time zone's identifier and the day-start hour.
    /// - Complexity: O(length of the zone identifier).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(timeZoneIdentifier, forKey: .timeZone)
        try container.encode(dayStartHour, forKey: .dayStartHour)
    }
}
