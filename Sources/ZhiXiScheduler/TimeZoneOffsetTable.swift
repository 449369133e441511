import Foundation
import ZhiXiCore

/// A time zone's UTC offsets from 1900 to 2200 (daylight-saving transitions included), read
/// once from the zone's rules and indexed by spans of about 12 days, so that the offset at an
/// instant is a table look-up: O(1) in 1900–2200 (a binary search over the transitions,
/// O(log t), outside), no allocation, safe from any thread.
///
/// Built once per zone and process: ``cached(identifier:)`` keeps up to 128 tables (about
/// 45 KB each for a zone with daylight saving), shared by every study calendar of the zone
/// whatever its day-start hour, so a fleet of learners in a few zones costs a few builds
/// (1–2 ms of ICU each), not one per zone and hour.
struct TimeZoneOffsetTable: Sendable {
    /// The zone the table was read from.
    let timeZone: TimeZone
    /// Start instants (seconds since 1970) of periods with a constant UTC offset, ascending;
    /// the first period extends to the beginning of time.
    private let periodStarts: [Double]
    /// The UTC offset in seconds of each period.
    private let periodOffsets: [Int]
    /// For each span of ``indexSpanSeconds`` from ``indexStart``, the index of the period in
    /// effect when the span starts; empty for a zone with a single period (e.g. UTC).
    private let periodAtSpanStart: [Int32]
    /// The instant (seconds since 1970) at which the period index starts: 1900-01-01.
    private static let indexStart = -2_208_988_800.0
    /// The length of a span of the period index, 2²⁰ seconds (about 12 days), shorter than any
    /// gap between two offset changes of a real time zone (a longer gap only costs a step).
    private static let indexSpanSeconds = 1_048_576.0

    /// The tables built so far, by zone identifier.
    private static let cache = ClockCache<String, TimeZoneOffsetTable>(capacity: 128)
    /// Held while a table is built, so that threads asking for the same new zone at once
    /// build it once.
    private static let building = Locked(())

    /// The table of the zone named `identifier` (e.g. `"Asia/Shanghai"`), built on first use,
    /// or `nil` when no such zone exists. O(1) once built.
    static func cached(identifier: String) -> TimeZoneOffsetTable? {
        if let table = cache.value(for: identifier) { return table }
        return buildOnce(identifier: identifier) { TimeZone(identifier: identifier) }
    }

    /// The table of `timeZone`, kept under its identifier, built on first use. O(1) once built.
    static func cached(_ timeZone: TimeZone) -> TimeZoneOffsetTable {
        if let table = cache.value(for: timeZone.identifier) { return table }
        return buildOnce(identifier: timeZone.identifier) { timeZone }!
    }

    private static func buildOnce(identifier: String, zone: () -> TimeZone?) -> TimeZoneOffsetTable? {
        building.withLock { _ in
            if let table = cache.value(for: identifier) { return table }
            guard let timeZone = zone() else { return nil }
            let table = TimeZoneOffsetTable(building: timeZone)
            cache.store(table, for: identifier)
            return table
        }
    }

    /// Reads the offsets of `timeZone` (no cache). O(transitions from 1900 to 2200).
    init(building timeZone: TimeZone) {
        self.timeZone = timeZone
        var starts: [Double] = [-.infinity]
        var offsets: [Int] = []
        var cursor = Date(timeIntervalSince1970: -2_208_988_800) // 1900-01-01
        let end = Date(timeIntervalSince1970: 7_258_118_400)     // 2200-01-01
        offsets.append(timeZone.secondsFromGMT(for: cursor))
        while let transition = timeZone.nextDaylightSavingTimeTransition(after: cursor), transition < end {
            let offset = timeZone.secondsFromGMT(for: transition)
            if offset != offsets[offsets.count - 1] {
                starts.append(transition.timeIntervalSince1970)
                offsets.append(offset)
            }
            cursor = transition
        }
        periodStarts = starts
        periodOffsets = offsets
        var index: [Int32] = []
        if starts.count > 1 {
            let spanCount = Int(((end.timeIntervalSince1970 - Self.indexStart) / Self.indexSpanSeconds).rounded(.up))
            index.reserveCapacity(spanCount)
            var period = 0
            for span in 0..<spanCount {
                let spanStart = Self.indexStart + Double(span) * Self.indexSpanSeconds
                while period + 1 < starts.count && starts[period + 1] <= spanStart { period += 1 }
                index.append(Int32(period))
            }
        }
        periodAtSpanStart = index
    }

    /// Whether `other` is this very table (the same storage, not merely equal offsets): how
    /// tests see that calendars of one zone share the table built once.
    func isSameTable(as other: TimeZoneOffsetTable) -> Bool {
        periodStarts.withUnsafeBufferPointer { $0.baseAddress }
            == other.periodStarts.withUnsafeBufferPointer { $0.baseAddress }
    }

    /// The UTC offset in seconds in effect at an instant given in seconds since 1970. O(1) in
    /// 1900–2200, O(log t) outside.
    func utcOffset(atSecondsSince1970 seconds: Double) -> Int {
        periodOffsets[periodIndex(atSecondsSince1970: seconds)]
    }

    /// The UTC offset in effect at an instant and the instant its period began (minus infinity
    /// for the first period): the offset holds from `start` up to the instant. O(1) in 1900–2200.
    func period(atSecondsSince1970 seconds: Double) -> (offset: Int, start: Double) {
        let index = periodIndex(atSecondsSince1970: seconds)
        return (periodOffsets[index], periodStarts[index])
    }

    @inline(__always)
    private func periodIndex(atSecondsSince1970 seconds: Double) -> Int {
        let span = (seconds - Self.indexStart) / Self.indexSpanSeconds
        if span >= 0, span < Double(periodAtSpanStart.count) {
            var period = Int(periodAtSpanStart[Int(span)])
            while period + 1 < periodStarts.count && periodStarts[period + 1] <= seconds { period += 1 }
            while period > 0 && periodStarts[period] > seconds { period -= 1 }
            return period
        }
        var low = 0, high = periodStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if periodStarts[middle] <= seconds { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
