import Foundation
import ZhiXiCore

extension FakeZhiXiAPI {
    /// The `Idempotency-Key` rule of the contract (docs/APP.md), as a server keeps it: the first
    /// request with a key (per learner and route) is done and its answer kept; a later request
    /// with the same key and the same body gets that answer again and does nothing; the same key
    /// with another body is refused with 422 `IDEMPOTENCY_KEY_REUSED`. Requests without a key
    /// are done every time. Call under the lock, from a route's handler (`withLearner`).
    func idempotent(_ request: TestHTTPRequest, route: String, userID: String,
                    _ body: () -> TestHTTPResponse) -> TestHTTPResponse {
        guard let key = request.header("idempotency-key"), !key.isEmpty else { return body() }
        let name = userID + "\u{1F}" + route + "\u{1F}" + key
        let digest = StableHash.fnv1a64(bytes: request.body)
        if let kept = idempotentAnswers[name] {
            guard kept.bodyDigest == digest else {
                return .error(422, code: "IDEMPOTENCY_KEY_REUSED", message: "this Idempotency-Key was used with another request")
            }
            idempotentReplays += 1
            return kept.response
        }
        let response = body()
        // Only what was done is kept: a refusal is not, so a corrected request may use the key.
        if (200 ..< 300).contains(response.status) { idempotentAnswers[name] = (digest, response) }
        return response
    }

    /// Requests answered from a kept answer of their `Idempotency-Key` (nothing done again).
    package var idempotentReplayCount: Int { lock.withLock { idempotentReplays } }
}
