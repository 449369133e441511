import Foundation
import Testing
import ZhiXiApp
import ZhiXiAppTestSupport
import ZhiXiDomain
import ZhiXiModel
import ZhiXiReading
import ZhiXiReadingFeature
import ZhiXiTestServer

extension ReaderUiState {
    var screen: ReaderScreen? {
        if case .reading(let screen) = self { return screen }
        return nil
    }
}

/// The reading page: scripted (each state, switch-to-latest, sign-out mid-open) and against
/// the loopback server through the app (where it resumes, what reaches the server).
@Suite("ReaderViewModel", .serialized)
@MainActor
struct ReaderViewModelTests {
    static let book = ReadingMaterial(materialID: "src-gd", kind: .knowledgeSource, title: "梯度下降讲义")

    @Test("loading → reading (where to resume, in Chinese or English) → finished → closed; an error → retry → reading")
    func states() async throws {
        let opening = ReadingOpening(resumeAt: ReadingLocation(progress: 0.42, anchor: "sec-3"), isFromDevice: false)
        let repository = ScriptedReadingRepository([.init(result: .failure(.storage(reason: "disk full"))), .init(result: .success(opening))])
        let session = FakeSessionRepository(signedIn: true)
        let reader = ReaderViewModel(material: Self.book, repository: repository, session: session)
        #expect(reader.uiState == .loading)
        await reader.open()
        #expect(reader.uiState == .error(ScreenError(message: LearnerWording.chinese.storageFailure, retryTitle: "重试")))

        await reader.retry()
        let screen = try #require(reader.uiState.screen)
        #expect(screen == ReaderScreen(title: "梯度下降讲义", resumeAt: opening.resumeAt, resumeText: "从 42% 处继续阅读",
                                       resumeIsFromDevice: false, isFinished: false, finishedText: nil))
        await reader.updateLocation(ReadingLocation(progress: 0.5))
        await reader.markAsRead()
        #expect(reader.uiState.screen?.isFinished == true && reader.uiState.screen?.finishedText == "已读完")
        #expect(await repository.locations == [ReadingLocation(progress: 0.5)])
        #expect(await repository.finished == ["src-gd"])

        await reader.close()
        #expect(reader.uiState == .closed)
        #expect(await repository.closed == ["src-gd"])

        let english = ReaderViewModel(material: ReadingMaterial(materialID: "tmp", kind: .temporaryFile),
                                      repository: ScriptedReadingRepository([.init(result: .success(ReadingOpening(resumeAt: nil, isFromDevice: false)))]),
                                      session: session, language: .english)
        await english.open()
        #expect(english.uiState.screen?.title == "Untitled" && english.uiState.screen?.resumeText == "Start from the beginning")
    }

    @Test("switch-to-latest: the open held first lands after the second and is not shown")
    func latestOpenWins() async throws {
        let gate = AsyncGate()
        let stale = ReadingOpening(resumeAt: ReadingLocation(progress: 0.1), isFromDevice: true)
        let fresh = ReadingOpening(resumeAt: ReadingLocation(progress: 0.9), isFromDevice: false)
        let repository = ScriptedReadingRepository([.init(gate: gate, result: .success(stale)), .init(result: .success(fresh))])
        let reader = ReaderViewModel(material: Self.book, repository: repository, session: FakeSessionRepository(signedIn: true))
        let first = Task { await reader.open() }
        await gate.waitForArrivals(1)
        await reader.open()
        #expect(reader.uiState.screen?.resumeAt == fresh.resumeAt)
        await gate.open()
        await first.value
        #expect(reader.uiState.screen?.resumeAt == fresh.resumeAt, "the first open's answer did not land")
    }

    @Test("sign-out mid-open → loggedOut, nothing lands; signing in again while on screen opens again")
    func signOutMidOpen() async throws {
        let gate = AsyncGate()
        let opening = ReadingOpening(resumeAt: ReadingLocation(progress: 0.3), isFromDevice: false)
        let repository = ScriptedReadingRepository([.init(gate: gate, result: .success(opening)), .init(result: .success(opening))])
        let session = FakeSessionRepository(signedIn: true)
        let reader = ReaderViewModel(material: Self.book, repository: repository, session: session)
        let opening1 = Task { await reader.open() }
        await gate.waitForArrivals(1)
        session.setSignedIn(false)
        #expect(await eventually { reader.uiState == .loggedOut })
        await gate.open()
        await opening1.value
        #expect(reader.uiState == .loggedOut)
        await reader.markAsRead()
        #expect(await repository.finished.isEmpty, "nothing is recorded while signed out")

        session.setSignedIn(true)
        #expect(await eventually { reader.uiState.screen != nil })
        #expect(await repository.opened == ["src-gd", "src-gd"])
    }

    @Test("a session the app closed while away is opened again when the learner goes on")
    func reopensAClosedSession() async throws {
        let opening = ReadingOpening(resumeAt: nil, isFromDevice: false)
        let repository = ScriptedReadingRepository([.init(result: .success(opening))])
        let reader = ReaderViewModel(material: Self.book, repository: repository, session: FakeSessionRepository(signedIn: true))
        await reader.open()
        await repository.failNext(.notFound(id: "src-gd"))
        await reader.updateLocation(ReadingLocation(progress: 0.6))
        #expect(await repository.opened.count == 2)
        #expect(await repository.locations == [ReadingLocation(progress: 0.6)])
    }

    @Test("against the server: resumes where the learner's reading stopped; what is read reaches the server, with the app's version")
    func againstTheServer() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch()
        let event = ReadingEventV2(eventID: UUID().uuidString, clientSessionID: UUID().uuidString, materialID: "src-gd",
                                   readingTargetType: .knowledgeSource, eventType: .positionChanged, position: ReadingPosition(progress: 0.25),
                                   activeSecondsDelta: 0, clientTimestampMs: Int64(AppFixture.now.timeIntervalSince1970 * 1000) - 600_000,
                                   sequence: 1)
        _ = fixture.reading.process(ReadingEventBatchRequest(events: [ReadingEventUploadItem(event, appVersion: "0.9", clientTimezoneOffsetMinutes: 480)]),
                                    owner: fixture.user.id)
        let reader = app.makeReaderViewModel(material: Self.book)
        await reader.open()
        let screen = try #require(reader.uiState.screen)
        #expect(screen.resumeAt == ReadingLocation(progress: 0.25) && !screen.resumeIsFromDevice && screen.resumeText == "从 25% 处继续阅读")

        await reader.updateLocation(ReadingLocation(progress: 0.5, anchor: "sec-4"))
        await reader.markAsRead()
        await reader.close()
        let flushed = try #require(await app.reading.flush())
        #expect(flushed.remaining == 0)
        let stored = fixture.reading.storedEvents(ofUser: fixture.user.id).filter { $0.appVersion == AppFixture.appVersion }
            .sorted { $0.sequence < $1.sequence }
        #expect(stored.map(\.eventType) == [.opened, .positionChanged, .markedAsRead, .closed])
        #expect(stored.allSatisfy { $0.platform == "ios" && $0.materialID == "src-gd" })
        #expect(stored[1].position == ReadingPosition(progress: 0.5, anchor: "sec-4"))

        // Offline: the device's own position.
        fixture.networkDown()
        let again = app.makeReaderViewModel(material: Self.book)
        await again.open()
        #expect(again.uiState.screen?.resumeAt == ReadingLocation(progress: 0.5, anchor: "sec-4"))
        #expect(again.uiState.screen?.resumeIsFromDevice == true)
    }
}
