import Foundation
import ZhiXiCore
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
public final class LearnerStorage: Sendable {
    /// The directory everything is kept under.
    public let root: URL
    private let places = Locked<[String: LearnerPlace]>([:])

    /// A storage under `root` (created when first needed).
    public init(root: URL) {
        self.root = root
    }

    /// The files of learner `userID`, created when first needed.
    /// - Throws: `RepositoryFailure.storage(reason:)` when the directory or the outbox cannot be made.
    public func place(forUser userID: String) throws(RepositoryFailure) -> LearnerPlace {
        try places.withLock { (places) throws(RepositoryFailure) -> LearnerPlace in
            if let place = places[userID] { return place }
            let place = try makePlace(forUser: userID)
            places[userID] = place
            return place
        }
    }

    /// Makes the directory and opens the files of learner `userID`.
    private func makePlace(forUser userID: String) throws(RepositoryFailure) -> LearnerPlace {
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
        return LearnerPlace(directory: directory, cache: WorkspaceCache(fileURL: directory.appendingPathComponent("workspace.json")),
                            outbox: outbox)
    }
}
