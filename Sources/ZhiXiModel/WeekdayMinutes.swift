/// How many minutes a learner can study on some days of the week: JSON an object keyed
/// `mon`, `tue`, `wed`, `thu`, `fri`, `sat`, `sun` (minutes, 0–1440). A day left out takes the
/// profile's ``UserLearningProfile/dailyMinutes``; 0 is a day without study.
///
/// ```json
/// {"sat": 15, "sun": 0}
/// ```
public struct WeekdayMinutes: Sendable, Codable, Hashable {
    /// Minutes on Mondays, if set.
    public var monday: Int?
    /// Minutes on Tuesdays, if set.
    public var tuesday: Int?
    /// Minutes on Wednesdays, if set.
    public var wednesday: Int?
    /// Minutes on Thursdays, if set.
    public var thursday: Int?
    /// Minutes on Fridays, if set.
    public var friday: Int?
    /// Minutes on Saturdays, if set.
    public var saturday: Int?
    /// Minutes on Sundays, if set.
    public var sunday: Int?

    /// The JSON keys, Sunday first, so that `keys[weekday - 1]` is the key of a Foundation
    /// weekday (1 = Sunday … 7 = Saturday).
    public static let keys = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    /// Minutes for the days given; the others are left out.
    public init(monday: Int? = nil, tuesday: Int? = nil, wednesday: Int? = nil, thursday: Int? = nil, friday: Int? = nil,
                saturday: Int? = nil, sunday: Int? = nil) {
        self.monday = monday
        self.tuesday = tuesday
        self.wednesday = wednesday
        self.thursday = thursday
        self.friday = friday
        self.saturday = saturday
        self.sunday = sunday
    }

    /// The minutes of a weekday, 1 = Sunday … 7 = Saturday (Foundation's numbering); `nil`
    /// when the day is left out. A weekday outside 1–7 reads `nil` and is not written.
    public subscript(weekday weekday: Int) -> Int? {
        get {
            switch weekday {
            case 1: sunday
            case 2: monday
            case 3: tuesday
            case 4: wednesday
            case 5: thursday
            case 6: friday
            case 7: saturday
            default: nil
            }
        }
        set {
            switch weekday {
            case 1: sunday = newValue
            case 2: monday = newValue
            case 3: tuesday = newValue
            case 4: wednesday = newValue
            case 5: thursday = newValue
            case 6: friday = newValue
            case 7: saturday = newValue
            default: break
            }
        }
    }

    /// Whether no day is set.
    public var isEmpty: Bool { (1 ... 7).allSatisfy { self[weekday: $0] == nil } }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case monday = "mon", tuesday = "tue", wednesday = "wed", thursday = "thu", friday = "fri"
        case saturday = "sat", sunday = "sun"
    }
}

extension WeekdayMinutes: ModelDecodable {
    static let decoding = ModelDecoding(template: WeekdayMinutes())

    mutating func decodeField<Source: ModelFieldSource>(_ key: CodingKeys, from source: inout Source) throws(Source.Failure) {
        switch key {
        case .monday: monday = try source.read()
        case .tuesday: tuesday = try source.read()
        case .wednesday: wednesday = try source.read()
        case .thursday: thursday = try source.read()
        case .friday: friday = try source.read()
        case .saturday: saturday = try source.read()
        case .sunday: sunday = try source.read()
        }
    }
}
