import Foundation
import Testing
import ZhiXiCore
import ZhiXiPlanner

/// `plan`'s dates name their year when it is not the plan's: across New Year, and with a
/// `--now` whose year the plan's days leave.
@Suite("zhixi-review plan: a date of another year shows its year")
struct PlanYearTests {
    static let sample = packageRoot.appendingPathComponent("data/sample-workspace.json").path

    /// Every `Mon D` or `Mon D, YYYY` date the English text shows, with its year if written.
    static func englishDates(_ text: String) -> [(month: String, year: String?)] {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        var found: [(String, String?)] = []
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        for (index, word) in words.enumerated() where months.contains(word) && index + 1 < words.count {
            let day = words[index + 1]
            guard let first = day.first, first.isNumber else { continue }
            let next = index + 2 < words.count ? words[index + 2].prefix(4) : ""
            let year = day.hasSuffix(",") && next.count == 4 && next.allSatisfy(\.isNumber) ? String(next) : nil
            found.append((word, year))
        }
        return found
    }

    @Test("a plan across New Year: January's dates say 2027, December's none, in English and in Chinese")
    func acrossNewYear() async throws {
        let options = ["--now", "2026-12-27T01:00:00Z", "--days", "21"]
        let english = await run(["plan", Self.sample, "--lang", "en"] + options)
        #expect(english.status == 0, "\(english.error)")
        let dates = Self.englishDates(english.output)
        #expect(dates.contains { $0.month == "Jan" }, "the plan reaches January 2027")
        for date in dates {
            #expect(date.year == (date.month == "Jan" || date.month == "Feb" ? "2027" : nil), "\(date)")
        }
        #expect(english.output.contains(", 2027"))
        let chinese = await run(["plan", Self.sample, "--lang", "zh"] + options)
        #expect(chinese.status == 0)
        #expect(chinese.output.contains("2027年1月"))
        #expect(!chinese.output.contains("2026年"), "this year's dates without their year")
        #expect(chinese.output.contains("12月27日"))
    }

    @Test("on New Year's Eve: the title's date has no year; tomorrow's reasons say Jan 1, 2027, in the text and in the JSON")
    func newYearsEve() async throws {
        let options = ["--now", "2026-12-31T01:00:00Z", "--days", "7", "--lang", "en"]
        let text = await run(["plan", Self.sample] + options)
        #expect(text.status == 0, "\(text.error)")
        #expect(text.output.split(separator: "\n").first?.contains("Thu Dec 31 ·") == true, "\(text.output.prefix(120))")
        let dates = Self.englishDates(text.output)
        #expect(dates.contains { $0.month == "Jan" && $0.year == "2027" })
        #expect(dates.allSatisfy { $0.year == ($0.month == "Jan" ? "2027" : nil) }, "November's and December's dates are of 2026")
        let json = await run(["plan", Self.sample, "--format", "json"] + options)
        #expect(json.status == 0 && json.output.contains("On Jan 1, 2027 you should still recall"))
    }

    @Test("PlanWording: a date of the current year without it, of another with it; without a current year, never")
    func wording() {
        let january = CivilDate(year: 2027, month: 1, day: 4), december = CivilDate(year: 2026, month: 12, day: 28)
        let english = PlanWording.english.inYear(2026), chinese = PlanWording.chinese.inYear(2026)
        #expect(english.date(january) == "Jan 4, 2027" && english.date(december) == "Dec 28")
        #expect(english.dateWithWeekday(january) == "Mon Jan 4, 2027" && english.dateWithWeekday(december) == "Mon Dec 28")
        #expect(chinese.date(january) == "2027年1月4日" && chinese.date(december) == "12月28日")
        #expect(chinese.dateWithWeekday(january) == "2027年1月4日（周一）")
        #expect(PlanWording.english.date(january) == "Jan 4")
        var text = UTF8Text(capacity: 16)
        english.appendDate(january, to: &text)
        #expect(text.string == "Jan 4, 2027")
    }
}
