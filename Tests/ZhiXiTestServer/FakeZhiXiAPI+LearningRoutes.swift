import Foundation
import ZhiXiModel
import ZhiXiServices

extension FakeZhiXiAPI {
    /// `GET learning/sessions?since=ISO&cursor=C` (paged, oldest first by the time the server
    /// recorded them), `POST learning/sessions` (an `Idempotency-Key` honoured: see
    /// ``idempotent(_:route:userID:_:)``).
    func registerLearningRoutes() {
        server.route("GET", "/api/learning/sessions") { [self] request in
            withLearner(request) { _, learner, _ in
                switch Self.since(request) {
                case .failure(let refusal): return refusal.response
                case .success(let since):
                    let sessions = learner.sessions
                        .filter { since == nil || FakeLearner.recordedAt($0) >= since! }
                        .sorted { (FakeLearner.recordedAt($0), $0.id) < (FakeLearner.recordedAt($1), $1.id) }
                    return page(sessions, request: request)
                }
            }
        }
        server.route("POST", "/api/learning/sessions") { [self] request in
            withLearner(request) { user, learner, now in idempotent(request, route: "learning/sessions", userID: user.id) {
                guard let new = request.decodeBody(NewLearningSession.self) else {
                    return .error(400, code: "INVALID_REQUEST", message: "the body must be a NewLearningSession")
                }
                guard learner.lessons.contains(where: { $0.id == new.lessonID }) else {
                    return .error(404, code: "LESSON_NOT_FOUND", message: "no lesson has the id '\(new.lessonID)'")
                }
                let session = LearningSession(id: makeID("session"), userID: user.id, lessonID: new.lessonID, startedAt: new.startedAt,
                                              endedAt: new.endedAt, userInput: new.userInput, reviewType: new.reviewType, createdAt: now)
                learner.sessions.append(session)
                return .json(session, status: 201)
            } }
        }
    }
}
