import Foundation
import Testing
import ZhiXiCore

@Suite("Civil dates")
struct CivilDateTests {
    @Test("days since 1970 and back agree with Foundation's Gregorian calendar, 1600–2400")
    func agreesWithFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let first = CivilDate(year: 1600, month: 1, day: 1).daysSince1970
        let last = CivilDate(year: 2400, month: 12, day: 31).daysSince1970
        for day in stride(from: first, through: last, by: 97) {
            let date = CivilDate(daysSince1970: day)
            let parts = calendar.dateComponents([.year, .month, .day, .weekday],
                                                from: Date(timeIntervalSince1970: Double(day) * 86_400))
            #expect(date.year == parts.year && date.month == parts.month && date.day == parts.day)
            #expect(date.weekday == parts.weekday)
            #expect(date.daysSince1970 == day)
        }
    }

    @Test("known dates", arguments: [
        (0, "1970-01-01", 5), (-1, "1969-12-31", 4), (11_016, "2000-02-29", 3), (20_421, "2025-11-29", 7),
        (-719_528, "0000-01-01", 7),
    ])
    func knownDates(days: Int, text: String, weekday: Int) {
        let date = CivilDate(daysSince1970: days)
        #expect(date.description == text)
        #expect(date.weekday == weekday)
        #expect(date.isValid)
    }

    @Test("validity: month lengths and leap years")
    func validity() {
        #expect(CivilDate(year: 2024, month: 2, day: 29).isValid)
        #expect(!CivilDate(year: 2025, month: 2, day: 29).isValid)
        #expect(CivilDate(year: 2000, month: 2, day: 29).isValid)
        #expect(!CivilDate(year: 1900, month: 2, day: 29).isValid)
        #expect(!CivilDate(year: 2025, month: 4, day: 31).isValid)
        #expect(!CivilDate(year: 2025, month: 13, day: 1).isValid)
        #expect(!CivilDate(year: 2025, month: 1, day: 0).isValid)
        #expect(CivilDate(year: 2025, month: 1, day: 2) < CivilDate(year: 2025, month: 2, day: 1))
    }
}
