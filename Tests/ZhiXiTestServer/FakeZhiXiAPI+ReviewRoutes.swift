import Foundation
import ZhiXiCore
import ZhiXiModel
import ZhiXiServices

extension FakeZhiXiAPI {
    /// `GET review-tasks?status=S&from=D&to=D` (days in the learner's time zone, both ends
    /// included), `POST review-tasks/{id}/complete` with `{"completedAt"}` and
    /// `POST review-tasks/{id}/skip`, both idempotent: completing a completed task keeps its
    /// first `completedAt`; a cancelled task is gone (410), a completed one cannot be skipped
    /// (409), an unknown one is 404.
    func registerReviewRoutes() {
        server.route("GET", "/api/review-tasks") { [self] request in
            withLearner(request) { _, learner, _ in
                var zone = Calendar(identifier: .gregorian)
                zone.timeZone = TimeZone(identifier: learner.profile.timeZone) ?? .gmt
                var bounds: [CivilDate?] = []
                for name in ["from", "to"] {
                    guard let text = request.query[name] else {
                        bounds.append(nil)
                        continue
                    }
                    guard let date = CivilDate(iso8601Date: text) else {
                        return .error(400, code: "INVALID_REQUEST", message: "\(name) '\(text)' is not a date such as 2026-11-29")
                    }
                    bounds.append(date)
                }
                let status = request.query["status"].map(ReviewTaskStatus.init(rawValue:))
                let tasks = learner.reviewTasks.filter { task in
                    let parts = zone.dateComponents([.year, .month, .day], from: task.scheduledAt)
                    let day = CivilDate(year: parts.year!, month: parts.month!, day: parts.day!)
                    return (status == nil || task.status == status) && (bounds[0].map { day >= $0 } ?? true)
                        && (bounds[1].map { day <= $0 } ?? true)
                }
                return .json(tasks.sorted { ($0.scheduledAt, $0.id) < ($1.scheduledAt, $1.id) })
            }
        }
        server.route("POST", "/api/review-tasks/{id}/complete") { [self] request in
            withLearner(request) { _, learner, _ in
                guard let body = request.decodeBody(CompleteReviewTaskRequest.self) else {
                    return .error(400, code: "INVALID_REQUEST", message: "the body must be {\"completedAt\": …}")
                }
                return changeTask(request, in: &learner) { task in
                    switch task.status {
                    case .completed: return nil
                    case .cancelled: return .error(410, code: "TASK_CANCELLED", message: "the task was cancelled")
                    default:
                        task.status = .completed
                        task.completedAt = body.completedAt
                        countCompletion()
                        return nil
                    }
                }
            }
        }
        server.route("POST", "/api/review-tasks/{id}/skip") { [self] request in
            withLearner(request) { _, learner, _ in
                changeTask(request, in: &learner) { task in
                    switch task.status {
                    case .skipped: return nil
                    case .completed: return .error(409, code: "TASK_COMPLETED", message: "the task is completed and cannot be skipped")
                    case .cancelled: return .error(410, code: "TASK_CANCELLED", message: "the task was cancelled")
                    default:
                        task.status = .skipped
                        return nil
                    }
                }
            }
        }
    }

    /// Applies `change` to the task of the request's `{id}`: its refusal, or the task after it.
    private func changeTask(_ request: TestHTTPRequest, in learner: inout FakeLearner,
                            _ change: (inout ReviewTask) -> TestHTTPResponse?) -> TestHTTPResponse {
        let id = request.pathParameters["id"] ?? ""
        guard let index = learner.reviewTasks.firstIndex(where: { $0.id == id }) else {
            return .error(404, code: "TASK_NOT_FOUND", message: "no review task has the id '\(id)'")
        }
        if let refusal = change(&learner.reviewTasks[index]) { return refusal }
        return .json(learner.reviewTasks[index])
    }
}
