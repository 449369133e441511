import Foundation
import ZhiXiModel
import ZhiXiNetwork
@testable import ZhiXiReading
import ZhiXiTestServer
import ZhiXiTestSupport

/// A new empty directory under the temporary directory.
func temporaryDirectory(_ name: String = "queue") -> URL {
    TemporaryDirectory.child(name, prefix: "zhixi-reading-tests")
}

/// A valid event of `material`, the `sequence`th of its session.
func sampleEvent(_ material: String = "src-1", sequence: Int = 1, type: ReadingEventType = .heartbeat,
                 session: String = "0E984725-C51C-4BF4-9960-E1C80E27ABA0", id: UUID = UUID()) -> ReadingEventUploadItem {
    ReadingEventUploadItem(ReadingEventV2(eventID: id.uuidString, clientSessionID: session, materialID: material,
                                          readingTargetType: .knowledgeSource, eventType: type, position: ReadingPosition(progress: 0.5),
                                          activeSecondsDelta: 15, clientTimestampMs: 1_767_225_600_000 + Int64(sequence) * 1000,
                                          sequence: sequence),
                           appVersion: "1.4.0", clientTimezoneOffsetMinutes: 480)
}

/// A server whose answers the test scripts: each upload is answered by `answer`, which
/// sees the batch and the number of the call (from 1). Continue and progress answers are
/// fixed.
final class ScriptedReadingServer: ReadingServerAPI, @unchecked Sendable {
    typealias Answer = @Sendable (ReadingEventBatchRequest, Int) async throws(APIError) -> ReadingEventBatchResponse
    private let lock = NSLock()
    private var answer: Answer
    private var batches: [ReadingEventBatchRequest] = []
    var continueAnswer: Result<ContinueLearningItem, APIError> = .success(ContinueLearningItem(type: .nothing))
    var progressAnswer: Result<ReadingProgress, APIError> = .failure(.network(.unreachable))

    init(_ answer: @escaping Answer = { batch, _ in ReadingEventBatchResponse(accepted: batch.events.map(\.eventID)) }) {
        self.answer = answer
    }

    /// Every batch received, in order.
    var received: [ReadingEventBatchRequest] {
        lock.lock()
        defer { lock.unlock() }
        return batches
    }

    func setAnswer(_ answer: @escaping Answer) {
        lock.lock()
        self.answer = answer
        lock.unlock()
    }

    func uploadReadingEvents(_ batch: ReadingEventBatchRequest) async throws(APIError) -> ReadingEventBatchResponse {
        let (call, answer) = lock.withLock { () -> (Int, Answer) in
            batches.append(batch)
            return (batches.count, self.answer)
        }
        return try await answer(batch, call)
    }

    func continueLearning() async throws(APIError) -> ContinueLearningItem { try continueAnswer.get() }

    func readingProgress(materialID: String, targetType: ReadingTargetType) async throws(APIError) -> ReadingProgress { try progressAnswer.get() }
}

/// Records the waits a queue asks for instead of waiting.
final class SleepRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Double] = []
    var waits: [Double] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }
    var sleep: @Sendable (Double) async -> Void {
        { [self] seconds in lock.withLock { recorded.append(seconds) } }
    }
}

/// Tokens kept in memory for the test client.
final class MemoryTokenStore: TokenStoreProtocol, @unchecked Sendable {
    private let lock = NSLock()
    private var tokens: AuthTokens?
    init(_ tokens: AuthTokens?) { self.tokens = tokens }
    func loadTokens() -> AuthTokens? { lock.withLock { tokens } }
    func saveTokens(_ tokens: AuthTokens) throws { lock.withLock { self.tokens = tokens } }
    func clearTokens() throws { lock.withLock { tokens = nil } }
}

/// The fake reading server on 127.0.0.1 with a signed-in learner, and an `APIClient` on it.
struct FakeReadingEventServerFixture {
    let fake: FakeReadingEventServer
    let client: APIClient
    let tokens: AuthResponse

    init(limits: TestServerLimits = TestServerLimits(lifetime: 1_800), requestTimeout: Double = TestClientTimeouts.requestSeconds) throws {
        fake = try FakeReadingEventServer(limits: limits)
        tokens = fake.api.signInDirectly(userIdentifier: "reader-\(UUID().uuidString)")
        let store = MemoryTokenStore(AuthTokens(tokens, receivedAt: Date()))
        client = APIClient(baseURL: fake.api.apiBaseURL, tokenStore: store,
                           configuration: APIClientConfiguration(requestTimeout: requestTimeout, resourceTimeout: requestTimeout * 2,
                                                                 retryPolicy: .none))
    }

    var readingServer: APIReadingServer { APIReadingServer(client: client) }
}
