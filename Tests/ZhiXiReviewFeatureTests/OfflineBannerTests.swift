import Foundation
import Testing
import ZhiXiApp
import ZhiXiAppTestSupport
import ZhiXiDomain
import ZhiXiModel
import ZhiXiReviewFeature
import ZhiXiTestServer

/// The offline banner says what happened: the server not reached, its failure, its refusal,
/// its unreadable answer — in the language of the page.
@Suite("The offline banner says why", .serialized)
@MainActor
struct OfflineBannerTests {
    /// What goes wrong with the review tasks' request, and the banner each language shows.
    struct Case: Sendable, CustomStringConvertible {
        let description: String
        let fault: TestServerFault
        let times: Int?
        let cause: OfflineCause
        let chinese: String
        let english: String
    }

    nonisolated static let cases: [Case] = [
        Case(description: "a refusal (409)", fault: .respond(.error(409, code: "CONFLICT", message: "try again")), times: 1,
             cause: .refused(status: 409, message: "try again"),
             chinese: "服务器拒绝了这次请求：这是本机根据已保存的学习记录排出的计划，完成记录已保存在本机，之后会再次同步。",
             english: "The server refused the request: this plan was made on this device from your saved learning; what you mark done is kept on the device and sent again later."),
        // The request and its one retry.
        Case(description: "a server error (503)", fault: .respond(.error(503, code: "UNAVAILABLE", message: "maintenance")), times: 2,
             cause: .serverError(status: 503),
             chinese: "服务器暂时出了问题：这是本机根据已保存的学习记录排出的计划，完成记录会在服务器恢复后自动同步。",
             english: "The server has a problem: this plan was made on this device from your saved learning, and what you mark done is sent when the server is back."),
        Case(description: "an unreadable answer", fault: .malformedJSON, times: 1, cause: .malformedAnswer,
             chinese: "服务器返回的数据无法读取：这是本机根据已保存的学习记录排出的计划，完成记录已保存在本机，之后会再次同步。",
             english: "The server's answer could not be read: this plan was made on this device from your saved learning; what you mark done is kept on the device and sent again later."),
        // Every time (the client may resend on a fresh connection as well as retry).
        Case(description: "no answer", fault: .closeConnection, times: nil, cause: .unreachable,
             chinese: "暂时连不上服务器：这是本机根据已保存的学习记录排出的计划，完成记录会在联网后自动同步。",
             english: "The server cannot be reached: this plan was made on this device from your saved learning, and what you mark done is sent when the network is back."),
    ]

    @Test("the review plan made on the device says why, in Chinese and in English", arguments: cases)
    func reviewPlanBanner(_ example: Case) async throws {
        for language in AppLanguage.allCases {
            let fixture = try AppFixture()
            defer { fixture.tearDown() }
            let plan = try await fixture.launch(language: language).makeReviewPlanViewModel()
            await plan.load()
            let online = try #require(plan.uiState.screen)

            fixture.api.server.faults.inject(example.fault, method: "GET", path: "/api/review-tasks", times: example.times)
            await plan.load()
            let offline = try #require(plan.uiState.screen)
            #expect(offline.isOffline && offline.ids == online.ids)
            let wording = LearnerWording.forLanguage(language)
            #expect(offline.offlineMessage == wording.offlineMessage(for: example.cause))
            #expect(offline.offlineMessage == (language == .english ? example.english : example.chinese), "\(example) in \(language)")
        }
    }

    @Test("the study home made on the device says why too")
    func studyHomeBanner() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch()
        let home = app.makeStudyHomeViewModel()
        await home.load()
        fixture.api.server.faults.inject(.respond(.error(403, code: "FORBIDDEN", message: "no")), method: "GET", path: "/api/review-tasks")
        await home.load()
        guard case .success(let screen) = home.uiState else {
            Issue.record("the home is \(home.uiState)")
            return
        }
        #expect(screen.isOffline && screen.offlineMessage == LearnerWording.chinese.offlineBannerRefused)
    }

    @Test("the cause a repository's failure stands for")
    func causes() {
        #expect(OfflineCause(.unreachable) == .unreachable)
        #expect(OfflineCause(.serverError(status: 502)) == .serverError(status: 502))
        #expect(OfflineCause(.refused(status: 404, message: "gone")) == .refused(status: 404, message: "gone"))
        #expect(OfflineCause(.malformedAnswer) == .malformedAnswer)
        #expect(OfflineCause(.signedOut) == nil && OfflineCause(.storage(reason: "disk")) == nil && OfflineCause(.cancelled) == nil)
        #expect(LearnerWording.english.offlineMessage(for: nil) == LearnerWording.english.offlineBanner, "an unknown cause: not reached")
    }
}
