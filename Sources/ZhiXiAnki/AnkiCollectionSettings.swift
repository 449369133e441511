/// The collection-wide settings Anki keeps that scheduling depends on.
public struct AnkiCollectionSettings: Sendable, Hashable {
    /// "Next day starts at": the local hour a new study day begins (Anki's `rollover`,
    /// 4 when unset).
    public var rolloverHour: Int
    /// The UTC offset when the collection was created, in minutes west of UTC (Anki's
    /// `creationOffset`; New York in winter is 300), when kept.
    public var creationOffsetMinutesWest: Int?
    /// The UTC offset Anki last saw on the learner's machine, in minutes west of UTC (Anki's
    /// `localOffset`), when kept.
    public var localOffsetMinutesWest: Int?
    /// Whether FSRS is on (`fsrs`).
    public var fsrsEnabled: Bool
    /// Whether the load balancer is on (`loadBalancerEnabled`; on unless turned off).
    public var loadBalancerEnabled: Bool
    /// How far ahead learning cards may be shown, in seconds (`collapseTime`, 1200 when unset).
    public var learnAheadSeconds: Int

    /// Creates settings.
    public init(rolloverHour: Int = 4, creationOffsetMinutesWest: Int? = nil, localOffsetMinutesWest: Int? = nil,
                fsrsEnabled: Bool = false, loadBalancerEnabled: Bool = true, learnAheadSeconds: Int = 1200) {
        self.rolloverHour = rolloverHour
        self.creationOffsetMinutesWest = creationOffsetMinutesWest
        self.localOffsetMinutesWest = localOffsetMinutesWest
        self.fsrsEnabled = fsrsEnabled
        self.loadBalancerEnabled = loadBalancerEnabled
        self.learnAheadSeconds = learnAheadSeconds
    }
}
