import Foundation
import Testing
@testable import ZhiXiScheduler

@Suite("Study calendars are cached per zone and day-start hour")
struct StudyCalendarCacheTests {
    /// Instants from 1950 to 2150, in zones' daylight-saving seasons and out.
    static let instants: [Double] = (0 ..< 4_000).map { -631_152_000 + Double($0) * 1_577_847.3 }

    @Test("a calendar made again comes from the cache and counts every day as one built afresh")
    func cachedEqualsBuilt() throws {
        let first = try StudyCalendar(timeZoneIdentifier: "America/Santiago", dayStartHour: 5)
        let before = StudyCalendarCache.shared.statistics
        let again = try StudyCalendar(timeZoneIdentifier: "America/Santiago", dayStartHour: 5)
        let after = StudyCalendarCache.shared.statistics
        #expect(after.hits > before.hits)
        #expect(again == first)
        let fresh = StudyCalendar(building: try #require(TimeZone(identifier: "America/Santiago")), identifier: "America/Santiago",
                                  dayStartHour: 5)
        for seconds in Self.instants {
            #expect(again.dayNumber(ofSecondsSince1970: seconds) == fresh.dayNumber(ofSecondsSince1970: seconds))
            #expect(again.utcOffset(atSecondsSince1970: seconds) == fresh.utcOffset(atSecondsSince1970: seconds))
        }
        #expect(throws: SchedulerConfigurationError.unknownTimeZone("Mars/Olympus")) {
            try StudyCalendar(timeZoneIdentifier: "Mars/Olympus")
        }
        #expect(throws: SchedulerConfigurationError.dayStartHourOutOfRange(24)) {
            try StudyCalendar(timeZoneIdentifier: "America/Santiago", dayStartHour: 24)
        }
    }

    @Test("calendars made on many threads at once agree with calendars built afresh")
    func safeAcrossThreads() async throws {
        let zones = ["Europe/London", "America/New_York", "Australia/Lord_Howe", "Asia/Tehran", "Pacific/Chatham",
                     "America/Havana", "Europe/Dublin", "Africa/Casablanca"]
        let days = await withTaskGroup(of: [Int].self) { group in
            for task in 0 ..< 64 {
                group.addTask {
                    let calendar = try! StudyCalendar(timeZoneIdentifier: zones[task % zones.count], dayStartHour: task % 3 + 3)
                    return Self.instants.map { calendar.dayNumber(ofSecondsSince1970: $0) } + [task]
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for result in days {
            let task = result.last!
            let fresh = StudyCalendar(building: try #require(TimeZone(identifier: zones[task % zones.count])),
                                      identifier: zones[task % zones.count], dayStartHour: task % 3 + 3)
            #expect(Array(result.dropLast()) == Self.instants.map { fresh.dayNumber(ofSecondsSince1970: $0) })
        }
    }

    @Test("the cache is bounded: when full, a calendar used since the hand last passed it stays, an unused one goes")
    func bounded() throws {
        let cache = StudyCalendarCache(capacity: 3)
        func key(_ hour: Int) -> StudyCalendarCache.Key { .init(timeZoneIdentifier: "UTC", dayStartHour: hour) }
        for hour in 0 ..< 3 { cache.store(try StudyCalendar(timeZoneIdentifier: "UTC", dayStartHour: hour), for: key(hour)) }
        #expect(cache.calendar(for: key(0)) != nil)   // used: survives the next eviction
        cache.store(try StudyCalendar(timeZoneIdentifier: "UTC", dayStartHour: 3), for: key(3))
        #expect(cache.calendar(for: key(0)) != nil)
        #expect(cache.calendar(for: key(1)) == nil)
        for hour in 4 ..< 20 { cache.store(try StudyCalendar(timeZoneIdentifier: "UTC", dayStartHour: hour), for: key(hour)) }
        let statistics = cache.statistics
        #expect(statistics.count == 3)
        #expect(statistics.evictions == 17)
    }
}

@Suite("A time zone's offsets are read once per process, whatever the day-start hour")
struct TimeZoneOffsetTableTests {
    @Test("calendars of one zone with every day-start hour share one offset table, and agree with tables built afresh")
    func oneTablePerZone() throws {
        let zone = "America/Punta_Arenas"
        let calendars = try (0 ..< 24).map { try StudyCalendar(timeZoneIdentifier: zone, dayStartHour: $0) }
        for calendar in calendars.dropFirst() {
            #expect(calendar.offsets.isSameTable(as: calendars[0].offsets))
        }
        let byZone = try StudyCalendar(timeZone: #require(TimeZone(identifier: "Asia/Tehran")), dayStartHour: 7)
        let byIdentifier = try StudyCalendar(timeZoneIdentifier: "Asia/Tehran", dayStartHour: 2)
        #expect(byZone.offsets.isSameTable(as: byIdentifier.offsets))
        let fresh = try StudyCalendar(building: #require(TimeZone(identifier: zone)), identifier: zone, dayStartHour: 6)
        #expect(!fresh.offsets.isSameTable(as: calendars[0].offsets))
        for seconds in StudyCalendarCacheTests.instants {
            #expect(calendars[6].dayNumber(ofSecondsSince1970: seconds) == fresh.dayNumber(ofSecondsSince1970: seconds))
            #expect(calendars[6].startSecondsSince1970(ofDay: calendars[6].dayNumber(ofSecondsSince1970: seconds))
                    == fresh.startSecondsSince1970(ofDay: fresh.dayNumber(ofSecondsSince1970: seconds)))
        }
    }
}

@Suite("The start of a study day: the shortcut far from a clock change agrees with the search")
struct StudyDayStartTests {
    /// The search the calendar does near a change of offset, from the public look-ups alone.
    static func searched(_ calendar: StudyCalendar, day: Int) -> Double {
        let localStart = Double(day) * 86_400 + Double(calendar.dayStartHour * 3600)
        var guess = localStart - Double(calendar.utcOffset(atSecondsSince1970: localStart))
        for _ in 0..<2 {
            let candidate = localStart - Double(calendar.utcOffset(atSecondsSince1970: guess))
            if candidate == guess { break }
            guess = candidate
        }
        while calendar.dayNumber(ofSecondsSince1970: guess) < day { guess += 60 }
        while calendar.dayNumber(ofSecondsSince1970: guess - 60) >= day { guess -= 60 }
        return guess
    }

    @Test("every day of 1965-2045 in zones with daylight saving, skipped and repeated hours, odd offsets, and UTC",
          arguments: ["UTC", "America/New_York", "Europe/London", "Australia/Lord_Howe", "America/Santiago", "Asia/Tehran",
                      "Pacific/Chatham", "America/St_Johns", "Asia/Kathmandu", "Africa/Casablanca", "America/Havana"])
    func agrees(zone: String) throws {
        for hour in [0, 2, 4, 23] {
            let calendar = try StudyCalendar(timeZoneIdentifier: zone, dayStartHour: hour)
            for day in -1_826 ..< 27_394 {
                let start = calendar.startSecondsSince1970(ofDay: day)
                let expected = Self.searched(calendar, day: day)
                if start != expected {
                    Issue.record("\(zone) hour \(hour) day \(day): \(start) vs \(expected)")
                    return
                }
            }
        }
    }
}
