import Foundation

/// The directory of a durable store (the review-task outbox, the reading-event queue): found,
/// or created with its missing parents (mode 0700) when the caller allows it.
public enum StoreDirectory {
    /// Why a store's directory cannot be used.
    public enum Failure: Error, Sendable, Equatable {
        /// It does not exist, and creating it was not allowed.
        case missing
        /// A file, not a directory, is at its path.
        case notADirectory
        /// It does not exist and cannot be created; the reason as the system gave it.
        case cannotCreate(reason: String)
    }

    /// Makes sure a directory is at `directory`: creates it (and its missing parents, mode
    /// 0700) when it does not exist and `create` is `true`. An existing directory is left as
    /// it is. O(1) system calls.
    /// - Throws: ``Failure``.
    public static func prepare(_ directory: URL, create: Bool) throws(Failure) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .notADirectory }
            return
        }
        guard create else { throw .missing }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotCreate(reason: error.localizedDescription)
        }
    }
}
