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

    /// Decodes a plan; absent groups are `[]`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            generatedAt: try container.decode(Date.self, forKey: .generatedAt),
            timezone: try container.decode(String.self, forKey: .timezone),
            today: try container.decodeIfPresent([PlannedReviewTask].self, forKey: .today) ?? [],
            tomorrow: try container.decodeIfPresent([PlannedReviewTask].self, forKey: .tomorrow) ?? [],
            thisWeek: try container.decodeIfPresent([PlannedReviewTask].self, forKey: .thisWeek) ?? [],
            later: try container.decodeIfPresent([PlannedReviewTask].self, forKey: .later) ?? []
        )
    }
}
