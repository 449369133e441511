import Foundation

/// The planner's output for a learner: review tasks grouped by when they fall, the JSON
/// of `zhixi-review plan --format json`.
///
/// Absent groups decode as `[]`.
public struct ReviewPlan: Sendable, Codable, Hashable {
    /// When the plan was made.
    public var generatedAt: Date
    /// The IANA time zone identifier the days were counted in, such as `"Asia/Shanghai"`.
    public var timezone: String
    /// Tasks for the current study day (今天).
    public var today: [PlannedReviewTask]
    /// Tasks for the next study day (明天).
    public var tomorrow: [PlannedReviewTask]
    /// Tasks for the rest of the current week (本周), after tomorrow.
    public var thisWeek: [PlannedReviewTask]
    /// Tasks after this week.
    public var later: [PlannedReviewTask]

    /// Creates a plan.
    public init(
        generatedAt: Date,
        timezone: String,
        today: [PlannedReviewTask] = [],
        tomorrow: [PlannedReviewTask] = [],
        thisWeek: [PlannedReviewTask] = [],
        later: [PlannedReviewTask] = []
    ) {
        self.generatedAt = generatedAt
        self.timezone = timezone
        self.today = today
        self.tomorrow = tomorrow
        self.thisWeek = thisWeek
        self.later = later
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case generatedAt, timezone, today, tomorrow, thisWeek, later
    }
}

extension ReviewPlan: ModelDecodable {
    static let decoding = ModelDecoding(template: ReviewPlan(generatedAt: Date(timeIntervalSince1970: 0), timezone: ""),
                                        required: [.generatedAt, .timezone])

    mutating func decodeField<Source: ModelFieldSource>(_ key: CodingKeys, from source: inout Source) throws(Source.Failure) {
        switch key {
        case .generatedAt: generatedAt = try source.read()
        case .timezone: timezone = try source.read()
        case .today: today = try source.read()
        case .tomorrow: tomorrow = try source.read()
        case .thisWeek: thisWeek = try source.read()
        case .later: later = try source.read()
        }
    }
}
