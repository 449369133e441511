/// A review task as the planner outputs it: the ``ReviewTask`` and why it was planned.
///
/// Encoded flat, as one JSON object holding the task's keys and the explanation's keys
/// side by side, so each element also decodes as a plain ``ReviewTask``:
///
/// ```json
/// {"id": "t1", "lessonId": "l1", "reviewType": "recall", "scheduledAt": "…",
///  "predictedRecall": 0.87, "stability": 4.2, "reason": "…", …}
/// ```
public struct PlannedReviewTask: Sendable, Codable, Hashable, Identifiable {
    /// The task.
    public var task: ReviewTask
    /// Why it was planned when it was.
    public var explanation: ReviewTaskExplanation

    /// The task's id.
    public var id: String { task.id }

    /// Pairs a task with its explanation.
    public init(task: ReviewTask, explanation: ReviewTaskExplanation) {
        self.task = task
        self.explanation = explanation
    }

    /// Decodes the task and the explanation from the same JSON object.
    public init(from decoder: any Decoder) throws {
        self.init(task: try ReviewTask(from: decoder), explanation: try ReviewTaskExplanation(from: decoder))
    }

    /// Encodes the task's and the explanation's keys into one JSON object.
    public func encode(to encoder: any Encoder) throws {
        try task.encode(to: encoder)
        try explanation.encode(to: encoder)
    }
}

extension PlannedReviewTask: JSONByteDecodable {
    /// Reads a planned task with `JSONDecoder` (its task and explanation share one object).
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        self = try reader.readWithJSONDecoder(Self.self)
    }
}
