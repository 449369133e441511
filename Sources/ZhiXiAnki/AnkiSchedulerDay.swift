extension AnkiCollection {
    /// Anki's day number at an instant: the days since the collection was created that its
    /// scheduler counts (`sched_timing_today`, `rslib/src/scheduler/timing.rs`), which review
    /// cards' `due` numbers are counted in. With the creation offset kept (every collection of a
    /// current Anki): the local dates of creation and of now, at their own offsets, apart, less
    /// one while today's rollover hour has not come; without it (older collections): whole days
    /// from the rollover of the creation date, at the current offset.
    /// - Parameters:
    ///   - seconds: the instant, in seconds since 1970.
    ///   - utcOffsetSeconds: the UTC offset in force then, in seconds east of UTC.
    /// - Complexity: O(1).
    package func schedulerDay(atSeconds seconds: Int64, utcOffsetSeconds: Int) -> Int {
        let rollover = Int64(settings.rolloverHour) * 3600
        let offset = Int64(utcOffsetSeconds)
        let local = seconds + offset
        guard let creationMinutesWest = settings.creationOffsetMinutesWest else {
            let createdLocal = creationSeconds + offset
            let createdRollover = createdLocal - Self.floorModulo(createdLocal, 86_400) + rollover - offset
            return Int(max(0, (seconds - createdRollover) / 86_400))
        }
        let createdLocal = creationSeconds - Int64(min(max(creationMinutesWest, -23 * 60), 23 * 60)) * 60
        let createdDate = Self.floorDivide(createdLocal, 86_400), date = Self.floorDivide(local, 86_400)
        let passed = Self.floorModulo(local, 86_400) >= rollover
        return Int(max(0, date - createdDate - (passed ? 0 : 1)))
    }

    static func floorModulo(_ value: Int64, _ divisor: Int64) -> Int64 {
        let remainder = value % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }

    static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 { (value - floorModulo(value, divisor)) / divisor }
}
