import Foundation
import ZhiXiDomain
import ZhiXiFileSystem
import ZhiXiReviewService

/// Where the app keeps each learner's data on the device: under `root`, a directory per
/// learner (`users/<learner id in hex>/`, private: mode 0700, the user's own, not a link;
/// `PrivateDirectory` of ZhiXiFileSystem) holding the cached workspace and the
/// outbox, so learners who share a device never see, plan from or send each other's data.
///
/// Two storages on the same root (two launches of the app) find the same files. Within one
/// storage each learner's cache and outbox are opened once and shared by every repository.
public final class LearnerStorage: @unchecked Sendable {
    /// The directory everything is kept under.
    public let root: URL
    // `places` is only touched under `lock`.
    private let lock = NSLock()
    private var places: [String: LearnerPlace] = [:]

    /// A storage under `root` (created when first needed).
    public init(root: URL) {
        self.root = root
    }

    /// The files of learner `userID`, created when first needed.
    /// - Throws: `RepositoryFailure.storage(reason:)` when the directory or the outbox cannot be made.
    public func place(forUser userID: String) throws(RepositoryFailure) -> LearnerPlace {
        lock.lock()
        defer { lock.unlock() }
        if let place = places[userID] { return place }
        let hex = userID.utf8.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
        let directory = root.appendingPathComponent("users", isDirectory: true).appendingPathComponent(hex.isEmpty ? "-" : hex, isDirectory: true)
        do throws(FileSystemError) {
            try PrivateDirectory.prepare(directory.path)
        } catch {
            throw .storage(reason: error.description)
        }
        let outbox: ReviewTaskOutbox
        do {
            outbox = try ReviewTaskOutbox(directory: directory.appendingPathComponent("outbox", isDirectory: true))
        } catch {
            throw .storage(reason: error.description)
        }
        let place = LearnerPlace(directory: directory, cache: WorkspaceCache(fileURL: directory.appendingPathComponent("workspace.json")),
                                 outbox: outbox)
        places[userID] = place
        return place
    }
}
