import Foundation
import ZhiXiModel

/// The body of `POST learning/sessions`: what the learner did, before the server gives it an
/// id. `{"lessonId", "startedAt", "endedAt", "userInput", "reviewType"}`; `endedAt` and
/// `reviewType` may be absent.
package struct NewLearningSession: Sendable, Codable, Hashable {
    /// The lesson studied.
    package var lessonID: String
    /// When the session began.
    package var startedAt: Date
    /// When it ended, if it has.
    package var endedAt: Date?
    /// What the learner wrote: what they recalled, or their explanation in their own words.
    package var userInput: String
    /// The kind of review the session was, if it was one; `nil` for first study.
    package var reviewType: ReviewType?

    /// Creates the body.
    package init(lessonID: String, startedAt: Date, endedAt: Date? = nil, userInput: String, reviewType: ReviewType? = nil) {
        self.lessonID = lessonID
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.userInput = userInput
        self.reviewType = reviewType
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case lessonID = "lessonId"
        case startedAt, endedAt, userInput, reviewType
    }
}
