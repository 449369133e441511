import Foundation

/// A bounded map from keys to values shared by every thread: the storage behind the caches of
/// study calendars and of time-zone offset tables.
///
/// Holds at most ``capacity`` values. When full, a value not looked up since the clock hand
/// last passed it is replaced (the CLOCK approximation of least-recently-used). Safe to use
/// from any thread: one lock, held for a look-up or an insertion only, O(1) on average.
final class ClockCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    /// Counts since the cache was created, for tests and benchmarks.
    struct Statistics: Sendable, Hashable {
        /// Look-ups answered from the cache.
        var hits = 0
        /// Look-ups that found nothing (the caller then builds the value).
        var misses = 0
        /// Values replaced to make room.
        var evictions = 0
        /// Values held now.
        var count = 0
    }

    /// The most values held at once.
    let capacity: Int
    private let lock = NSLock()
    private var slotByKey: [Key: Int] = [:]
    private var slots: [(key: Key, value: Value, referenced: Bool)] = []
    private var hand = 0
    private var counts = Statistics()

    /// An empty cache of at most `capacity` values (at least one).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The value kept for `key`, if any.
    func value(for key: Key) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        guard let slot = slotByKey[key] else {
            counts.misses += 1
            return nil
        }
        counts.hits += 1
        slots[slot].referenced = true
        return slots[slot].value
    }

    /// Keeps a value just built (unless another thread kept one for the same key meanwhile).
    func store(_ value: Value, for key: Key) {
        lock.lock()
        defer { lock.unlock() }
        guard slotByKey[key] == nil else { return }
        if slots.count < capacity {
            slotByKey[key] = slots.count
            slots.append((key: key, value: value, referenced: false))
            counts.count = slots.count
            return
        }
        while slots[hand].referenced {
            slots[hand].referenced = false
            hand = (hand + 1) % capacity
        }
        slotByKey[slots[hand].key] = nil
        slotByKey[key] = hand
        slots[hand] = (key: key, value: value, referenced: false)
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
