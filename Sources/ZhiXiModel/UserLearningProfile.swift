import Foundation

/// A learner's study settings: their clock, their daily budget and how much they want to
/// remember.
///
/// Absent keys decode as the defaults: time zone `"UTC"`, day start 04:00, 30 minutes a
/// day, desired retention 0.9, the same minutes every day of the week, no breaks.
public struct UserLearningProfile: Sendable, Codable, Hashable {
    /// The default time zone identifier, `"UTC"`.
    public static let defaultTimeZone = "UTC"
    /// The default hour a study day starts at, 4 (04:00, Anki's "next day starts at").
    public static let defaultDayStartHour = 4
    /// The default daily study budget, 30 minutes.
    public static let defaultDailyMinutes = 30
    /// The default desired retention, 0.9.
    public static let defaultDesiredRetention = 0.9

    /// The id of the learner's ``User``.
    public var userID: String
    /// The learner's time zone, an IANA identifier such as `"Asia/Shanghai"`.
    public var timeZone: String
    /// The local hour (0–23) at which a new study day starts.
    public var dayStartHour: Int
    /// How long the learner wants to study each day, in minutes.
    public var dailyMinutes: Int
    /// The probability of recall (0–1) at which reviews are scheduled.
    public var desiredRetention: Double
    /// The language the learner prefers, as a BCP-47 tag such as `"zh-Hans"`, if set.
    public var preferredLanguage: String?
    /// The first day of the week for grouping by calendar week, 1 = Sunday … 7 = Saturday;
    /// `nil` for the locale's custom.
    public var firstWeekday: Int?
    /// When the settings were last changed, if known.
    public var updatedAt: Date?
    /// Minutes for some days of the week, if they differ from ``dailyMinutes`` (0: a day
    /// without study); `nil` when every day has ``dailyMinutes``.
    public var weekdayMinutes: WeekdayMinutes?
    /// Days the learner will be away, if any: nothing is planned on them.
    public var breaks: [StudyBreak]?

    /// Creates a profile; omitted settings take the defaults.
    public init(
        userID: String,
        timeZone: String = UserLearningProfile.defaultTimeZone,
        dayStartHour: Int = UserLearningProfile.defaultDayStartHour,
        dailyMinutes: Int = UserLearningProfile.defaultDailyMinutes,
        desiredRetention: Double = UserLearningProfile.defaultDesiredRetention,
        preferredLanguage: String? = nil,
        firstWeekday: Int? = nil,
        updatedAt: Date? = nil,
        weekdayMinutes: WeekdayMinutes? = nil,
        breaks: [StudyBreak]? = nil
    ) {
        self.userID = userID
        self.timeZone = timeZone
        self.dayStartHour = dayStartHour
        self.dailyMinutes = dailyMinutes
        self.desiredRetention = desiredRetention
        self.preferredLanguage = preferredLanguage
        self.firstWeekday = firstWeekday
        self.updatedAt = updatedAt
        self.weekdayMinutes = weekdayMinutes
        self.breaks = breaks
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case userID = "userId"
        case timeZone, dayStartHour, dailyMinutes, desiredRetention, preferredLanguage, firstWeekday, updatedAt
        case weekdayMinutes, breaks
    }
}

extension UserLearningProfile: ModelDecodable {
    static let decoding = ModelDecoding(template: UserLearningProfile(userID: ""), required: [.userID])

    mutating func decodeField<Source: ModelFieldSource>(_ key: CodingKeys, from source: inout Source) throws(Source.Failure) {
        switch key {
        case .userID: userID = try source.read()
        case .timeZone: timeZone = try source.read()
        case .dayStartHour: dayStartHour = try source.read()
        case .dailyMinutes: dailyMinutes = try source.read()
        case .desiredRetention: desiredRetention = try source.read()
        case .preferredLanguage: preferredLanguage = try source.read()
        case .firstWeekday: firstWeekday = try source.read()
        case .updatedAt: updatedAt = try source.read()
        case .weekdayMinutes: weekdayMinutes = try source.read()
        case .breaks: breaks = try source.read()
        }
    }
}
