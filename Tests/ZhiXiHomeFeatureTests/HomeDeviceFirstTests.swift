import Foundation
import Testing
import ZhiXiApp
import ZhiXiAppTestSupport
import ZhiXiDomain
import ZhiXiHomeFeature
import ZhiXiModel
import ZhiXiReading
import ZhiXiTestServer

/// The study home opens from the device, and its continue card is the server's word.
@Suite("StudyHomeViewModel: the device first; continue reading as the server says", .serialized)
@MainActor
struct HomeDeviceFirstTests {
    @Test("a relaunch shows today's tasks kept at once, then the server's home after three requests at once")
    func warmStart() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        StudyHomeViewModelTests.read(fixture)
        let first = try await fixture.launch().makeStudyHomeViewModel()
        await first.load()
        let online = try #require(first.uiState.screen)

        let app = try await fixture.launch()
        let home = app.makeStudyHomeViewModel()
        let start = fixture.api.server.totalRequestCount
        let gate = TestServerGate(count: 4)
        for path in ["/api/review-tasks", "/api/learning/summary", "/api/learning/continue"] {
            fixture.api.server.faults.inject(.hold(gate), method: "GET", path: path, times: 1)
        }
        let loading = Task { await home.load() }
        #expect(await eventually { home.uiState.screen != nil })
        let kept = try #require(home.uiState.screen)
        #expect(home.isRefreshing && kept.todayTasks.map(\.id) == online.todayTasks.map(\.id) && kept.todayMinutes == online.todayMinutes)
        #expect(kept.summary == nil && kept.continueReading == nil, "the server's word comes with the server")
        #expect(await eventually { gate.arrivals == 3 }, "the three requests go at once")
        #expect(Set(fixture.api.server.receivedRequests.dropFirst(start).map(\.route)) == ["/api/review-tasks", "/api/learning/summary",
                                                                                           "/api/learning/continue"])
        gate.open()
        await loading.value
        #expect(!home.isRefreshing && home.uiState.screen == online)
    }

    @Test("continue reading: the server's answer (with the type the reader needs); the device's own only when the server cannot be asked")
    func continueCard() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch()
        // Read on the device while the server is down: the events wait, the position is the device's.
        fixture.networkDown()
        let reader = app.makeReaderViewModel(material: ReadingMaterial(materialID: "tmp-notes", kind: .temporaryFile, title: "课堂笔记"))
        await reader.open()
        await reader.updateLocation(ReadingLocation(progress: 0.3))
        await reader.close()
        fixture.networkBack()

        // The server has nothing of this learner's reading yet: no card, though the device read.
        let home = app.makeStudyHomeViewModel()
        await home.load()
        #expect(home.uiState.screen?.continueReading == nil)

        // The server cannot be asked: the device's own record.
        // (Every attempt: the client may send a GET again on a connection closed unanswered.)
        fixture.api.server.faults.inject(.closeConnection, method: "GET", path: "/api/learning/continue", times: nil)
        let offline = app.makeStudyHomeViewModel()
        await offline.load()
        let fromDevice = try #require(offline.uiState.screen?.continueReading)
        #expect(fromDevice.materialID == "tmp-notes" && fromDevice.title == "课堂笔记" && fromDevice.progress == 0.3)
        #expect(fromDevice.material == ReadingMaterial(materialID: "tmp-notes", kind: .temporaryFile, title: "课堂笔记"),
                "the card has what the reader needs to open it")
        fixture.networkBack()

        // Uploaded: the server's answer, with its type; the card opens the reader on it.
        _ = await app.reading.flush()
        let card = try #require(await app.learning.continueReading())
        #expect(card == ContinueReading(materialID: "tmp-notes", readingTargetType: .temporaryFile, title: "未命名", progress: 0.3, isFromDevice: false))
        #expect(card.material == ReadingMaterial(materialID: "tmp-notes", kind: .temporaryFile, title: "未命名"))
    }
}
