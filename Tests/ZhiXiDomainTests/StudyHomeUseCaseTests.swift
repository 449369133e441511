import Foundation
import Testing
import ZhiXiAppTestSupport
import ZhiXiDomain
import ZhiXiModel

/// A learning repository that fails or answers as told.
struct ScriptedLearningRepository: LearningRepository {
    var totals: Result<LearningSummary, RepositoryFailure>
    var reading: ContinueReading?

    func learningTotals() async throws(RepositoryFailure) -> LearningSummary { try totals.get() }
    func continueReading() async -> ContinueReading? { reading }
}

@Suite("The study home's use case")
struct StudyHomeUseCaseTests {
    static let totals = LearningSummary(totalMinutes: 300, sessionCount: 12, lessonCount: 5, averageMastery: 71.5, streakDays: 4, dueReviewCount: 3)

    @Test("the plan, the totals and continue reading together; totals that fail are left out")
    func gathers() async throws {
        let plan = ScriptedReviewRepository.plan(title: "向量")
        let reviews = ScriptedReviewRepository([.init(result: .success(plan))])
        let reading = ContinueReading(materialID: "m", readingTargetType: .knowledgeSource, title: "讲义", progress: 0.5, isFromDevice: false)
        let full = try await StudyHomeUseCase(reviews: reviews, learning: ScriptedLearningRepository(totals: .success(Self.totals), reading: reading))
            .load(now: Date())
        #expect(full == StudyHomeData(plan: plan, totals: Self.totals, continueReading: reading))
        let partial = try await StudyHomeUseCase(reviews: reviews, learning: ScriptedLearningRepository(totals: .failure(.unreachable), reading: nil))
            .load(now: Date())
        #expect(partial.totals == nil && partial.continueReading == nil && partial.plan == plan)
    }

    @Test("the plan's failure is the home's")
    func planFails() async {
        let reviews = ScriptedReviewRepository([.init(result: .failure(.signedOut))])
        await #expect(throws: RepositoryFailure.signedOut) {
            try await StudyHomeUseCase(reviews: reviews, learning: ScriptedLearningRepository(totals: .success(Self.totals))).load(now: Date())
        }
    }
}
