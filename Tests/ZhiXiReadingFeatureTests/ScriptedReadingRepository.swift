import ZhiXiAppTestSupport
import ZhiXiCore
import ZhiXiDomain

/// A reading repository whose openings a test scripts: call `n` of ``openMaterial(_:)``
/// waits at the gate given for it (if any), then answers the result given for it (the last
/// one again after them). It records what the page did, and tells the notices the test gives.
actor ScriptedReadingRepository: ReadingRepository {
    struct Script: Sendable {
        var gate: AsyncGate?
        var result: Result<ReadingOpening, RepositoryFailure>
    }

    private var scripts: [Script]
    private(set) var opened: [String] = []
    private(set) var closed: [String] = []
    private(set) var locations: [ReadingLocation] = []
    private(set) var finished: [String] = []
    /// Answered to the next update or mark (then cleared).
    var nextFailure: RepositoryFailure?
    private nonisolated let notices = Broadcast<ReadingUploadNotice>()

    init(_ scripts: [Script]) {
        self.scripts = scripts
    }

    func failNext(_ failure: RepositoryFailure) {
        nextFailure = failure
    }

    func openMaterial(_ material: ReadingMaterial) async throws(RepositoryFailure) -> ReadingOpening {
        let script = scripts[min(opened.count, scripts.count - 1)]
        opened.append(material.materialID)
        if let gate = script.gate { await gate.pass() }
        return try script.result.get()
    }

    func updateLocation(_ location: ReadingLocation, of materialID: String) async throws(RepositoryFailure) {
        if let failure = nextFailure {
            nextFailure = nil
            throw failure
        }
        locations.append(location)
    }

    func markAsRead(materialID: String) async throws(RepositoryFailure) {
        if let failure = nextFailure {
            nextFailure = nil
            throw failure
        }
        finished.append(materialID)
    }

    func closeMaterial(materialID: String) async {
        closed.append(materialID)
    }

    nonisolated func uploadNotices() -> AsyncStream<ReadingUploadNotice> {
        notices.stream()
    }

    /// Tells the readers `notice`.
    nonisolated func tell(_ notice: ReadingUploadNotice) {
        notices.yield(notice)
    }
}
