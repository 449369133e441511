import ZhiXiCore

/// A bounded map from keys to values shared by every thread: the storage behind the caches of
/// study calendars and of time-zone offset tables.
///
/// Holds at most ``capacity`` values. When full, a value not looked up since the clock hand
/// last passed it is replaced (the CLOCK approximation of least-recently-used). Safe to use
/// from any thread: one lock (`Locked`), held for a look-up or an insertion only, O(1) on
/// average.
final class ClockCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
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

    /// The values, the clock hand and the counts.
    private struct Contents {
        var slotByKey: [Key: Int] = [:]
        var slots: [(key: Key, value: Value, referenced: Bool)] = []
        var hand = 0
        var counts = Statistics()
    }

    /// The most values held at once.
    let capacity: Int
    private let contents = Locked(Contents())

    /// An empty cache of at most `capacity` values (at least one).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The value kept for `key`, if any.
    func value(for key: Key) -> Value? {
        contents.withLock { contents in
            guard let slot = contents.slotByKey[key] else {
                contents.counts.misses += 1
                return nil
            }
            contents.counts.hits += 1
            contents.slots[slot].referenced = true
            return contents.slots[slot].value
        }
    }

    /// Keeps a value just built (unless another thread kept one for the same key meanwhile).
    func store(_ value: Value, for key: Key) {
        let capacity = capacity
        contents.withLock { contents in
            guard contents.slotByKey[key] == nil else { return }
            if contents.slots.count < capacity {
                contents.slotByKey[key] = contents.slots.count
                contents.slots.append((key: key, value: value, referenced: false))
                contents.counts.count = contents.slots.count
                return
            }
            while contents.slots[contents.hand].referenced {
                contents.slots[contents.hand].referenced = false
                contents.hand = (contents.hand + 1) % capacity
            }
            contents.slotByKey[contents.slots[contents.hand].key] = nil
            contents.slotByKey[key] = contents.hand
            contents.slots[contents.hand] = (key: key, value: value, referenced: false)
            contents.hand = (contents.hand + 1) % capacity
            contents.counts.evictions += 1
        }
    }

    /// The counts so far.
    var statistics: Statistics {
        contents.withLock { $0.counts }
    }
}
