/// The settings Anki 26.09 schedules one card with, resolved as Anki resolves them when it
/// answers the card or computes its memory (`card_state_updater` in
/// `rslib/src/scheduler/answering/mod.rs`, `effective_desired_retention` in
/// `rslib/src/decks/mod.rs`):
///
/// - the **home deck**: the card's deck, or while a filtered deck borrows it, the deck it came
///   from (`odid`);
/// - the **preset** of the home deck (Anki's defaults when the deck or the preset is missing);
/// - the **desired retention**: the home deck's own when it has one (deck options, "This
///   deck"), else the preset's; a subdeck does not inherit its parent's;
/// - everything else from the preset: parameters, steps, maximum interval, Easy Days,
///   "ignore reviews before", historical retention, burying of review siblings.
///
/// ``AnkiSettingOverrides`` (a command's flags) replace a setting for every card. `--preset` and
/// `--deck` only choose cards: they never change whose settings apply.
package struct AnkiCardSettings: Sendable, Hashable {
    /// Where the desired retention came from.
    package enum RetentionSource: Sendable, Hashable {
        /// The preset's.
        case preset
        /// The home deck's own.
        case deck
        /// A flag's.
        case flag
    }

    /// The preset that schedules the card (Anki's defaults, id 0 and no name, when its home
    /// deck or the deck's preset is missing).
    package var preset: AnkiPreset
    /// The card's home deck: its deck, or the deck a filtered deck borrowed it from.
    package var homeDeckID: Int64
    /// The FSRS parameters (empty: FSRS-6's defaults): the preset's, or a flag's.
    package var fsrsParameters: [Double]
    /// The desired retention Anki schedules the card with.
    package var desiredRetention: Double
    /// Where ``desiredRetention`` came from.
    package var retentionSource: RetentionSource
    /// The learning and relearning steps, in minutes as Anki stores them.
    package var learningStepsMinutes: [Double]
    package var relearningStepsMinutes: [Double]
    /// The longest interval, in days.
    package var maximumIntervalDays: Int
    /// Which of these a flag set: parameters, steps, maximum interval (the retention says so in
    /// ``retentionSource``).
    package var overridden: Set<AnkiSettingOverrides.Setting>

    /// "Ignore reviews before" of the preset: midnight UTC of its date, in milliseconds since
    /// 1970, or `nil`.
    package var ignoreReviewsBeforeMilliseconds: Int64? { preset.ignoreReviewsBeforeMilliseconds }

    /// The settings of a card of `collection` whose home deck is `homeDeckID`, with `overrides`.
    /// - Complexity: O(log d + log p) for d decks and p presets.
    package init(homeDeckID: Int64, in collection: AnkiCollection, overrides: AnkiSettingOverrides = AnkiSettingOverrides()) {
        let deck = collection.deck(id: homeDeckID)
        let preset = deck.flatMap(\.presetID).flatMap { collection.preset(id: $0) } ?? AnkiPreset(id: 0, name: "")
        self.preset = preset
        self.homeDeckID = homeDeckID
        fsrsParameters = overrides.fsrsParameters ?? preset.fsrsParameters
        if let retention = overrides.desiredRetention {
            desiredRetention = retention
            retentionSource = .flag
        } else if let retention = deck?.desiredRetention {
            desiredRetention = retention
            retentionSource = .deck
        } else {
            desiredRetention = preset.desiredRetention
            retentionSource = .preset
        }
        learningStepsMinutes = overrides.learningStepsMinutes ?? preset.learningStepsMinutes
        relearningStepsMinutes = overrides.relearningStepsMinutes ?? preset.relearningStepsMinutes
        maximumIntervalDays = overrides.maximumIntervalDays ?? preset.maximumIntervalDays
        overridden = overrides.given
    }
}

/// Settings a command's flags give for every card, over what the collection holds.
package struct AnkiSettingOverrides: Sendable, Hashable {
    /// A setting a flag may give.
    package enum Setting: Sendable, Hashable {
        case parameters, retention, learningSteps, relearningSteps, maximumInterval
    }

    /// The FSRS parameters (`--params`).
    package var fsrsParameters: [Double]?
    /// The desired retention (`--retention`).
    package var desiredRetention: Double?
    /// The learning and relearning steps, in minutes.
    package var learningStepsMinutes: [Double]?
    package var relearningStepsMinutes: [Double]?
    /// The longest interval, in days.
    package var maximumIntervalDays: Int?

    /// Overrides; none by default.
    package init(fsrsParameters: [Double]? = nil, desiredRetention: Double? = nil, learningStepsMinutes: [Double]? = nil,
                 relearningStepsMinutes: [Double]? = nil, maximumIntervalDays: Int? = nil) {
        self.fsrsParameters = fsrsParameters
        self.desiredRetention = desiredRetention
        self.learningStepsMinutes = learningStepsMinutes
        self.relearningStepsMinutes = relearningStepsMinutes
        self.maximumIntervalDays = maximumIntervalDays
    }

    /// The settings given.
    package var given: Set<Setting> {
        var settings: Set<Setting> = []
        if fsrsParameters != nil { settings.insert(.parameters) }
        if desiredRetention != nil { settings.insert(.retention) }
        if learningStepsMinutes != nil { settings.insert(.learningSteps) }
        if relearningStepsMinutes != nil { settings.insert(.relearningSteps) }
        if maximumIntervalDays != nil { settings.insert(.maximumInterval) }
        return settings
    }
}

extension AnkiCollection {
    /// The settings Anki schedules `card` with (``AnkiCardSettings``), with a command's flags.
    /// - Complexity: O(log d + log p) for d decks and p presets.
    package func settings(of card: AnkiCard, overrides: AnkiSettingOverrides = AnkiSettingOverrides()) -> AnkiCardSettings {
        AnkiCardSettings(homeDeckID: card.homeDeckID, in: self, overrides: overrides)
    }
}
