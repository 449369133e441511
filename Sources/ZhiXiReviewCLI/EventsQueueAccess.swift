import Foundation
import ZhiXiReading

/// Opening the upload queue of the `events` commands, and the exit status of its errors.
enum EventsQueueAccess {
    /// The queue in the directory `path`.
    /// - Throws: 66 when it does not exist (and `create` is `false`), 65 when it is not a
    ///   queue, 74 when its files cannot be used.
    static func open(_ path: String, create: Bool, server: (any ReadingServerAPI)? = nil,
                     configuration: ReadingEventUploadQueueConfiguration = ReadingEventUploadQueueConfiguration(),
                     command: String) throws(CommandError) -> ReadingEventUploadQueue {
        do {
            return try ReadingEventUploadQueue(directory: URL(fileURLWithPath: path, isDirectory: true), server: server,
                                               configuration: configuration, create: create)
        } catch {
            throw failure(error, command)
        }
    }

    /// The command error for a queue error while running `command`.
    static func failure(_ error: ReadingQueueError, _ command: String) -> CommandError {
        let message = "\(command): \(error)"
        switch error {
        case .missingQueue: return .noInput(message)
        case .notAQueue, .invalidEvent: return .dataError(message)
        case .storage: return .ioError(message)
        case .busy: return .temporaryFailure(message)
        case .untrusted: return .noPermission(message)
        }
    }
}
