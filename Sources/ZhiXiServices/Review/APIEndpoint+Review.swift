import Foundation
import ZhiXiModel
import ZhiXiNetwork

/// The review-task endpoints of the app's API, relative to a base URL ending in `/api`.
extension APIEndpoint {
    /// `GET review-tasks?status=S&from=D&to=D`: answers `[ReviewTask]`.
    package static func reviewTasks(_ query: ReviewTaskQuery) -> APIEndpoint {
        var items: [URLQueryItem] = []
        if let status = query.status { items.append(URLQueryItem(name: "status", value: status.rawValue)) }
        if let from = query.from { items.append(URLQueryItem(name: "from", value: from.description)) }
        if let to = query.to { items.append(URLQueryItem(name: "to", value: to.description)) }
        return APIEndpoint(method: .get, path: "review-tasks", queryItems: items)
    }

    /// `POST review-tasks/{id}/complete` with `{"completedAt"}`: answers the `ReviewTask`.
    /// Completing twice is completing once, so it may be retried.
    package static func completeReviewTask(id: String, _ body: CompleteReviewTaskRequest) -> APIEndpoint {
        APIEndpoint(method: .post, path: "review-tasks/\(pathSegment(id))/complete", body: body, isIdempotent: true)
    }

    /// `POST review-tasks/{id}/skip`: answers the `ReviewTask`. Idempotent, so it may be retried.
    package static func skipReviewTask(id: String) -> APIEndpoint {
        APIEndpoint(method: .post, path: "review-tasks/\(pathSegment(id))/skip", isIdempotent: true)
    }
}
