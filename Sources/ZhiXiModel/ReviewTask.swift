import Foundation

/// A dated review of a lesson for a learner: what kind of review, and when.
///
/// JSON, as the app's design has it: `{"id", "userId", "lessonId", "sourceSessionId",
/// "reviewType", "scheduledAt", "completedAt", "status"}`. Absent `status` decodes as
/// ``ReviewTaskStatus/pending``.
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
        case id
        case userID = "userId"
        case lessonID = "lessonId"
        case sourceSessionID = "sourceSessionId"
        case reviewType, scheduledAt, completedAt, status
    }
}

extension ReviewTask: ModelDecodable {
    static let decoding = ModelDecoding(
        template: ReviewTask(id: "", userID: "", lessonID: "", reviewType: .recall, scheduledAt: Date(timeIntervalSince1970: 0)),
        required: [.id, .userID, .lessonID, .reviewType, .scheduledAt])

    @inline(__always)
    mutating func decodeField<Source: ModelFieldSource>(_ key: CodingKeys, from source: inout Source) throws(Source.Failure) {
        switch key {
        case .id: id = try source.read()
        case .userID: userID = try source.read()
        case .lessonID: lessonID = try source.read()
        case .sourceSessionID: sourceSessionID = try source.read()
        case .reviewType: reviewType = try source.read()
        case .scheduledAt: scheduledAt = try source.read()
        case .completedAt: completedAt = try source.read()
        case .status: status = try source.read()
        }
    }
}
