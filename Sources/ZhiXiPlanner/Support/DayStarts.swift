import Foundation
import ZhiXiScheduler

/// The start of every study day from the first to the last of some days, computed once each
/// (a plan's tasks fall on few distinct days); days outside are computed on demand.
struct DayStarts: Sendable {
    let calendar: StudyCalendar
    let first: Int
    let starts: [Date]

    init<Days: Sequence<Int>>(calendar: StudyCalendar, days: Days) {
        self.calendar = calendar
        var low = Int.max, high = Int.min
        for day in days {
            low = min(low, day)
            high = max(high, day)
        }
        if low <= high, high - low < 200_000 {
            first = low
            starts = (low ... high).map { calendar.start(ofDay: $0) }
        } else {
            first = 0
            starts = []
        }
    }

    func start(ofDay day: Int) -> Date {
        let offset = day - first
        return offset >= 0 && offset < starts.count ? starts[offset] : calendar.start(ofDay: day)
    }
}
