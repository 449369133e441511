import Foundation
import Testing
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiReading
import ZhiXiServices

/// One type of the contract and its golden JSON.
struct GoldenCase: Sendable, CustomTestStringConvertible {
    /// The golden file, without `.json`.
    let file: String
    /// The type's name, for messages.
    let typeName: String
    /// The members the type writes beside the golden ones (its extras at their defaults),
    /// as paths such as `lessonIds` or `user.onboardingCompleted`.
    let extras: Set<String>
    /// Decodes the JSON with the contract's decoder and encodes the value again; and says
    /// whether decoding the re-encoded JSON gives the same value.
    let roundTrip: @Sendable (Data) throws -> (encoded: Data, sameValue: Bool)

    var testDescription: String { "\(typeName) (\(file).json)" }

    static func of<Value: Codable & Equatable & Sendable>(_ type: Value.Type, _ file: String, extras: Set<String> = []) -> GoldenCase {
        GoldenCase(file: file, typeName: String(describing: Value.self), extras: extras) { data in
            try roundTripValue(Value.self, data)
        }
    }

    private static func roundTripValue<Value: Codable & Equatable>(_ type: Value.Type, _ data: Data) throws -> (encoded: Data, sameValue: Bool) {
        let value = try ZhiXiJSON.makeDecoder().decode(type, from: data)
        let encoded = try ZhiXiJSON.makeEncoder().encode(value)
        return (encoded, try ZhiXiJSON.makeDecoder().decode(type, from: encoded) == value)
    }
}

@Suite("The JSON contract: each type decodes its golden JSON (the design's field list) and writes it back")
struct GoldenContractTests {
    static let cases: [GoldenCase] = [
        .of(User.self, "User"),
        .of(AppleLoginRequest.self, "AppleLoginRequest"),
        .of(AppleLoginRequest.self, "AppleLoginRequest-without-code"),
        .of(AuthResponse.self, "AuthResponse", extras: ["tokenType"]),
        .of(TokenRefreshRequest.self, "TokenRefreshRequest"),
        .of(KnowledgeBase.self, "KnowledgeBase"),
        .of(LearningPath.self, "LearningPath", extras: ["lessonIds"]),
        .of(Lesson.self, "Lesson"),
        .of(LearningSession.self, "LearningSession"),
        .of(AIAnalysis.self, "AIAnalysis"),
        .of(ReviewTask.self, "ReviewTask"),
        .of(Feedback.self, "Feedback"),
        .of(UserLearningProfile.self, "UserLearningProfile"),
        .of(ReadingEventUploadItem.self, "ReadingEventUploadItem"),
        .of(ReadingEventBatchRequest.self, "ReadingEventBatchRequest"),
        .of(ReadingEventBatchResponse.self, "ReadingEventBatchResponse"),
        .of(ReadingProgress.self, "ReadingProgress"),
        .of(ContinueLearningItem.self, "ContinueLearningItem"),
        .of(ContinueLearningItem.self, "ContinueLearningItem-none"),
        .of(APIPage<LearningSession>.self, "Page-LearningSession"),
        .of(APIPage<AIAnalysis>.self, "Page-AIAnalysis-last"),
        .of(NewLearningSession.self, "NewLearningSession"),
        .of(AnalysisRequest.self, "AnalysisRequest"),
        .of(ChatRequest.self, "ChatRequest"),
        .of(ChatReply.self, "ChatReply"),
        .of(OnboardingRequest.self, "OnboardingRequest"),
        .of(FeedbackRequest.self, "FeedbackRequest"),
        .of(LearningSummary.self, "LearningSummary"),
        .of([DailyActivity].self, "DailyActivity"),
        .of(CompleteReviewTaskRequest.self, "CompleteReviewTaskRequest"),
    ]

    @Test("decodes, writes the same members back (no other but its declared extras), and reads back the same value", arguments: cases)
    func roundTrip(_ golden: GoldenCase) throws {
        let data = try GoldenJSON.data(golden.file)
        let (encoded, sameValue) = try golden.roundTrip(data)
        #expect(sameValue, "\(golden.typeName): the value read back differs")
        let expected = try GoldenJSON.object(golden.file)
        let actual = try JSONSerialization.jsonObject(with: encoded, options: [.fragmentsAllowed])
        #expect(GoldenJSON.differences(expected: expected, actual: actual) == [], "\(golden.typeName) writes other values")
        let unexpected = GoldenJSON.paths(actual).subtracting(GoldenJSON.paths(expected)).subtracting(golden.extras)
        #expect(unexpected.isEmpty, "\(golden.typeName) writes members the contract does not have: \(unexpected.sorted())")
    }

    @Test("every golden file is used by a case")
    func everyFileUsed() throws {
        let directory = try #require(Bundle.module.url(forResource: "Golden", withExtension: nil))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }
        #expect(!files.isEmpty)
        #expect(Set(files.map { String($0.dropLast(5)) }) == Set(Self.cases.map(\.file)))
    }
}
