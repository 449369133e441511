import ZhiXiCore
import ZhiXiLocalization
import ZhiXiModel

/// The days of a simulation as a reader sees them: calendar dates when day 1 has one (a
/// learner's log or workspace, or `--now`), else day numbers from 1. Text and charts name days
/// through it, so that both say the same.
struct SimulationDates {
    /// The date of day 1, if any.
    let firstDate: CivilDate?
    /// The words of the dates in sentences (`29 Nov 2026`, `2026年11月29日`); the chart's ticks
    /// are English (``monthNames``), as the chart is.
    var words = AppLanguage.english.localization

    /// The English month names of the calendar wording (`Common.strings`): `Jan` … `Dec`.
    static let monthNames = AppLanguage.english.localization.monthNames

    /// The same days, named in `words`' language.
    func named(in words: Localization) -> SimulationDates {
        var dates = self
        dates.words = words
        return dates
    }

    /// The date of `day` (from 0), if the run has dates.
    func date(_ day: Int) -> CivilDate? { firstDate.map { CivilDate(daysSince1970: $0.daysSince1970 + day) } }

    private func month(_ date: CivilDate) -> String { words.monthNames[date.month - 1] }

    /// `29 Nov 2026`, or `day 1` without dates (`day` from 0).
    func name(_ day: Int) -> String {
        guard let date = date(day) else { return words.sentence("simulate.day", in: .commands, ["day": String(day + 1)]) }
        return words.sentence("simulate.date", in: .commands, ["day": String(date.day), "month": month(date), "year": String(date.year)])
    }

    /// `5–11 Dec 2026`, `29 Nov–5 Dec 2026`, `28 Dec 2026–3 Jan 2027`, or `days 1–7`.
    func range(_ days: Range<Int>) -> String {
        guard let last = days.last else { return "" }
        guard let from = date(days.lowerBound), let to = date(last) else {
            return days.count == 1 ? name(days.lowerBound)
                : words.sentence("simulate.days", in: .commands, ["from": String(days.lowerBound + 1), "to": String(last + 1)])
        }
        if days.count == 1 { return name(days.lowerBound) }
        if from.year != to.year { return words.sentence("simulate.dateRange", in: .commands, ["from": name(days.lowerBound), "to": name(last)]) }
        var values = ["fromDay": String(from.day), "toDay": String(to.day), "year": String(to.year)]
        if from.month == to.month {
            values["month"] = month(to)
            return words.sentence("simulate.dateRange.month", in: .commands, values)
        }
        values["fromMonth"] = month(from)
        values["toMonth"] = month(to)
        return words.sentence("simulate.dateRange.year", in: .commands, values)
    }

    /// At most `limit` days by name, then how many more: `3 Dec 2026, 10 Dec 2026 and 4 more`.
    func list(_ days: [Int], limit: Int = 5) -> String {
        let shown = days.prefix(limit).map(name).joined(separator: words.text("simulate.listSeparator", in: .commands))
        guard days.count > limit else { return shown }
        return words.sentence("simulate.dateList.more", in: .commands, ["list": shown, "count": String(days.count - limit)])
    }

    /// A short label for a chart's tick on `day` (from 0): `Dec`, `Jan 2027` at a new year or
    /// the first tick; `29 Nov` when `daily`.
    func tickLabel(_ day: Int, first: Bool, daily: Bool) -> String {
        guard let date = date(day) else { return "\(day + 1)" }
        let month = Self.monthNames[date.month - 1]
        if daily { return first || (date.month == 1 && date.day <= 7) ? "\(date.day) \(month) \(date.year)" : "\(date.day) \(month)" }
        return first || date.month == 1 ? "\(month) \(date.year)" : month
    }

    /// Ticks for a chart of `dayCount` days (from 0): the first of each month (every second,
    /// third or sixth month, or each year, on long spans), or each week from day 1 on spans up
    /// to 70 days; without dates, round day numbers. Returns (day from 0, label) pairs.
    func ticks(dayCount: Int, roundTicks: (ClosedRange<Double>) -> [Double]) -> [(day: Int, label: String)] {
        guard let firstDate else {
            return roundTicks(1 ... Double(max(2, dayCount))).map { (Int($0) - 1, "\(Int($0))") }
                .filter { $0.0 >= 0 && $0.0 < max(1, dayCount) }
        }
        if dayCount <= 70 {
            let step = dayCount <= 10 ? 1 : 7
            return Swift.stride(from: 0, to: dayCount, by: step).enumerated().map { ($0.element, tickLabel($0.element, first: $0.offset == 0, daily: true)) }
        }
        let months = dayCount / 30
        let every = months <= 14 ? 1 : months <= 28 ? 2 : months <= 42 ? 3 : months <= 84 ? 6 : 12 * ((months + 119) / 120)
        var ticks: [(day: Int, label: String)] = []
        var year = firstDate.year, month = firstDate.month
        if firstDate.day != 1 { (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1) }
        while true {
            let day = CivilDate(year: year, month: month, day: 1).daysSince1970 - firstDate.daysSince1970
            if day >= dayCount { break }
            if every < 12, (year * 12 + month - 1) % every == 0 {
                ticks.append((day, tickLabel(day, first: ticks.isEmpty, daily: false)))
            } else if every >= 12, month == 1, year % (every / 12) == 0 {
                ticks.append((day, "\(year)"))
            }
            (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1)
        }
        return ticks
    }
}
