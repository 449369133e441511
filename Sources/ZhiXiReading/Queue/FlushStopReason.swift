import ZhiXiNetwork

/// Why a flush ended before every pending event had an answer.
package enum FlushStopReason: Sendable, Hashable, CustomStringConvertible {
    /// The queue was opened without a server.
    case noServer
    /// Another flush of the same queue (in this process or another) is running.
    case anotherFlushRunning
    /// A request got no usable answer: no network, a timeout, a 5xx after the retries, a
    /// refused session, a malformed answer. The batch was kept (failed) and the flush
    /// stopped, since the next batch would most likely fare the same.
    case request(APIError)
    /// The journal could not be read or written; the events are as the disk has them.
    case storage(ReadingQueueError)
    /// The task running the flush was cancelled.
    case cancelled
    /// The flush sent its maximum number of requests.
    case requestLimit(Int)
    /// The server refused a batch of one event with 400, 413 or 422 and no code saying what
    /// is wrong with the event (or refused it as too large, 413): a fault of the server or of
    /// a proxy, not of the event. The event was kept (failed) and the flush stopped.
    case eventRefusedWithoutReason(status: Int)

    /// The reason in words.
    package var description: String {
        switch self {
        case .noServer: "the queue has no server to upload to"
        case .anotherFlushRunning: "another flush of this queue is running; try again when it has finished"
        case .request(let error): "the upload stopped: \(error)"
        case .storage(let error): "the queue's journal failed: \(error)"
        case .cancelled: "the flush was cancelled"
        case .requestLimit(let count): "the flush stopped after \(count) requests, its limit"
        case .eventRefusedWithoutReason(let status):
            "the server refused a single event with HTTP \(status)" + (status == 413 ? " (too large)" : " and no code saying why")
                + "; that is a fault of the server or of a proxy, not of the event, so it was kept for a later try"
        }
    }
}
