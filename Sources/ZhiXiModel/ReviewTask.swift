import Foundation

/// A dated review of a lesson for a learner: what kind of review, and when.
///
/// Absent `status` decodes as ``ReviewTaskStatus/pending``.
public struct ReviewTask: Sendable, Codable, Hashable, Identifiable {
    /// The id of the task.
    public var id: String
    /// The id of the learner's ``User``.
    public var userID: String
    /// The id of the ``Lesson`` to review.
    public var lessonID: String
    /// The id of the ``LearningSession`` that led to this task, if any.
    public var sourceSessionID: String?
    /// The kind of review.
    public var reviewType: ReviewType
    /// When the review is planned for.
    public var scheduledAt: Date
    /// When the learner did it, if they have.
    public var completedAt: Date?
    /// Where the task stands.
    public var status: ReviewTaskStatus

    /// Creates a review task.
    public init(
        id: String,
        userID: String,
        lessonID: String,
        sourceSessionID: String? = nil,
        reviewType: ReviewType,
        scheduledAt: Date,
        completedAt: Date? = nil,
        status: ReviewTaskStatus = .pending
    ) {
        self.id = id
        self.userID = userID
        self.lessonID = lessonID
        self.sourceSessionID = sourceSessionID
        self.reviewType = reviewType
        self.scheduledAt = scheduledAt
        self.completedAt = completedAt
        self.status = status
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, reviewType, scheduledAt, completedAt, status
        case userID = "userId"
        case lessonID = "lessonId"
        case sourceSessionID = "sourceSessionId"
    }

    /// Decodes a task; absent `status` is pending.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            userID: try container.decode(String.self, forKey: .userID),
            lessonID: try container.decode(String.self, forKey: .lessonID),
            sourceSessionID: try container.decodeIfPresent(String.self, forKey: .sourceSessionID),
            reviewType: try container.decode(ReviewType.self, forKey: .reviewType),
            scheduledAt: try container.decode(Date.self, forKey: .scheduledAt),
            completedAt: try container.decodeIfPresent(Date.self, forKey: .completedAt),
            status: try container.decodeIfPresent(ReviewTaskStatus.self, forKey: .status) ?? .pending
        )
    }
}

extension ReviewTask: JSONByteDecodable {
    private static let byteKeys = JSONKeyTable<CodingKeys>()

    /// Reads a task with the same rules as ``init(from:)``.
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        var object = try reader.beginObject(Self.byteKeys)
        var id: String?, userID: String?, lessonID: String?, sourceSessionID: String?
        var reviewType: ReviewType?, scheduledAt: Date?, completedAt: Date?, status: ReviewTaskStatus?
        while let key = try reader.nextField(&object) {
            do throws(JSONReadFailure) {
                switch key {
                case .id: id = try reader.read(String.self)
                case .userID: userID = try reader.read(String.self)
                case .lessonID: lessonID = try reader.read(String.self)
                case .sourceSessionID: sourceSessionID = try reader.readOptional(String.self)
                case .reviewType: reviewType = try reader.read(ReviewType.self)
                case .scheduledAt: scheduledAt = try reader.read(Date.self)
                case .completedAt: completedAt = try reader.readOptional(Date.self)
                case .status: status = try reader.readOptional(ReviewTaskStatus.self)
                }
            } catch {
                throw object.annotate(error)
            }
        }
        self.id = try object.required(id, .id)
        self.userID = try object.required(userID, .userID)
        self.lessonID = try object.required(lessonID, .lessonID)
        self.sourceSessionID = sourceSessionID
        self.reviewType = try object.required(reviewType, .reviewType)
        self.scheduledAt = try object.required(scheduledAt, .scheduledAt)
        self.completedAt = completedAt
        self.status = status ?? .pending
    }
}
