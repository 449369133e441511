import Foundation
import Testing
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiTestServer
@testable import ZhiXiReading

@Suite("Session manager: the reading lifecycle on an injected clock")
struct SessionManagerTests {
    static let book = ReadingMaterialContext(materialID: "src-1", readingTargetType: .knowledgeSource, title: "力学")

    struct Fixture {
        let scheduler = ManualReadingScheduler()
        let server = ScriptedReadingServer()
        let store = InMemoryReadingPositionStore()
        let queue: ReadingEventUploadQueue
        let manager: ReadingRuntimeSessionManager

        /// A manager whose timed flush waits an hour, so the tests see what is queued (the
        /// flush every 30 s has a test of its own).
        init(configuration: ReadingSessionManagerConfiguration = ReadingSessionManagerConfiguration(flushInterval: 3_600)) throws {
            queue = try ReadingEventUploadQueue(directory: temporaryDirectory(), server: server)
            manager = ReadingRuntimeSessionManager(queue: queue, positionStore: store, scheduler: scheduler, configuration: configuration)
        }

        /// The events in the queue (not yet uploaded), oldest first.
        func queued() async throws -> [ReadingEventUploadItem] { try await queue.queuedEvents() }
    }

    @Test("open records opened; a heartbeat every 15 s carries 15 active seconds; close carries the rest")
    func heartbeats() async throws {
        let fixture = try Fixture()
        let session = await fixture.manager.open(Self.book, position: ReadingPosition(progress: 0.2))
        await fixture.scheduler.advance(by: 47)
        try await fixture.manager.close()
        let events = try await fixture.queued()
        #expect(events.map(\.eventType) == [.opened, .heartbeat, .heartbeat, .heartbeat, .closed])
        #expect(events.map(\.activeSecondsDelta) == [0, 15, 15, 15, 2])
        #expect(events.map(\.sequence) == [1, 2, 3, 4, 5])
        #expect(Set(events.map(\.clientSessionID)) == [session])
        #expect(events.last?.clientTimestampMs == 1_767_225_647_000)
        #expect(fixture.scheduler.activeTimerCount == 0, "closing stops the heartbeat")
        #expect(await fixture.manager.currentSession == nil)
    }

    @Test("positions are debounced: a burst of updates records one event with the last position")
    func debouncedPositions() async throws {
        let fixture = try Fixture()
        await fixture.manager.open(Self.book)
        for step in 1 ... 10 {
            try await fixture.manager.updatePosition(ReadingPosition(progress: Double(step) / 20))
            await fixture.scheduler.advance(by: 0.5)
        }
        await fixture.scheduler.advance(by: 2)
        let moves = try await fixture.queued().filter { $0.eventType == .positionChanged }
        #expect(moves.map(\.position) == [ReadingPosition(progress: 0.5)])
        #expect(fixture.store.position(for: "src-1")?.position == ReadingPosition(progress: 0.5))
    }

    @Test("a pending position is recorded before mark as read and before close")
    func positionBeforeOtherEvents() async throws {
        let fixture = try Fixture()
        await fixture.manager.open(Self.book)
        try await fixture.manager.updatePosition(ReadingPosition(progress: 0.9))
        try await fixture.manager.markAsRead()
        try await fixture.manager.updatePosition(ReadingPosition(progress: 1))
        try await fixture.manager.close()
        let events = try await fixture.queued()
        #expect(events.map(\.eventType) == [.opened, .positionChanged, .markedAsRead, .positionChanged, .closed])
        #expect(events[2].position == ReadingPosition(progress: 0.9))
        #expect(events[4].position == ReadingPosition(progress: 1))
    }

    @Test("background reports the active seconds, stops the heartbeat and flushes; paused time never counts")
    func background() async throws {
        let fixture = try Fixture()
        await fixture.manager.open(Self.book)
        await fixture.scheduler.advance(by: 20)
        let result = await fixture.manager.didEnterBackground()
        #expect(result.uploaded == 3 && result.remaining == 0)
        #expect(fixture.server.received.flatMap(\.events).map(\.activeSecondsDelta) == [0, 15, 5])
        #expect(fixture.scheduler.activeTimerCount == 0)
        await fixture.scheduler.advance(by: 600)
        #expect(try await fixture.queued().isEmpty, "no heartbeat in the background")

        await fixture.manager.willEnterForeground()
        await fixture.scheduler.advance(by: 15)
        let events = try await fixture.queued()
        #expect(events.map(\.eventType) == [.heartbeat])
        #expect(events.map(\.activeSecondsDelta) == [15], "the 600 s in the background do not count")
        #expect(events.map(\.sequence) == [4])
    }

    @Test("foreground after longer than the stale age closes the session and does not restart the heartbeat")
    func staleOnForeground() async throws {
        let fixture = try Fixture()
        await fixture.manager.open(Self.book)
        await fixture.scheduler.advance(by: 5)
        await fixture.manager.didEnterBackground()
        await fixture.scheduler.advance(by: 3600)
        await fixture.manager.willEnterForeground()
        #expect(await fixture.manager.currentSession == nil)
        let events = try await fixture.queued()
        #expect(events.map(\.eventType) == [.closed])
        #expect(events.first?.clientTimestampMs == 1_767_225_605_000, "dated when the learner left")
        #expect(fixture.scheduler.activeTimerCount == 0)
        await #expect(throws: ReadingRuntimeError.noOpenMaterial) { try await fixture.manager.markAsRead() }
    }

    @Test("opening another material closes the first")
    func openTwice() async throws {
        let fixture = try Fixture()
        let first = await fixture.manager.open(Self.book)
        await fixture.scheduler.advance(by: 3)
        let second = await fixture.manager.open(ReadingMaterialContext(materialID: "tmp-1", readingTargetType: .temporaryFile))
        let events = try await fixture.queued()
        #expect(events.map(\.eventType) == [.opened, .closed, .opened])
        #expect(events.map(\.clientSessionID) == [first, first, second])
        #expect(events[1].activeSecondsDelta == 3)
        #expect(events[2].readingTargetType == .temporaryFile && events[2].sequence == 1)
        #expect(fixture.scheduler.activeTimerCount == 2, "one heartbeat and one flush timer, the second session's")
    }

    @Test("while a material is open in the foreground the queue is flushed every 30 s; events carry the app's platform, version and offset")
    func timedFlush() async throws {
        let configuration = ReadingSessionManagerConfiguration(appVersion: "1.4.0", timeZone: TimeZone(identifier: "Asia/Shanghai")!)
        let fixture = try Fixture(configuration: configuration)
        #expect(configuration.flushInterval == 30 && configuration.platform == "ios")
        await fixture.manager.open(Self.book)
        await fixture.scheduler.advance(by: 29)
        #expect(fixture.server.received.isEmpty, "nothing is sent before 30 s")
        await fixture.scheduler.advance(by: 2)
        let first = try #require(fixture.server.received.first)
        #expect(first.events.map(\.eventType) == [.opened, .heartbeat], "the flush at 30 s runs before that moment's heartbeat")
        #expect(first.events.allSatisfy { $0.platform == "ios" && $0.appVersion == "1.4.0" && $0.clientTimezoneOffsetMinutes == 480 })
        #expect(try await fixture.queued().map(\.activeSecondsDelta) == [15], "the heartbeat of 30 s waits for the next flush")
        await fixture.scheduler.advance(by: 30)
        #expect(fixture.server.received.count == 2, "every 30 s")
        _ = await fixture.manager.didEnterBackground()
        let afterBackground = fixture.server.received.count
        await fixture.scheduler.advance(by: 120)
        #expect(fixture.server.received.count == afterBackground, "no timed flush in the background")
    }

    @Test("an event the queue cannot take stays in the runtime, failed, and is handed over with the next one")
    func failedHandOff() async throws {
        let directory = temporaryDirectory()
        let queue = try ReadingEventUploadQueue(directory: directory)
        let scheduler = ManualReadingScheduler()
        let manager = ReadingRuntimeSessionManager(queue: queue, scheduler: scheduler)
        // The journal cannot be appended to: replace it with a directory.
        let journal = directory.appendingPathComponent("journal")
        try FileManager.default.removeItem(at: journal)
        try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: false)
        await manager.open(Self.book)
        #expect(await manager.lastHandOffError != nil)
        #expect(await manager.bufferedEventCount(in: .failed) == 1)
        try FileManager.default.removeItem(at: journal)
        await scheduler.advance(by: 15)
        #expect(await manager.lastHandOffError == nil)
        #expect(await manager.bufferedEventCount(in: .failed) == 0)
        #expect(try await queue.queuedEvents().map(\.eventType) == [.opened, .heartbeat])
    }

    @Test("close(materialID:) closes that material only: the page of A leaving after the page of B appeared leaves B open")
    func closeOnlyThatMaterial() async throws {
        let other = ReadingMaterialContext(materialID: "src-2", readingTargetType: .knowledgeSource, title: "电磁学")
        // In order: B appears (closing A), then A's page disappears.
        let fixture = try Fixture()
        await fixture.manager.open(Self.book)
        await fixture.manager.open(other)
        #expect(await fixture.manager.close(materialID: "src-1") == false, "A is not open any more")
        #expect(await fixture.manager.openMaterial == other)
        #expect(try await fixture.queued().map(\.eventType) == [.opened, .closed, .opened])
        #expect(await fixture.manager.close(materialID: "src-2"))
        #expect(await fixture.manager.openMaterial == nil)

        // As two tasks racing, many times: whichever runs first, B ends open and nothing else is.
        for _ in 0 ..< 50 {
            let race = try Fixture()
            await race.manager.open(Self.book)
            async let leaving: Bool = race.manager.close(materialID: "src-1")
            async let appearing: String = race.manager.open(other)
            let (closedA, sessionB) = await (leaving, appearing)
            #expect(await race.manager.openMaterial == other)
            #expect(await race.manager.currentSession?.id == sessionB)
            let events = try await race.queued()
            #expect(events.filter { $0.eventType == .closed }.map(\.materialID) == ["src-1"], "A closed once, B never")
            #expect(events.filter { $0.eventType == .opened }.map(\.materialID) == ["src-1", "src-2"])
            _ = closedA
        }

        await #expect(throws: ReadingRuntimeError.noOpenMaterial) {
            try await fixture.manager.updatePosition(ReadingPosition(progress: 0.3), materialID: "src-1")
        }
        await fixture.manager.open(Self.book)
        await #expect(throws: ReadingRuntimeError.noOpenMaterial) { try await fixture.manager.markAsRead(materialID: "src-2") }
        try await fixture.manager.updatePosition(ReadingPosition(progress: 0.3), materialID: "src-1")
        try await fixture.manager.markAsRead(materialID: "src-1")
        #expect(try await fixture.queued().suffix(2).map(\.eventType) == [.positionChanged, .markedAsRead])
    }

    @Test("flushing while idle: every 30 s in the foreground with no material open, none in the background; every flush is told")
    func idleFlushes() async throws {
        let fixture = try Fixture(configuration: ReadingSessionManagerConfiguration(flushesWhileIdle: true))
        let results = fixture.manager.flushResults()
        await fixture.scheduler.advance(by: 60)
        #expect(fixture.server.received.isEmpty, "no timer before the first foreground")
        await fixture.manager.willEnterForeground()
        #expect(fixture.scheduler.activeTimerCount == 1, "the flush timer, no material open")

        await fixture.manager.open(Self.book)
        await fixture.scheduler.advance(by: 10)
        try await fixture.manager.close()
        #expect(fixture.scheduler.activeTimerCount == 1, "closing keeps the flush timer")
        await fixture.scheduler.advance(by: 21)
        #expect(fixture.server.received.count == 1, "flushed at 30 s though nothing is open")
        #expect(fixture.server.received.first?.events.map(\.eventType) == [.opened, .closed])
        await fixture.scheduler.advance(by: 30)
        #expect(fixture.server.received.count == 1, "an empty queue sends nothing")

        _ = await fixture.manager.didEnterBackground()
        #expect(fixture.scheduler.activeTimerCount == 0)
        await fixture.manager.willEnterForeground()
        #expect(fixture.scheduler.activeTimerCount == 1)

        var iterator = results.makeAsyncIterator()
        var told: [FlushResult] = []
        for _ in 0 ..< 3 { if let result = await iterator.next() { told.append(result) } }
        #expect(told.map(\.uploaded) == [2, 0, 0], "the timed flushes and the background's, in order")
    }

    @Test("shutDown closes the material, hands its events over, and no timer runs again")
    func shutDown() async throws {
        let fixture = try Fixture(configuration: ReadingSessionManagerConfiguration(flushesWhileIdle: true))
        await fixture.manager.willEnterForeground()
        await fixture.manager.open(Self.book)
        await fixture.scheduler.advance(by: 5)
        await fixture.manager.shutDown()
        #expect(await fixture.manager.openMaterial == nil && fixture.scheduler.activeTimerCount == 0)
        #expect(try await fixture.queued().map(\.eventType) == [.opened, .closed])
        await fixture.manager.willEnterForeground()
        await fixture.scheduler.advance(by: 120)
        #expect(fixture.scheduler.activeTimerCount == 0 && fixture.server.received.isEmpty)
    }
}
