import Foundation

/// The settings a collection holds for the cards of a selection, as the commands take them
/// (each unless a flag of the command overrides it): the preset's, when one preset schedules
/// every chosen card, and the collection's.
package struct AnkiStudySettings: Sendable, Hashable {
    /// The preset whose settings these are, or `nil` when the chosen cards span several
    /// presets (then Anki's defaults stand in for the per-preset settings) or none.
    package var preset: AnkiPreset?
    /// The names of the presets of the chosen cards, when there are several.
    package var presetNames: [String]
    /// The FSRS parameters (empty: FSRS-6's defaults).
    package var fsrsParameters: [Double]
    /// The desired retention.
    package var desiredRetention: Double
    /// The learning and relearning steps, in seconds.
    package var learningStepsSeconds: [Double]
    package var relearningStepsSeconds: [Double]
    /// The longest interval, in days.
    package var maximumIntervalDays: Int
    /// "Ignore reviews before", midnight UTC of the date in milliseconds since 1970, if set.
    package var ignoreReviewsBeforeMilliseconds: Int64?
    /// ``ignoreReviewsBeforeMilliseconds`` as an instant, if set.
    package var ignoreReviewsBefore: Date? { ignoreReviewsBeforeMilliseconds.map { Date(timeIntervalSince1970: Double($0) / 1000) } }
    /// "Next day starts at", the local hour.
    package var rolloverHour: Int
    /// The UTC offset Anki last saw on the learner's machine, in seconds east of UTC (New York
    /// in summer: -14400), or `nil` when the collection keeps none.
    package var utcOffsetSeconds: Int?
    /// Whether FSRS is on in the collection.
    package var fsrsEnabled: Bool
    /// Whether Anki's load balancer is on (collection-wide).
    package var loadBalancerEnabled: Bool
    /// The preset's easy days, a factor per weekday from Monday (empty: none kept).
    package var easyDaysPercentages: [Double]

    /// The settings of `selection`.
    package init(_ selection: AnkiSelection) {
        let preset = selection.preset
        let stand = preset ?? AnkiPreset(id: 0, name: "")
        self.preset = preset
        presetNames = selection.presets.map(\.name)
        fsrsParameters = stand.fsrsParameters
        desiredRetention = stand.desiredRetention
        learningStepsSeconds = stand.learningStepsMinutes.map { $0 * 60 }
        relearningStepsSeconds = stand.relearningStepsMinutes.map { $0 * 60 }
        maximumIntervalDays = stand.maximumIntervalDays
        ignoreReviewsBeforeMilliseconds = stand.ignoreReviewsBeforeMilliseconds
        rolloverHour = selection.settings.rolloverHour
        utcOffsetSeconds = selection.settings.localOffsetMinutesWest.map { -$0 * 60 }
        fsrsEnabled = selection.settings.fsrsEnabled
        loadBalancerEnabled = selection.settings.loadBalancerEnabled
        easyDaysPercentages = stand.easyDaysPercentages
    }

    /// The fixed-offset zone of ``utcOffsetSeconds`` (UTC when the collection keeps none).
    package var timeZone: TimeZone { TimeZone(secondsFromGMT: utcOffsetSeconds ?? 0) ?? TimeZone(identifier: "UTC")! }
}
