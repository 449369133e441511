/// The collection-wide settings Anki keeps that scheduling depends on.
package struct AnkiCollectionSettings: Sendable, Hashable {
    /// "Next day starts at": the local hour a new study day begins (Anki's `rollover`,
    /// 4 when unset).
    package var rolloverHour: Int
    /// The UTC offset when the collection was created, in minutes west of UTC (Anki's
    /// `creationOffset`; New York in winter is 300), when kept.
    package var creationOffsetMinutesWest: Int?
    /// The UTC offset Anki last saw on the learner's machine, in minutes west of UTC (Anki's
    /// `localOffset`), when kept.
    package var localOffsetMinutesWest: Int?
    /// Whether FSRS is on (`fsrs`).
    package var fsrsEnabled: Bool
    /// Whether the load balancer is on (`loadBalancerEnabled`; on unless turned off).
    package var loadBalancerEnabled: Bool
    /// How far ahead learning cards may be shown, in seconds (`collapseTime`, 1200 when unset).
    package var learnAheadSeconds: Int
    /// "Short-term scheduling with learning steps" (`fsrsShortTermWithStepsEnabled`; off when
    /// unset): FSRS may keep a card for less than half a day even where steps are set.
    package var shortTermWithSteps: Bool

    /// Creates settings.
    package init(rolloverHour: Int = 4, creationOffsetMinutesWest: Int? = nil, localOffsetMinutesWest: Int? = nil,
                fsrsEnabled: Bool = false, loadBalancerEnabled: Bool = true, learnAheadSeconds: Int = 1200,
                shortTermWithSteps: Bool = false) {
        self.rolloverHour = rolloverHour
        self.creationOffsetMinutesWest = creationOffsetMinutesWest
        self.localOffsetMinutesWest = localOffsetMinutesWest
        self.fsrsEnabled = fsrsEnabled
        self.loadBalancerEnabled = loadBalancerEnabled
        self.learnAheadSeconds = learnAheadSeconds
        self.shortTermWithSteps = shortTermWithSteps
    }
}
