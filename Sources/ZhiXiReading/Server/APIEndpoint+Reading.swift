import Foundation
import ZhiXiNetwork

/// The reading endpoints of the app's API, relative to a base URL ending in `/api`.
extension APIEndpoint {
    /// `POST learning/reading-events/batch` with `{"events": […]}`: answers a
    /// ``ReadingEventBatchResponse``. Not retried by the client: the upload queue keeps its
    /// own retry policy.
    package static func uploadReadingEvents(_ batch: ReadingEventBatchRequest) -> APIEndpoint {
        APIEndpoint(method: .post, path: "learning/reading-events/batch", body: batch)
    }

    /// `GET learning/continue`: what the learner was reading last (``ContinueLearningItem``).
    package static var continueLearning: APIEndpoint { APIEndpoint(method: .get, path: "learning/continue") }

    /// `GET materials/{id}/reading-progress?targetType=T`: where the server says the learner
    /// is in a material (``ReadingProgress``).
    package static func readingProgress(materialID: String, targetType: ReadingTargetType) -> APIEndpoint {
        APIEndpoint(method: .get, path: "materials/\(pathSegment(materialID))/reading-progress",
                    queryItems: [URLQueryItem(name: "targetType", value: targetType.rawValue)])
    }
}
