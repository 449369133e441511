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
        case timeZone, dayStartHour, dailyMinutes, desiredRetention, preferredLanguage
        case userID = "userId"
        case firstWeekday, updatedAt, weekdayMinutes, breaks
    }

    /// Decodes a profile; absent (or `null`) settings take the defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            userID: try container.decode(String.self, forKey: .userID),
            timeZone: try container.decodeIfPresent(String.self, forKey: .timeZone) ?? Self.defaultTimeZone,
            dayStartHour: try container.decodeIfPresent(Int.self, forKey: .dayStartHour) ?? Self.defaultDayStartHour,
            dailyMinutes: try container.decodeIfPresent(Int.self, forKey: .dailyMinutes) ?? Self.defaultDailyMinutes,
            desiredRetention: try container.decodeIfPresent(Double.self, forKey: .desiredRetention)
                ?? Self.defaultDesiredRetention,
            preferredLanguage: try container.decodeIfPresent(String.self, forKey: .preferredLanguage),
            firstWeekday: try container.decodeIfPresent(Int.self, forKey: .firstWeekday),
            updatedAt: try container.decodeIfPresent(Date.self, forKey: .updatedAt),
            weekdayMinutes: try container.decodeIfPresent(WeekdayMinutes.self, forKey: .weekdayMinutes),
            breaks: try container.decodeIfPresent([StudyBreak].self, forKey: .breaks)
        )
    }
}

extension UserLearningProfile: JSONByteDecodable {
    private static let byteKeys = JSONKeyTable<CodingKeys>()

    /// Reads a profile with the same rules as ``init(from:)``.
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        var object = try reader.beginObject(Self.byteKeys)
        var userID: String?, timeZone: String?, dayStartHour: Int?, dailyMinutes: Int?
        var desiredRetention: Double?, preferredLanguage: String?, firstWeekday: Int?, updatedAt: Date?
        var weekdayMinutes: WeekdayMinutes?, breaks: [StudyBreak]?
        while let key = try reader.nextField(&object) {
            do throws(JSONReadFailure) {
                switch key {
                case .userID: userID = try reader.read(String.self)
                case .timeZone: timeZone = try reader.readOptional(String.self)
                case .dayStartHour: dayStartHour = try reader.readOptional(Int.self)
                case .dailyMinutes: dailyMinutes = try reader.readOptional(Int.self)
                case .desiredRetention: desiredRetention = try reader.readOptional(Double.self)
                case .preferredLanguage: preferredLanguage = try reader.readOptional(String.self)
                case .firstWeekday: firstWeekday = try reader.readOptional(Int.self)
                case .updatedAt: updatedAt = try reader.readOptional(Date.self)
                case .weekdayMinutes: weekdayMinutes = try reader.readOptional(WeekdayMinutes.self)
                case .breaks: breaks = try reader.readOptionalArray(of: StudyBreak.self)
                }
            } catch {
                throw object.annotate(error)
            }
        }
        self.userID = try object.required(userID, .userID)
        self.timeZone = timeZone ?? Self.defaultTimeZone
        self.dayStartHour = dayStartHour ?? Self.defaultDayStartHour
        self.dailyMinutes = dailyMinutes ?? Self.defaultDailyMinutes
        self.desiredRetention = desiredRetention ?? Self.defaultDesiredRetention
        self.preferredLanguage = preferredLanguage
        self.firstWeekday = firstWeekday
        self.updatedAt = updatedAt
        self.weekdayMinutes = weekdayMinutes
        self.breaks = breaks
    }
}
