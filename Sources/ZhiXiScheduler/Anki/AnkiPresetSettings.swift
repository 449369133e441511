import ZhiXiMemory

/// The settings of an Anki preset (deck options) that decide the four buttons of an FSRS card.
@usableFromInline package struct AnkiPresetSettings: Sendable, Hashable {
    /// The preset's FSRS parameters (Anki's empty list: the FSRS-6 defaults).
    @usableFromInline package var parameters: FSRSParameters
    /// The desired retention (the deck's own, when it has one, overrides the preset's); Anki
    /// holds it as a `Float`, and so is it used here.
    @usableFromInline package var desiredRetention: Double
    /// Learning steps in minutes, as Anki stores them (`new.delays`).
    @usableFromInline package var learningStepsMinutes: [Float]
    /// Relearning steps in minutes (`lapse.delays`).
    @usableFromInline package var relearningStepsMinutes: [Float]
    /// The maximum interval in days (`rev.maxIvl`; below 1 counts as 1).
    @usableFromInline package var maximumIntervalDays: Int
    /// The collection's "short-term scheduling with learning steps" switch
    /// (`fsrsShortTermWithStepsEnabled`): when on, FSRS may keep a card in (re)learning for
    /// less than half a day even where steps are set; off by default.
    @usableFromInline package var shortTermWithSteps: Bool

    /// Settings; every argument but the parameters has Anki's default.
    /// - Complexity: O(steps) for the arrays given.
    @usableFromInline package init(parameters: FSRSParameters = .default, desiredRetention: Double = 0.9,
                learningStepsMinutes: [Float] = [1, 10], relearningStepsMinutes: [Float] = [10],
                maximumIntervalDays: Int = 36_500, shortTermWithSteps: Bool = false) {
        self.parameters = parameters
        self.desiredRetention = desiredRetention
        self.learningStepsMinutes = learningStepsMinutes
        self.relearningStepsMinutes = relearningStepsMinutes
        self.maximumIntervalDays = maximumIntervalDays
        self.shortTermWithSteps = shortTermWithSteps
    }

    /// Whether FSRS may schedule within the day at all: its short-term weights `w17` and `w18`
    /// are both positive (`fsrs_allow_short_term`).
    @inlinable package var allowsShortTerm: Bool {
        parameters.weights.count > 18 && parameters.weights[17] > 0 && parameters.weights[18] > 0
    }
}
