import Foundation

/// The body of `POST review-tasks/{id}/complete`: `{"completedAt": "2026-11-29T09:30:00Z"}`,
/// when the learner did the review (not when it reached the server).
package struct CompleteReviewTaskRequest: Sendable, Codable, Hashable {
    /// When the learner did the review.
    package var completedAt: Date

    /// Creates the body.
    package init(completedAt: Date) {
        self.completedAt = completedAt
    }
}
