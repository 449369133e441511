import Foundation
import Testing
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiReading
import ZhiXiTestServer

// The reading pipeline as this package's own targets embed it (its `package` API), run here
// against the loopback server; an app reads through ZhiXiApp's container (docs/READING.md).
// README-BEGIN
func startReading(client: APIClient, queueDirectory: URL, positionsFile: URL) async throws {
    let server = APIReadingServer(client: client)
    let queue = try ReadingEventUploadQueue(directory: queueDirectory, server: server)
    try await queue.reloadOnLaunch()                       // events a dead process was sending are pending again
    let positions = FileReadingPositionStore(fileURL: positionsFile)
    let manager = ReadingRuntimeSessionManager(queue: queue, positionStore: positions)

    let restore = await ReadingPositionRestoreService(server: server, store: positions).restorePosition(for: "src-42", targetType: .knowledgeSource)
    await manager.open(ReadingMaterialContext(materialID: "src-42", readingTargetType: .knowledgeSource, title: "力学"),
                       position: restore.position)
    try await manager.updatePosition(ReadingPosition(progress: 0.42, anchor: "sec-3.2"))   // debounced
    let result = await manager.didEnterBackground()        // pause, stop the heartbeat, flush
    for warning in result.warnings { print(warning) }       // dropped events, journal repairs
    await manager.willEnterForeground()
    try await manager.close()
}
// README-END

@Suite("docs/READING.md's reading example runs against the loopback server")
struct ReadmeExampleTests {
    @Test("the example runs against the loopback server")
    func embedding() async throws {
        let fixture = try FakeReadingEventServerFixture()
        let directory = temporaryDirectory()
        let positions = temporaryDirectory().appendingPathComponent("positions.json")   // a folder of its own: the store refuses a shared one
        try await startReading(client: fixture.client, queueDirectory: directory, positionsFile: positions)
        let stored = fixture.fake.storedEvents.values.sorted { $0.sequence < $1.sequence }
        #expect(stored.map(\.eventType) == [.opened, .positionChanged])
        #expect(stored.last?.position == ReadingPosition(progress: 0.42, anchor: "sec-3.2"))
        let queue = try ReadingEventUploadQueue(directory: directory)
        #expect(try await queue.queuedEvents().map(\.eventType) == [.closed], "closed waits for the next flush")
        #expect(FileReadingPositionStore(fileURL: positions).position(for: "src-42")?.position.progress == 0.42)
    }
}
