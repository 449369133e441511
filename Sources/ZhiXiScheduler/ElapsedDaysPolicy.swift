import Foundation

/// How the scheduler counts the days between two reviews and places due dates in time.
///
/// | | ``twentyFourHourPeriods`` (py-fsrs) | ``studyDays(_:)`` (Anki's scheduler) | ``ankiDays(_:)`` (Anki's FSRS maths) |
/// | --- | --- | --- | --- |
/// | days between two reviews | whole 24-hour periods, `⌊seconds / 86 400⌋` | difference of study-day numbers | difference of days back from one rollover |
/// | same-day review (short-term formula) | less than 24 hours apart | on the same study day | on the same counted day |
/// | due after an interval of `n` days | review time + `n` × 24 hours | start of the study day `n` days after the review's | start of the counted day `n` days after |
/// | due after a (re)learning step | review time + step | review time + step, or the start of its study day if that is a later day | the same, on counted days |
/// | day numbers (load balancing) | UTC days since 1970 | study days of the calendar | counted days (0: the day ending at the rollover) |
///
/// Under study days, a card reviewed at 23:30 with an interval of 1 day is due when the next
/// study day starts (04:00 by default), not 24 hours later, and a review at 03:59 still belongs
/// to the previous study day. A (re)learning step whose end falls on a later study day becomes
/// due at the start of that day, as Anki's inter-day learning (a 1-day step is due tomorrow
/// morning, not at this time tomorrow). Daylight-saving changes are handled by the calendar: a
/// study day may last 23 or 25 hours.
///
/// Twenty-four-hour periods reproduce py-fsrs exactly and are what the conformance tests use;
/// study days are what a learner expects from an app ("due tomorrow" means tomorrow). Anki's
/// own FSRS computations (memory states, fitting, evaluation) count neither way: they count
/// whole days back from the next rollover at the moment of computing, with the one UTC offset
/// in force then (``AnkiDayCount``); across a daylight-saving change that count differs from
/// the calendar's for reviews made within an hour of the rollover, and ``ankiDays(_:)``
/// reproduces it.
///
/// `Codable` as `{"kind": "twentyFourHourPeriods"}`,
/// `{"kind": "studyDays", "timeZone": "Asia/Shanghai", "dayStartHour": 4}` or
/// `{"kind": "ankiDays", "nextDayAt": 1780646400}` (epoch seconds).
public enum ElapsedDaysPolicy: Sendable, Hashable {
    /// Whole 24-hour periods since the previous review, as py-fsrs counts them.
    case twentyFourHourPeriods
    /// Study days of a calendar (time zone and day-start hour), as Anki's scheduler counts them.
    case studyDays(StudyCalendar)
    /// Days back from one rollover, as Anki's FSRS computations count them (``AnkiDayCount``).
    case ankiDays(AnkiDayCount)

    /// Seconds in a 24-hour period.
    public static let secondsPerDay = 86_400.0

    /// The calendar of ``studyDays(_:)``; `nil` for ``twentyFourHourPeriods``.
    @inlinable
    public var calendar: StudyCalendar? {
        switch self {
        case .twentyFourHourPeriods, .ankiDays: nil
        case .studyDays(let calendar): calendar
        }
    }

    /// The day number of an instant: its study day, or for 24-hour periods its UTC day since
    /// 1970-01-01.
    /// - Complexity: O(log t) in the calendar's daylight-saving transitions.
    @inlinable
    public func dayNumber(of date: Date) -> Int {
        dayNumber(ofSecondsSince1970: date.timeIntervalSince1970)
    }

    /// ``dayNumber(of:)`` for an instant in seconds since 1970.
    /// - Complexity: O(1) in 1900–2200, O(log t) outside.
    @inlinable
    public func dayNumber(ofSecondsSince1970 seconds: Double) -> Int {
        switch self {
        case .twentyFourHourPeriods:
            Int((seconds / ElapsedDaysPolicy.secondsPerDay).rounded(.down))
        case .studyDays(let calendar):
            calendar.dayNumber(ofSecondsSince1970: seconds)
        case .ankiDays(let count):
            count.dayNumber(ofSecondsSince1970: seconds)
        }
    }

    /// The days from `earlier` to `later`: whole 24-hour periods (rounded down, as Python's
    /// `timedelta.days`) or the difference of study-day numbers. Negative if `later` is earlier.
    /// - Complexity: O(1) in 1900–2200, O(log t) outside.
    @inlinable
    public func daysBetween(_ earlier: Date, _ later: Date) -> Int {
        switch self {
        case .twentyFourHourPeriods:
            Int(((later.timeIntervalSince1970 - earlier.timeIntervalSince1970) / ElapsedDaysPolicy.secondsPerDay).rounded(.down))
        case .studyDays(let calendar):
            calendar.dayNumber(ofSecondsSince1970: later.timeIntervalSince1970)
                - calendar.dayNumber(ofSecondsSince1970: earlier.timeIntervalSince1970)
        case .ankiDays(let count):
            count.dayNumber(ofSecondsSince1970: later.timeIntervalSince1970)
                - count.dayNumber(ofSecondsSince1970: earlier.timeIntervalSince1970)
        }
    }

    /// When a card reviewed at `reviewDate` and given an interval of `days` whole days is due.
    /// - Complexity: O(1) in 1900–2200, O(log t) outside.
    @inlinable
    public func due(afterIntervalDays days: Int, reviewedAt reviewDate: Date) -> Date {
        let seconds = reviewDate.timeIntervalSince1970
        return Date(timeIntervalSince1970: dueSeconds(afterIntervalDays: days, reviewSeconds: seconds,
                                                      reviewDay: dayNumber(ofSecondsSince1970: seconds)))
    }

    /// When a card reviewed at `reviewDate` and sent to a (re)learning step of `stepSeconds`
    /// seconds is due.
    /// - Complexity: O(1).
    @inlinable
    public func due(afterStepSeconds stepSeconds: Double, reviewedAt reviewDate: Date) -> Date {
        let seconds = reviewDate.timeIntervalSince1970
        return Date(timeIntervalSince1970: dueSeconds(afterStepSeconds: stepSeconds, reviewSeconds: seconds,
                                                      reviewDay: dayNumber(ofSecondsSince1970: seconds)))
    }

    /// The instant (seconds since 1970) at which day `day` starts: the calendar's day start,
    /// or midnight UTC for 24-hour periods.
    /// - Complexity: O(1) in 1900–2200, O(log t) outside.
    @inlinable
    public func startSeconds(ofDay day: Int) -> Double {
        switch self {
        case .twentyFourHourPeriods:
            Double(day) * ElapsedDaysPolicy.secondsPerDay
        case .studyDays(let calendar):
            calendar.startSecondsSince1970(ofDay: day)
        case .ankiDays(let count):
            count.startSeconds(ofDay: day)
        }
    }

    /// ``due(afterIntervalDays:reviewedAt:)`` in seconds since 1970, given the review's day number.
    @inlinable
    func dueSeconds(afterIntervalDays days: Int, reviewSeconds: Double, reviewDay: Int) -> Double {
        switch self {
        case .twentyFourHourPeriods:
            reviewSeconds + Double(days) * ElapsedDaysPolicy.secondsPerDay
        case .studyDays(let calendar):
            calendar.startSecondsSince1970(ofDay: reviewDay + days)
        case .ankiDays(let count):
            count.startSeconds(ofDay: reviewDay + days)
        }
    }

    /// ``due(afterStepSeconds:reviewedAt:)`` in seconds since 1970, given the review's day number.
    @inlinable
    func dueSeconds(afterStepSeconds stepSeconds: Double, reviewSeconds: Double, reviewDay: Int) -> Double {
        let end = reviewSeconds + stepSeconds
        switch self {
        case .twentyFourHourPeriods:
            return end
        case .studyDays(let calendar):
            let endDay = calendar.dayNumber(ofSecondsSince1970: end)
            return endDay > reviewDay ? calendar.startSecondsSince1970(ofDay: endDay) : end
        case .ankiDays(let count):
            let endDay = count.dayNumber(ofSecondsSince1970: end)
            return endDay > reviewDay ? count.startSeconds(ofDay: endDay) : end
        }
    }
}

extension ElapsedDaysPolicy: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case kind, timeZone, dayStartHour, nextDayAt
    }

    /// Decodes the shape described on the type.
    /// - Throws: `DecodingError` for an unknown kind, or a calendar that cannot be built.
    /// - Complexity: As ``StudyCalendar/init(from:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .kind) {
        case "twentyFourHourPeriods": self = .twentyFourHourPeriods
        case "studyDays": self = .studyDays(try StudyCalendar(from: decoder))
        case "ankiDays": self = .ankiDays(AnkiDayCount(nextDayAtSeconds: try container.decode(Int64.self, forKey: .nextDayAt)))
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container,
                debugDescription: "unknown kind '\(other)'; use twentyFourHourPeriods, studyDays or ankiDays")
        }
    }

    /// Encodes the shape described on the type.
    /// - Complexity: O(1).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .twentyFourHourPeriods:
            try container.encode("twentyFourHourPeriods", forKey: .kind)
        case .studyDays(let calendar):
            try container.encode("studyDays", forKey: .kind)
            try calendar.encode(to: encoder)
        case .ankiDays(let count):
            try container.encode("ankiDays", forKey: .kind)
            try container.encode(count.nextDayAtSeconds, forKey: .nextDayAt)
        }
    }
}
