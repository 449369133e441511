import Foundation

/// The directory of a durable store (the review-task outbox, the reading-event queue): found,
/// or created with its missing parents (mode 0700) when the caller allows it, and checked as
/// a store of secrets is (``PrivateDirectory``): the effective user's, open to nobody else, not
/// a symbolic link, reached through no other user's link. Another user can then neither plant
/// an entry that would be sent with the learner's token, nor lead the store's files elsewhere.
package enum StoreDirectory {
    /// Why a store's directory cannot be used.
    package enum Failure: Error, Sendable, Equatable {
        /// It does not exist, and creating it was not allowed.
        case missing
        /// A file, not a directory, is at its path.
        case notADirectory
        /// It does not exist and cannot be created; the reason as the system gave it.
        case cannotCreate(reason: String)
        /// It is not private: a symbolic link, another user's, open to group or others, or
        /// reached through another user's link; the reason in words. Nothing in it is used.
        case untrusted(reason: String)
    }

    /// Makes sure a private directory is at `directory`: creates it (and its missing parents,
    /// mode 0700) when it does not exist and `create` is `true`; refuses an existing one that
    /// is not private, never changing it. O(components of the path) system calls.
    /// - Throws: ``Failure``.
    package static func prepare(_ directory: URL, create: Bool) throws(Failure) {
        let path = directory.path
        do throws(FileSystemError) {
            if try PrivateDirectory.check(path) { return }
        } catch {
            if let status = SystemCalls.linkStatus(path), SystemCalls.type(status.st_mode) != S_IFDIR,
               SystemCalls.type(status.st_mode) != S_IFLNK {
                throw .notADirectory
            }
            throw error.kind == .permission ? .untrusted(reason: error.reason) : .cannotCreate(reason: error.reason)
        }
        guard create else { throw .missing }
        do throws(FileSystemError) {
            try PrivateDirectory.prepare(path)
        } catch {
            throw error.kind == .permission ? .untrusted(reason: error.reason) : .cannotCreate(reason: error.reason)
        }
    }
}
