import Foundation

/// The study calendars built so far, by time-zone identifier and day-start hour, so that
/// creating a calendar again (every plan, every decoded configuration) costs a dictionary
/// look-up instead of the daylight-saving table (1–2 ms in zones that change their clocks).
///
/// Bounded: at most ``capacity`` calendars (a zone with daylight saving takes about 45 KB).
/// When full, a calendar not used since the clock hand last passed it is replaced (the CLOCK
/// approximation of least-recently-used). Safe to use from any thread (one lock, held for
/// the look-up or the insertion only; a calendar is built outside it).
final class StudyCalendarCache: @unchecked Sendable {
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
    private let lock = NSLock()
    private var slotByKey: [Key: Int] = [:]
    private var slots: [(key: Key, calendar: StudyCalendar, referenced: Bool)] = []
    private var hand = 0
    private var counts = Statistics()

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The calendar for `key`, if it was built before.
    func calendar(for key: Key) -> StudyCalendar? {
        lock.lock()
        defer { lock.unlock() }
        guard let slot = slotByKey[key] else {
            counts.misses += 1
            return nil
        }
        counts.hits += 1
        slots[slot].referenced = true
        return slots[slot].calendar
    }

    /// Keeps a calendar just built (unless another thread kept the same one meanwhile).
    func store(_ calendar: StudyCalendar, for key: Key) {
        lock.lock()
        defer { lock.unlock() }
        guard slotByKey[key] == nil else { return }
        if slots.count < capacity {
            slotByKey[key] = slots.count
            slots.append((key: key, calendar: calendar, referenced: false))
            counts.count = slots.count
            return
        }
        while slots[hand].referenced {
            slots[hand].referenced = false
            hand = (hand + 1) % capacity
        }
        slotByKey[slots[hand].key] = nil
        slotByKey[key] = hand
        slots[hand] = (key: key, calendar: calendar, referenced: false)
        hand = (hand + 1) % capacity
        counts.evictions += 1
    }

    /// The counts so far.
    var statistics: Statistics {
        lock.lock()
        defer { lock.unlock() }
        return counts
    }
}
