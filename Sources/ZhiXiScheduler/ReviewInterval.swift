/// How long a review sends a card away: whole days (a review interval, or a (re)learning step
/// that ends on a later study day), or seconds (a (re)learning step within the day). What an
/// answer button is labelled with ("10m", "3d").
public enum ReviewInterval: Sendable, Hashable {
    /// Whole days: the card is due at the start of the study day this many days ahead.
    case days(Int)
    /// Seconds: the card is due again later the same day.
    case seconds(Int)

    /// The days of ``days(_:)``; `nil` for ``seconds(_:)``.
    @inlinable public var days: Int? {
        if case .days(let days) = self { return days }
        return nil
    }

    /// The seconds of ``seconds(_:)``; `nil` for ``days(_:)``.
    @inlinable public var seconds: Int? {
        if case .seconds(let seconds) = self { return seconds }
        return nil
    }
}
