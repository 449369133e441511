import Foundation
import ZhiXiCore
import ZhiXiModel
import ZhiXiScheduler

/// The value of a `--now`: an instant (`2026-11-30T09:00:00+08:00`), or a date
/// (`2026-11-30`) meaning the start of that study day in the learner's time zone — the
/// day-start hour of that date, where the learner's study days begin — so that a date
/// always plans the day it names, whatever the zone.
enum MomentArgument: Sendable, Hashable {
    /// An instant given with its time and offset.
    case instant(Date)
    /// A date: the start of that study day on the calendar the moment is read on.
    case studyDay(CivilDate)

    /// The instant on `calendar`: the instant itself, or the start of the study day.
    func date(on calendar: StudyCalendar) -> Date {
        switch self {
        case .instant(let date): date
        case .studyDay(let day): calendar.start(ofDay: day.daysSince1970)
        }
    }

    /// The instant for a learner: the instant itself, or the start of the study day in their
    /// time zone and day-start hour (`timeZone` and `dayStart` when given, else the profile's).
    /// A zone that is not one leaves the day's start in UTC; the planner then refuses the zone.
    func date(for workspace: LearnerWorkspace, timeZone: String?, dayStart: Int?) -> Date {
        guard case .studyDay = self else { return date(on: .utc) }
        let calendar = try? StudyCalendar(timeZoneIdentifier: timeZone ?? workspace.profile.timeZone,
                                          dayStartHour: dayStart ?? workspace.profile.dayStartHour)
        return date(on: calendar ?? .utc)
    }

    /// An ISO-8601 timestamp with its offset, or a date `YYYY-MM-DD`, in the years the package
    /// works with (`SupportedYears`, 1900–2200); `nil` for anything else.
    @Sendable static func parse(_ text: String) -> MomentArgument? {
        if let date = ISO8601Timestamp.date(from: text) {
            return SupportedYears.contains(secondsSince1970: date.timeIntervalSince1970) ? .instant(date) : nil
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.utf8.count == 10, let day = CivilDate(iso8601Date: trimmed),
              SupportedYears.contains(day) else { return nil }
        return .studyDay(day)
    }
}

extension CommandOption where Value == MomentArgument {
    /// A moment: an ISO-8601 time with its offset, or a date for the start of that study day
    /// in the learner's time zone.
    static func moment(_ name: String) -> CommandOption<MomentArgument> {
        CommandOption(name: name, placeholder: "ISO-8601|DATE", defaultDescription: nil, isFlag: false, isRepeatable: false, example: "2026-11-30",
                      expectation: OptionExpectation("moment", ["years": SupportedYears.description]),
                      parse: MomentArgument.parse)
    }

    /// A moment as ``moment(_:)`` reads it, the run's current time (``CommandContext/now``)
    /// when not given (the help says so in the words of its `Help` file).
    static func moment(defaultingToNow name: String) -> DefaultedOption<MomentArgument> {
        moment(name).defaulting(shown: nil) { .instant($0.now) }
    }
}
