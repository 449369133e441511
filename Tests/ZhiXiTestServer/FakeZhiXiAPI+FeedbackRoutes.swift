import ZhiXiModel
import ZhiXiServices

extension FakeZhiXiAPI {
    /// `POST feedback`.
    func registerFeedbackRoutes() {
        server.route("POST", "/api/feedback") { [self] request in
            withLearner(request) { user, learner, now in
                guard let body = request.decodeBody(FeedbackRequest.self) else {
                    return .error(400, code: "INVALID_REQUEST", message: "the body must be a FeedbackRequest")
                }
                guard !body.content.isEmpty, body.rating.map({ (1 ... 5).contains($0) }) ?? true else {
                    return .error(400, code: "INVALID_REQUEST", message: "content must not be empty and rating must be 1 to 5")
                }
                let feedback = Feedback(id: makeID("feedback"), userID: user.id, category: body.category, content: body.content,
                                        rating: body.rating, sessionID: body.sessionID, analysisID: body.analysisID, createdAt: now)
                learner.feedback.append(feedback)
                return .json(feedback, status: 201)
            }
        }
    }
}
