import Foundation
import ZhiXiCore

/// The study calendars built so far, by time-zone identifier and day-start hour, so that
/// creating a calendar again (every plan, every decoded configuration) costs a dictionary
/// look-up instead of the daylight-saving table (1–2 ms in zones that change their clocks).
///
/// Bounded: at most ``capacity`` calendars (a zone with daylight saving takes about 45 KB).
/// When full, a calendar not used since the clock hand last passed it is replaced (the CLOCK
/// approximation of least-recently-used). Safe to use from any thread (one lock, held for
/// the look-up or the insertion only; a calendar is built outside it).
final class StudyCalendarCache: Sendable {
    /// The cache behind ``StudyCalendar``'s initialisers.
    static let shared = StudyCalendarCache(capacity: 256)

    /// What identifies a calendar.
    struct Key: Hashable {
        var timeZoneIdentifier: String
        var dayStartHour: Int
    }

    /// Counts since the cache was created, for tests and benchmarks.
    struct Statistics: Sendable, Hashable {
        /// Look-ups answered from the cache.
        var hits = 0
        /// Look-ups that found nothing (the caller then builds the calendar).
        var misses = 0
        /// Calendars replaced to make room.
        var evictions = 0
        /// Calendars held now.
        var count = 0
    }

    /// The most calendars held at once.
    let capacity: Int
    private let contents = Locked(Contents())

    /// The calendars and the clock hand.
    private struct Contents {
        var slotByKey: [Key: Int] = [:]
        var slots: [(key: Key, calendar: StudyCalendar, referenced: Bool)] = []
        var hand = 0
        var counts = Statistics()
    }

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The calendar for `key`, if it was built before.
    func calendar(for key: Key) -> StudyCalendar? {
        contents.withLock { contents in
            guard let slot = contents.slotByKey[key] else {
                contents.counts.misses += 1
                return nil
            }
            contents.counts.hits += 1
            contents.slots[slot].referenced = true
            return contents.slots[slot].calendar
        }
    }

    /// Keeps a calendar just built (unless another thread kept the same one meanwhile).
    func store(_ calendar: StudyCalendar, for key: Key) {
        let capacity = capacity
        contents.withLock { contents in
            guard contents.slotByKey[key] == nil else { return }
            if contents.slots.count < capacity {
                contents.slotByKey[key] = contents.slots.count
                contents.slots.append((key: key, calendar: calendar, referenced: false))
                contents.counts.count = contents.slots.count
                return
            }
            while contents.slots[contents.hand].referenced {
                contents.slots[contents.hand].referenced = false
                contents.hand = (contents.hand + 1) % capacity
            }
            contents.slotByKey[contents.slots[contents.hand].key] = nil
            contents.slotByKey[key] = contents.hand
            contents.slots[contents.hand] = (key: key, calendar: calendar, referenced: false)
            contents.hand = (contents.hand + 1) % capacity
            contents.counts.evictions += 1
        }
    }

    /// The counts so far.
    var statistics: Statistics {
        contents.withLock { $0.counts }
    }
}
