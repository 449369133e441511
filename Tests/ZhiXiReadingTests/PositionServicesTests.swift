import Foundation
import Testing
import ZhiXiModel
import ZhiXiNetwork
@testable import ZhiXiReading
import ZhiXiTestServer

@Suite("Continue learning and position restore: the server first, the device as the fallback")
struct PositionServicesTests {
    static let earlier = Date(timeIntervalSince1970: 1_767_225_600)
    static let later = earlier.addingTimeInterval(60)

    static func stored(_ material: String, _ progress: Double, at date: Date) -> StoredReadingPosition {
        StoredReadingPosition(materialID: material, readingTargetType: .knowledgeSource, title: "t-\(material)",
                              position: ReadingPosition(progress: progress), updatedAt: date)
    }

    @Test("the server's position wins, and is kept on the device")
    func serverFirst() async {
        let server = ScriptedReadingServer()
        server.progressAnswer = .success(ReadingProgress(materialID: "m", readingTargetType: .knowledgeSource, status: .completed,
                                                         lastPosition: ReadingPosition(progress: 0.7), updatedAt: Self.later))
        let store = InMemoryReadingPositionStore()
        store.save(Self.stored("m", 0.2, at: Self.earlier))
        let restore = await ReadingPositionRestoreService(server: server, store: store).restorePosition(for: "m", targetType: .knowledgeSource)
        #expect(restore.source == .server && restore.position == ReadingPosition(progress: 0.7) && restore.markedAsRead)
        #expect(store.position(for: "m")?.position == ReadingPosition(progress: 0.7))
    }

    @Test("the device's position is used when the server fails, has none, or is older")
    func deviceFallback() async {
        let store = InMemoryReadingPositionStore()
        store.save(Self.stored("m", 0.4, at: Self.later))
        let server = ScriptedReadingServer()
        server.progressAnswer = .failure(.network(.unreachable))
        var restore = await ReadingPositionRestoreService(server: server, store: store).restorePosition(for: "m", targetType: .knowledgeSource)
        #expect(restore.source == .device && restore.position == ReadingPosition(progress: 0.4))
        #expect(restore.serverError == .network(.unreachable))

        server.progressAnswer = .success(ReadingProgress(materialID: "m"))
        restore = await ReadingPositionRestoreService(server: server, store: store).restorePosition(for: "m", targetType: .knowledgeSource)
        #expect(restore.source == .device && restore.serverError == nil)

        server.progressAnswer = .success(ReadingProgress(materialID: "m", lastPosition: ReadingPosition(progress: 0.1), updatedAt: Self.earlier))
        restore = await ReadingPositionRestoreService(server: server, store: store).restorePosition(for: "m", targetType: .knowledgeSource)
        #expect(restore.source == .device && restore.position == ReadingPosition(progress: 0.4))

        restore = await ReadingPositionRestoreService(server: ScriptedReadingServer(), store: InMemoryReadingPositionStore())
            .restorePosition(for: "unknown", targetType: .knowledgeSource)
        #expect(restore.source == .none && restore.position == nil)
    }

    @Test("continue learning: the server's answer; the device's only when the server cannot be asked")
    func continueLearning() async throws {
        let store = InMemoryReadingPositionStore()
        let server = ScriptedReadingServer()
        server.continueAnswer = .success(ContinueLearningItem(type: .temporaryFile, materialID: "tmp", title: "讲义",
                                                              lastPosition: ReadingPosition(progress: 0.3), lastReadAt: Self.earlier))
        let service = ContinueLearningService(server: server, store: store)
        let expected = try server.continueAnswer.get()
        #expect(await service.suggestion() == .init(item: expected, isFromDevice: false))
        store.save(Self.stored("src", 0.6, at: Self.later))
        #expect(await service.suggestion() == .init(item: expected, isFromDevice: false), "the server's word, though the device read later")

        server.continueAnswer = .success(ContinueLearningItem(type: .nothing))
        #expect(await service.suggestion() == nil, "the server says nothing: the device's record is not offered")
        server.continueAnswer = .success(ContinueLearningItem(type: .unknown("video"), materialID: "v"))
        #expect(await service.suggestion() == nil, "a type this version cannot open: nothing")
        for failure in [APIError.network(.timedOut), .network(.unreachable), .http(status: 503, code: nil, message: nil)] {
            server.continueAnswer = .failure(failure)
            let offline = await service.suggestion()
            #expect(offline?.item.materialID == "src" && offline?.isFromDevice == true, "\(failure): the device's")
        }
        server.continueAnswer = .failure(.unauthorized(.notSignedIn))
        #expect(await service.suggestion() == nil, "a refused session: nothing")
    }

    @Test("a progress of status not_started is not restored, whatever position it carries")
    func notStartedIsNotRestored() async {
        let server = ScriptedReadingServer()
        server.progressAnswer = .success(ReadingProgress(materialID: "m", readingTargetType: .knowledgeSource, status: .notStarted,
                                                         lastPosition: ReadingPosition(progress: 0.9), updatedAt: Self.later))
        let empty = await ReadingPositionRestoreService(server: server, store: InMemoryReadingPositionStore())
            .restorePosition(for: "m", targetType: .knowledgeSource)
        #expect(empty.source == .none && empty.position == nil && empty.status == .notStarted)
        let store = InMemoryReadingPositionStore()
        store.save(Self.stored("m", 0.2, at: Self.earlier))
        let local = await ReadingPositionRestoreService(server: server, store: store).restorePosition(for: "m", targetType: .knowledgeSource)
        #expect(local.source == .device && local.position == ReadingPosition(progress: 0.2))
    }

    @Test("a material without a title is offered as 未命名, or Untitled in English")
    func untitled() async {
        let server = ScriptedReadingServer()
        server.continueAnswer = .success(ContinueLearningItem(type: .knowledgeSource, materialID: "src-1", lastPosition: ReadingPosition(progress: 0.5)))
        let store = InMemoryReadingPositionStore()
        #expect(await ContinueLearningService(server: server, store: store).suggestion()?.item.title == "未命名")
        #expect(await ContinueLearningService(server: server, store: store, language: .english).suggestion()?.item.title == "Untitled")
        server.continueAnswer = .success(ContinueLearningItem(type: .knowledgeSource, materialID: "src-1", title: "力学"))
        #expect(await ContinueLearningService(server: server, store: store).suggestion()?.item.title == "力学")
    }

    @Test("the file store keeps the newest position per material, survives a reopen, and forgets the oldest past capacity")
    func fileStore() throws {
        let url = temporaryDirectory().appendingPathComponent("positions.json")
        let store = FileReadingPositionStore(fileURL: url, capacity: 2)
        try store.save(Self.stored("a", 0.5, at: Self.later))
        try store.save(Self.stored("a", 0.1, at: Self.earlier))
        try store.save(Self.stored("b", 0.2, at: Self.earlier))
        try store.save(Self.stored("c", 0.3, at: Self.later.addingTimeInterval(1)))
        let reopened = FileReadingPositionStore(fileURL: url, capacity: 2)
        #expect(reopened.position(for: "a")?.position == ReadingPosition(progress: 0.5))
        #expect(reopened.position(for: "b") == nil)
        #expect(reopened.mostRecent()?.materialID == "c")
        try Data("garbage".utf8).write(to: url)
        #expect(FileReadingPositionStore(fileURL: url).mostRecent() == nil, "an unreadable file counts as empty")
    }

    @Test("against the loopback server: restore and continue through APIClient")
    func endToEnd() async throws {
        let fake = try FakeReadingEventServerFixture()
        let server = fake.readingServer
        let queue = try ReadingEventUploadQueue(directory: temporaryDirectory(), server: server)
        var event = sampleEvent("src-9", sequence: 1, type: .positionChanged)
        event.position = ReadingPosition(progress: 0.25, anchor: "p-3")
        try await queue.enqueue(event)
        #expect(await queue.flush().uploaded == 1)
        let store = InMemoryReadingPositionStore()
        let restore = await ReadingPositionRestoreService(server: server, store: store).restorePosition(for: "src-9", targetType: .knowledgeSource)
        #expect(restore.source == .server && restore.position == event.position)
        let suggestion = await ContinueLearningService(server: server, store: store).suggestion()
        #expect(suggestion?.item.materialID == "src-9" && suggestion?.item.type == .knowledgeSource)
    }
}
