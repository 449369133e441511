import Foundation
import ZhiXiCore

/// A preset (Anki's "deck options", `deck_config`): the scheduling settings its decks share.
package struct AnkiPreset: Sendable, Hashable {
    /// The preset's id (1 is the Default preset).
    package var id: Int64
    /// Its name.
    package var name: String
    /// The FSRS-6 parameters (21 numbers) when the preset has them.
    package var fsrsParameters6: [Double]
    /// The FSRS-5 parameters (19 numbers) kept from an earlier Anki, if any.
    package var fsrsParameters5: [Double]
    /// The FSRS-4.5 parameters (17 numbers) kept from an earlier Anki, if any.
    package var fsrsParameters4: [Double]
    /// The probability of recall to aim for (0.9 when unset).
    package var desiredRetention: Double
    /// The learning steps, in minutes.
    package var learningStepsMinutes: [Double]
    /// The relearning steps, in minutes.
    package var relearningStepsMinutes: [Double]
    /// The longest interval, in days.
    package var maximumIntervalDays: Int
    /// "Ignore reviews before", `YYYY-MM-DD`, or empty.
    package var ignoreReviewsBefore: String
    /// New cards a day.
    package var newCardsPerDay: Int
    /// Reviews a day.
    package var reviewsPerDay: Int
    /// Easy days: a factor per weekday, Monday first (empty when the preset has none).
    package var easyDaysPercentages: [Double]
    /// "Historical retention" (`historical_retention`, the legacy `sm2Retention`): the retention
    /// Anki assumes for reviews made before FSRS, when it infers a first memory from an SM-2
    /// interval (0.9 when unset).
    package var historicalRetention: Double
    /// Whether siblings of review cards are buried (`bury_reviews`): the load balancer then
    /// keeps a card away from its siblings' days.
    package var buriesReviews: Bool

    /// Creates a preset.
    package init(id: Int64, name: String, fsrsParameters6: [Double] = [], fsrsParameters5: [Double] = [],
                fsrsParameters4: [Double] = [], desiredRetention: Double = 0.9, learningStepsMinutes: [Double] = [1, 10],
                relearningStepsMinutes: [Double] = [10], maximumIntervalDays: Int = 36_500, ignoreReviewsBefore: String = "",
                newCardsPerDay: Int = 20, reviewsPerDay: Int = 200, easyDaysPercentages: [Double] = [],
                historicalRetention: Double = 0.9, buriesReviews: Bool = false) {
        self.id = id
        self.name = name
        self.fsrsParameters6 = fsrsParameters6
        self.fsrsParameters5 = fsrsParameters5
        self.fsrsParameters4 = fsrsParameters4
        self.desiredRetention = desiredRetention
        self.learningStepsMinutes = learningStepsMinutes
        self.relearningStepsMinutes = relearningStepsMinutes
        self.maximumIntervalDays = maximumIntervalDays
        self.ignoreReviewsBefore = ignoreReviewsBefore
        self.newCardsPerDay = newCardsPerDay
        self.reviewsPerDay = reviewsPerDay
        self.easyDaysPercentages = easyDaysPercentages
        self.historicalRetention = historicalRetention
        self.buriesReviews = buriesReviews
    }

    /// The parameters Anki schedules with, as Anki picks them: the FSRS-6 ones when present,
    /// else FSRS-5's, else FSRS-4.5's; empty means FSRS-6's defaults.
    package var fsrsParameters: [Double] {
        if !fsrsParameters6.isEmpty { return fsrsParameters6 }
        if !fsrsParameters5.isEmpty { return fsrsParameters5 }
        return fsrsParameters4
    }

    /// "Ignore reviews before" as Anki reads it: midnight UTC of that date, in milliseconds
    /// since 1970; `nil` when unset or not a date in the years 1900–2200.
    package var ignoreReviewsBeforeMilliseconds: Int64? {
        let parts = ignoreReviewsBefore.split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              SupportedYears.range.contains(year), (1 ... 12).contains(month), (1 ... 31).contains(day) else { return nil }
        var components = DateComponents()
        components.year = year
        components.month = month
        components.day = day
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: components) else { return nil }
        return Int64(date.timeIntervalSince1970 * 1000)
    }
}
