import Foundation
import Testing
import ZhiXiModel
@testable import ZhiXiReading

@Suite("Reading runtime: sessions, events and the buffer's state machine")
struct ReadingRuntimeTests {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)
    static let book = ReadingMaterialContext(materialID: "src-1", readingTargetType: .knowledgeSource, title: "力学")

    func at(_ seconds: Double) -> Date { Self.start.addingTimeInterval(seconds) }

    @Test("a session's events carry its id, the material, growing sequences and the clock's milliseconds")
    func eventsOfASession() throws {
        var runtime = ReadingRuntime()
        let opened = runtime.startSession(Self.book, position: ReadingPosition(progress: 0.1), at: at(0))
        let session = opened.clientSessionID
        let moved = try runtime.recordPosition(ReadingPosition(progress: 0.3), in: session, at: at(4.5))
        let beat = try #require(try runtime.recordHeartbeat(in: session, at: at(15)))
        let read = try runtime.markAsRead(in: session, at: at(20))
        let closed = try runtime.closeSession(session, at: at(21))
        let events = [opened, moved, beat, read, closed]
        #expect(events.map(\.eventType) == [.opened, .positionChanged, .heartbeat, .markedAsRead, .closed])
        #expect(events.map(\.sequence) == [1, 2, 3, 4, 5])
        #expect(Set(events.map(\.clientSessionID)) == [session])
        #expect(Set(events.map(\.eventID)).count == 5)
        #expect(events.allSatisfy { $0.materialID == "src-1" && $0.readingTargetType == .knowledgeSource })
        #expect(moved.clientTimestampMs == 1_767_225_604_500)
        #expect(read.position == ReadingPosition(progress: 0.3) && closed.position == ReadingPosition(progress: 0.3))
        #expect(runtime.session(session) == nil, "a closed session is forgotten")
        #expect(throws: ReadingRuntimeError.unknownSession(session)) { try runtime.markAsRead(in: session, at: at(22)) }
    }

    @Test("active seconds are increments that add up to the active time; paused time never counts")
    func activeTime() throws {
        var runtime = ReadingRuntime()
        let session = runtime.startSession(Self.book, position: nil, at: at(0)).clientSessionID
        #expect(try runtime.recordHeartbeat(in: session, at: at(15))?.activeSecondsDelta == 15)
        #expect(try runtime.recordHeartbeat(in: session, at: at(30))?.activeSecondsDelta == 15)
        // 7.6 s more, then a pause: the pause reports the whole 7 s, keeps 0.6.
        let pause = try runtime.pauseSession(session, at: at(37.6))
        #expect(pause?.eventType == .heartbeat && pause?.activeSecondsDelta == 7)
        #expect(try runtime.recordHeartbeat(in: session, at: at(500)) == nil, "no heartbeat while paused")
        try runtime.resumeSession(session, at: at(1000))
        #expect(try runtime.recordHeartbeat(in: session, at: at(1010))?.activeSecondsDelta == 10)
        // 0.6 carried + 2.5 = 3.1 → 3 at close (rounded to the nearest second).
        let closed = try runtime.closeSession(session, at: at(1012.5))
        #expect(closed.activeSecondsDelta == 3)
        let reported = runtime.exportEvents(limit: 100).reduce(0) { $0 + $1.activeSecondsDelta }
        #expect(reported == 50, "37.6 + 12.5 = 50.1 active seconds, reported as whole increments")
    }

    @Test("a silence longer than the maximum gap counts only the gap")
    func suspendedWithoutPause() throws {
        var runtime = ReadingRuntime(configuration: ReadingRuntimeConfiguration(maximumActiveGap: 60))
        let session = runtime.startSession(Self.book, position: nil, at: at(0)).clientSessionID
        #expect(try runtime.recordHeartbeat(in: session, at: at(3600))?.activeSecondsDelta == 60)
    }

    @Test("a heartbeat with less than a second to report records nothing and carries the fraction")
    func subSecondHeartbeat() throws {
        var runtime = ReadingRuntime()
        let session = runtime.startSession(Self.book, position: nil, at: at(0)).clientSessionID
        #expect(try runtime.recordHeartbeat(in: session, at: at(0.5)) == nil)
        #expect(try runtime.recordHeartbeat(in: session, at: at(1.25))?.activeSecondsDelta == 1, "0.5 + 0.75")
        #expect(try runtime.recordHeartbeat(in: session, at: at(2))?.activeSecondsDelta == 1, "0.25 carried + 0.75")
        #expect(try runtime.closeSession(session, at: at(2.25)).activeSecondsDelta == 0, "0.25 rounds to 0 at close")
    }

    @Test("positions are normalized before they are recorded")
    func normalizedPositions() throws {
        var runtime = ReadingRuntime()
        let session = runtime.startSession(Self.book, position: ReadingPosition(progress: 1.7, pageIndex: -3), at: at(0))
        #expect(session.position == ReadingPosition(progress: 1))
        let moved = try runtime.recordPosition(ReadingPosition(progress: -1, anchor: ""), in: session.clientSessionID, at: at(1))
        #expect(moved.position == ReadingPosition(progress: 0))
        #expect(ReadingEventUploadItem(moved).validationProblem == nil)
    }

    @Test("sessions idle for longer than the maximum age are closed at their last activity")
    func staleSessions() throws {
        var runtime = ReadingRuntime()
        let old = runtime.startSession(Self.book, position: nil, at: at(0)).clientSessionID
        _ = try runtime.pauseSession(old, at: at(10))
        let recent = runtime.startSession(ReadingMaterialContext(materialID: "tmp-1", readingTargetType: .temporaryFile),
                                          position: nil, at: at(3000)).clientSessionID
        let closed = runtime.closeStaleSessions(olderThan: 1800, at: at(3600))
        #expect(closed.map(\.clientSessionID) == [old])
        #expect(closed.first?.eventType == .closed)
        #expect(closed.first?.clientTimestampMs == 1_767_225_610_000, "dated at the last activity")
        #expect(closed.first?.activeSecondsDelta == 0, "the pause reported the 10 s already")
        #expect(runtime.session(old) == nil && runtime.session(recent) != nil)
    }

    @Test("buffer: pending → exported → acknowledged and removed; failed → pending again after reloadStale")
    func bufferStateMachine() throws {
        var runtime = ReadingRuntime()
        let session = runtime.startSession(Self.book, position: nil, at: at(0)).clientSessionID
        for second in 1 ... 4 { _ = try runtime.recordPosition(ReadingPosition(progress: Double(second) / 10), in: session, at: at(Double(second))) }
        #expect(runtime.bufferedEventCount(in: .pending) == 5)

        let first = runtime.exportEvents(limit: 2)
        #expect(first.map(\.sequence) == [1, 2], "oldest first")
        let second = runtime.exportEvents(limit: 2)
        #expect(second.map(\.sequence) == [3, 4], "exported events are not exported twice")
        #expect(runtime.bufferedEventCount(in: .exported) == 4)

        runtime.ackEvents(first.map(\.eventID))
        runtime.markFailed(second.map(\.eventID))
        #expect(runtime.bufferedEventCount(in: .failed) == 2)
        #expect(runtime.bufferedEventCount(in: .exported) == 0)
        #expect(runtime.exportEvents(limit: 10).map(\.sequence) == [5], "failed events wait for reloadStale")

        // Event 5 is exported and never acknowledged (the hand-off died): stale.
        #expect(runtime.reloadStale() == 3)
        #expect(runtime.exportEvents(limit: 10).map(\.sequence) == [3, 4, 5])
        runtime.ackEvents([first[0].eventID])
        #expect(runtime.bufferedEventCount(in: .exported) == 3, "acknowledging a removed event changes nothing")
    }

    @Test("acknowledging or failing an event that is not exported changes nothing")
    func onlyExportedEventsMove() throws {
        var runtime = ReadingRuntime()
        let event = runtime.startSession(Self.book, position: nil, at: at(0))
        runtime.ackEvents([event.eventID])
        runtime.markFailed([event.eventID])
        #expect(runtime.bufferedEventCount(in: .pending) == 1)
    }
}
