import ZhiXiDomain
import ZhiXiReading

/// One learner's reading pipeline on the device, as ``LearnerReadingRepository`` runs it:
/// the learner's positions and upload queue (in their directory), the session manager on
/// them, and the calls to the server bound to that learner.
final class LearnerReading: Sendable {
    /// The learner.
    let userID: String
    /// Their positions.
    let positions: FileReadingPositionStore
    /// Their upload queue.
    let queue: ReadingEventUploadQueue
    /// The session manager.
    let manager: ReadingRuntimeSessionManager
    /// The reading calls, for this learner only.
    let server: any ReadingServerAPI
    /// Passes the manager's flush results on as notices.
    private let forwarding: TaskSlot

    init(userID: String, positions: FileReadingPositionStore, queue: ReadingEventUploadQueue, manager: ReadingRuntimeSessionManager,
         server: any ReadingServerAPI, forwarding: TaskSlot) {
        self.userID = userID
        self.positions = positions
        self.queue = queue
        self.manager = manager
        self.server = server
        self.forwarding = forwarding
    }

    /// Ends the pipeline (the learner signed out): the open material closed, the timers
    /// stopped, a flush under way cancelled, no more notices. What waits stays in the queue,
    /// for the learner's next session on the device.
    func shutDown() async {
        forwarding.replace(with: nil)
        await manager.shutDown()
    }

    /// The notices of a flush: its events dropped for good, one per material and code, in
    /// the order the flush met them, titled from the learner's positions. O(warnings).
    static func notices(of result: FlushResult, positions: any ReadingPositionStore) -> [ReadingUploadNotice] {
        var notices: [ReadingUploadNotice] = []
        var index: [String: Int] = [:]
        for case .dropped(_, let materialID, let code, _) in result.warnings {
            let key = materialID + "\u{0}" + code
            if let position = index[key] {
                notices[position].events += 1
            } else {
                index[key] = notices.count
                notices.append(ReadingUploadNotice(materialID: materialID, title: positions.position(for: materialID)?.title,
                                                   code: code, events: 1))
            }
        }
        return notices
    }
}
