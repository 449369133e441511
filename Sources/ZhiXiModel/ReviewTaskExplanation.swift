import Foundation

/// Why the planner scheduled a review task when it did: the memory model's view of the
/// lesson and any move made to fit the learner's daily budget, a break or a request.
public struct ReviewTaskExplanation: Sendable, Codable, Hashable {
    /// The probability of recall (0–1) that the memory model predicts at the scheduled time.
    public var predictedRecall: Double
    /// The memory's stability, in days: how long until recall falls to 90 %.
    public var stability: Double
    /// The lesson's difficulty for this learner, 1 (easiest) to 10 (hardest).
    public var difficulty: Double
    /// How long the review should take, in minutes.
    public var estimatedMinutes: Int
    /// When the memory model says the review is due, before any move for capacity.
    public var dueAt: Date
    /// The weak point the review practises, for weak-point reviews.
    public var weakPoint: String?
    /// The id of the ``AIAnalysis`` that prompted the review, if any.
    public var sourceAnalysisID: String?
    /// The lesson's title, for display, if known.
    public var lessonTitle: String?
    /// Why the review was planned, in words a learner or designer can read.
    public var reason: String
    /// The day the review was moved away from because that day was full; `nil` if not moved.
    public var deferredFrom: Date?
    /// The day the review fell on before it was moved for a break or on request (a later
    /// day when it was brought forward); `nil` if it was not.
    public var movedFrom: Date?
    /// Why it was moved from ``movedFrom``; `nil` if it was not.
    public var move: ReviewTaskMove?

    /// Creates an explanation.
    public init(
        predictedRecall: Double,
        stability: Double,
        difficulty: Double,
        estimatedMinutes: Int,
        dueAt: Date,
        weakPoint: String? = nil,
        sourceAnalysisID: String? = nil,
        lessonTitle: String? = nil,
        reason: String,
        deferredFrom: Date? = nil,
        movedFrom: Date? = nil,
        move: ReviewTaskMove? = nil
    ) {
        self.predictedRecall = predictedRecall
        self.stability = stability
        self.difficulty = difficulty
        self.estimatedMinutes = estimatedMinutes
        self.dueAt = dueAt
        self.weakPoint = weakPoint
        self.sourceAnalysisID = sourceAnalysisID
        self.lessonTitle = lessonTitle
        self.reason = reason
        self.deferredFrom = deferredFrom
        self.movedFrom = movedFrom
        self.move = move
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case predictedRecall, stability, difficulty, estimatedMinutes, dueAt, weakPoint
        case sourceAnalysisID = "sourceAnalysisId"
        case lessonTitle, reason, deferredFrom, movedFrom, move
    }
}

extension ReviewTaskExplanation: ModelDecodable {
    static let decoding = ModelDecoding(
        template: ReviewTaskExplanation(predictedRecall: 0, stability: 0, difficulty: 0, estimatedMinutes: 0,
                                        dueAt: Date(timeIntervalSince1970: 0), reason: ""),
        required: [.predictedRecall, .stability, .difficulty, .estimatedMinutes, .dueAt, .reason])

    mutating func decodeField<Source: ModelFieldSource>(_ key: CodingKeys, from source: inout Source) throws(Source.Failure) {
        switch key {
        case .predictedRecall: predictedRecall = try source.read()
        case .stability: stability = try source.read()
        case .difficulty: difficulty = try source.read()
        case .estimatedMinutes: estimatedMinutes = try source.read()
        case .dueAt: dueAt = try source.read()
        case .weakPoint: weakPoint = try source.read()
        case .sourceAnalysisID: sourceAnalysisID = try source.read()
        case .lessonTitle: lessonTitle = try source.read()
        case .reason: reason = try source.read()
        case .deferredFrom: deferredFrom = try source.read()
        case .movedFrom: movedFrom = try source.read()
        case .move: move = try source.read()
        }
    }
}
