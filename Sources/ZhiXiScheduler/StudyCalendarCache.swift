import Foundation
import ZhiXiCore

/// The study calendars built so far, by time-zone identifier and day-start hour, so that
/// creating a calendar again (every plan, every decoded configuration) costs a dictionary
/// look-up. A calendar of a zone already seen with another hour shares that zone's offset
/// table (``TimeZoneOffsetTable/cached(identifier:)``), so a new hour costs no ICU work either.
///
/// Bounded: at most ``capacity`` calendars (a calendar is small: its zone's table is shared).
/// When full, a calendar not used since the clock hand last passed it is replaced (the CLOCK
/// approximation of least-recently-used). Safe to use from any thread (one lock, held for
/// the look-up or the insertion only; a calendar is built outside it).
final class StudyCalendarCache: Sendable {
    /// The cache behind ``StudyCalendar``'s initialisers.
    static let shared = StudyCalendarCache(capacity: 256)

    /// What identifies a calendar.
    struct Key: Hashable, Sendable {
        var timeZoneIdentifier: String
        var dayStartHour: Int
    }

    /// Counts since the cache was created, for tests and benchmarks.
    typealias Statistics = ClockCache<Key, StudyCalendar>.Statistics

    private let storage: ClockCache<Key, StudyCalendar>

    /// The most calendars held at once.
    var capacity: Int { storage.capacity }

    init(capacity: Int) {
        storage = ClockCache(capacity: capacity)
    }

    /// The calendar for `key`, if it was built before.
    func calendar(for key: Key) -> StudyCalendar? {
        storage.value(for: key)
    }

    /// Keeps a calendar just built (unless another thread kept the same one meanwhile).
    func store(_ calendar: StudyCalendar, for key: Key) {
        storage.store(calendar, for: key)
    }

    /// The counts so far.
    var statistics: Statistics { storage.statistics }
}
