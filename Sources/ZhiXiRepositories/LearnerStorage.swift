import Foundation
import ZhiXiCore
import ZhiXiDomain
import ZhiXiFileSystem
import ZhiXiReading
import ZhiXiServices

/// Where the app keeps each learner's data on the device: under `root`, a directory per
/// learner (``directory(forUser:)``: `users/<learner id in hex>/`, private: mode 0700, the
/// user's own, not a link; `PrivateDirectory` of ZhiXiFileSystem) holding the cached
/// workspace, the outbox, the reading positions and the reading-event queue, so learners who
/// share a device never see, plan from or send each other's data.
///
/// Two storages on the same root (two launches of the app) find the same files. Within one
/// storage each learner's cache and outbox are opened once and shared by every repository.
package final class LearnerStorage: Sendable {
    /// The directory everything is kept under.
    package let root: URL
    private let places = Locked<[String: LearnerPlace]>([:])

    /// A storage under `root` (created when first needed).
    package init(root: URL) {
        self.root = root
    }

    /// A learner's directory: `root/users/<name>`, the name by the package's one rule for a
    /// learner's folder (`LearnerDirectoryName` of ZhiXiFileSystem: the id's UTF-8 bytes in
    /// lowercase hex, `-` for an empty id), so that no id can name another path. O(id length).
    package func directory(forUser userID: String) -> URL {
        root.appendingPathComponent("users", isDirectory: true)
            .appendingPathComponent(LearnerDirectoryName.name(for: userID), isDirectory: true)
    }

    /// The files of learner `userID`, created when first needed.
    /// - Throws: `RepositoryFailure.storage(reason:)` when the directory or the outbox cannot be made.
    package func place(forUser userID: String) throws(RepositoryFailure) -> LearnerPlace {
        try places.withLock { (places) throws(RepositoryFailure) -> LearnerPlace in
            if let place = places[userID] { return place }
            let place = try makePlace(forUser: userID)
            places[userID] = place
            return place
        }
    }

    /// Removes `reading-positions.json` from the root, where versions before each learner had
    /// their own kept the positions of everyone who read on the device: it cannot tell whose
    /// they are, and the server holds each learner's progress. Returns whether there was one.
    @discardableResult
    package func removeSharedReadingPositions() -> Bool {
        let shared = root.appendingPathComponent("reading-positions.json")
        return (try? FileManager.default.removeItem(at: shared)) != nil
    }

    /// Forgets learner `userID` on this device: their directory and everything in it (the
    /// cached workspace, the outbox with the completions not yet sent, the reading positions
    /// and queue, the chat history, the chosen language) removed, and the files opened for them
    /// dropped, so that signing in again starts from the server alone. Returns whether there
    /// was a directory.
    /// - Throws: `RepositoryFailure.storage(reason:)` when the directory is there and cannot be removed.
    /// - Complexity: O(files in the directory).
    @discardableResult
    package func forget(user userID: String) throws(RepositoryFailure) -> Bool {
        places.withLock { places in places[userID] = nil }
        let directory = directory(forUser: userID)
        guard FileManager.default.fileExists(atPath: directory.path) else { return false }
        // Moved aside in one rename before it is removed: a write for the learner that began
        // before the sign-out (a history refresh finishing) then fails, instead of adding a
        // file to a directory while it is being emptied (which made the removal fail).
        let aside = root.appendingPathComponent(".forgotten-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.moveItem(at: directory, to: aside)
            try FileManager.default.removeItem(at: aside)
        } catch {
            throw .storage(reason: "\(directory.path) cannot be removed: \(error.localizedDescription)")
        }
        return true
    }

    /// Makes the directory and opens the files of learner `userID`.
    private func makePlace(forUser userID: String) throws(RepositoryFailure) -> LearnerPlace {
        let directory = directory(forUser: userID)
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
                            outbox: outbox, positions: FileReadingPositionStore(fileURL: directory.appendingPathComponent("reading-positions.json")))
    }
}
