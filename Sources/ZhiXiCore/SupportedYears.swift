/// The years a date may fall in anywhere the package reads one — a workspace, a review log, a
/// command-line option, a server's answer: 1900 to 2200. No learner studied before 1900 or
/// will after 2200, and every date inside prints as a plain four-digit ISO-8601 year (a
/// calendar, a log, a terminal), so a date outside is refused where it is read, naming where
/// it came from, instead of printing as `+10000-…` or costing centuries of planning.
@usableFromInline package enum SupportedYears {
    /// The first and last year accepted.
    @usableFromInline package static let range: ClosedRange<Int> = 1900 ... 2200
    /// The earliest instant accepted: 1900-01-01T00:00:00Z, in seconds since 1970.
    @usableFromInline package static let earliestSecondsSince1970: Double = -2_208_988_800
    /// The first instant refused at the late end: 2201-01-01T00:00:00Z, in seconds since 1970.
    @usableFromInline package static let limitSecondsSince1970: Double = 7_289_654_400
    /// The days from the first instant accepted to the first refused: 109,938 — no interval
    /// between two accepted dates is longer.
    @usableFromInline package static let spanDays = 109_938
    /// `1900–2200`, for messages.
    @usableFromInline package static let description = "\(range.lowerBound)–\(range.upperBound)"

    /// Whether the instant `secondsSince1970` falls in the supported years. O(1).
    @inlinable
    package static func contains(secondsSince1970 seconds: Double) -> Bool {
        seconds >= earliestSecondsSince1970 && seconds < limitSecondsSince1970
    }

    /// Whether the day falls in the supported years. O(1).
    @inlinable
    package static func contains(_ date: CivilDate) -> Bool {
        range.contains(date.year)
    }
}
