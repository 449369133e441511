import Foundation
import ZhiXiFileSystem
import ZhiXiModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whose completions and skips an outbox holds: the `tasks` commands keep each learner's
/// actions apart, so that a learner who signs in after another never sends (or has refused
/// and dropped) the other's reviews.
///
/// - The default outbox is per learner: `<store>-outbox/<name>`, the name by the package's one
///   rule for a learner's folder (`LearnerDirectoryName`: the id's UTF-8 bytes in hex), as the
///   app names its `users/<name>`. Earlier versions named it otherwise
///   (``earlierDirectoryName(for:)``); such a folder is used where it is, never renamed
///   (``defaultDirectory(in:for:command:)``).
/// - Every outbox names its learner in a file `learner` (the id, then a newline; mode 0600),
///   written under the outbox's own `lock` the first time a learner uses it. An outbox that
///   names another learner is refused (exit 77) before anything is kept or sent.
/// - An outbox written before outboxes named their learner is claimed by the first learner
///   who opens it, with a warning.
enum OutboxLearner {
    /// The name of the file that names the outbox's learner.
    static let markerName = "learner"

    /// `learnerID`'s default outbox in `shared` (`<store>-outbox`):
    /// - the folder of the one rule (`LearnerDirectoryName`) when it exists, or when no folder
    ///   an earlier version named (``earlierDirectoryName(for:)``) does;
    /// - else that earlier folder, kept where it is: renaming it could move it away from an
    ///   earlier `zhixi-review` that has it open by its path, and keeping it loses nothing;
    /// - with both, the one rule's, and a warning that names the earlier folder's actions and
    ///   how to send them.
    ///
    /// O(length of the id + files in the two folders).
    /// - Returns: the directory and a warning to print, if any.
    /// - Throws: 77 when the one rule's folder holds actions but names no learner: only an
    ///   earlier version writes such a folder, for the learner whose plain id is its name, so
    ///   it is not this learner's.
    static func defaultDirectory(in shared: URL, for learnerID: String, command: String) throws(CommandError)
        -> (directory: URL, warning: String?) {
        let current = shared.appendingPathComponent(LearnerDirectoryName.name(for: learnerID), isDirectory: true)
        let earlier = shared.appendingPathComponent(earlierDirectoryName(for: learnerID), isDirectory: true)
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        let currentExists = manager.fileExists(atPath: current.path, isDirectory: &isDirectory)
        let earlierExists = manager.fileExists(atPath: earlier.path, isDirectory: &isDirectory) && isDirectory.boolValue
        guard currentExists else { return (earlierExists ? earlier : current, nil) }
        if !manager.fileExists(atPath: current.appendingPathComponent(markerName).path), actionFiles(in: current) > 0 {
            let owner = current.lastPathComponent
            throw .noPermission("\(command): the outbox \(current.path) holds actions an earlier version kept for learner \(owner) "
                + "and names no learner, and the saved session is learner \(learnerID)'s; nothing was kept or sent "
                + "(sign in as \(owner) to send them with 'zhixi-review tasks sync --outbox \(current.path)')")
        }
        let waiting = earlierExists ? actionFiles(in: earlier) : 0
        guard waiting > 0 else { return (current, nil) }
        return (current, "\(command): warning: \(waiting) action\(waiting == 1 ? "" : "s") of learner \(learnerID) recorded by an "
            + "earlier version wait in \(earlier.path); send them with 'zhixi-review tasks sync --outbox \(earlier.path)'")
    }

    /// The name earlier versions gave `learnerID`'s default outbox: a plain id
    /// (`[A-Za-z0-9._-]`, up to 100 bytes, not starting with a dot) as it is, anything else
    /// `x` + its UTF-8 bytes in hex. Read, never created. O(length of the id).
    static func earlierDirectoryName(for learnerID: String) -> String {
        let plain = learnerID.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F
        }
        if plain, !learnerID.isEmpty, !learnerID.hasPrefix("."), learnerID.utf8.count <= 100 { return learnerID }
        return learnerID.isEmpty ? "x" : "x" + LearnerDirectoryName.name(for: learnerID)
    }

    /// Makes sure the outbox in `directory` holds `learnerID`'s actions: names the learner in
    /// it when it names nobody yet, and refuses an outbox that names someone else.
    /// - Returns: a warning to print when an outbox of an earlier version (actions but no
    ///   learner named) was claimed, else `nil`.
    /// - Throws: 77 when the outbox names another learner; 74 when the name cannot be read
    ///   or written.
    static func claim(_ directory: URL, for learnerID: String, command: String) throws(CommandError) -> String? {
        let lockPath = directory.appendingPathComponent("lock").path
        let descriptor: Int32
        do throws(FileSystemError) {
            guard let opened = try PrivateFile.open(lockPath, writing: true, create: true) else {
                throw FileSystemError(.io, path: lockPath, reason: "vanished")
            }
            descriptor = opened
        } catch {
            throw error.kind == .permission || error.kind == .refused
                ? .noPermission("\(command): \(error); nothing was kept or sent") : .ioError("\(command): \(error)")
        }
        defer { close(descriptor) }
        do throws(FileSystemError) {
            try FileLock.lockWaiting(descriptor, path: lockPath)
        } catch {
            throw .ioError("\(command): \(error)")
        }
        defer { FileLock.unlock(descriptor) }

        let markerPath = directory.appendingPathComponent(markerName).path
        if let named = try namedLearner(markerPath, command: command) {
            guard named == learnerID else {
                throw .noPermission("\(command): the outbox \(directory.path) holds the actions of learner \(named), "
                    + "and the saved session is learner \(learnerID)'s; nothing was kept or sent "
                    + "(sign in as \(named) to send them, or give another --outbox)")
            }
            return nil
        }
        let waiting = actionFiles(in: directory)
        do throws(FileSystemError) {
            try AtomicFileWriter.write(Data((learnerID + "\n").utf8), to: markerPath, newFileMode: 0o600)
        } catch {
            throw .ioError("\(command): \(error)")
        }
        guard waiting > 0 else { return nil }
        return "\(command): warning: the outbox \(directory.path) named no learner (an earlier version wrote it); "
            + "its \(waiting) action\(waiting == 1 ? "" : "s") are now sent as learner \(learnerID)'s"
    }

    /// A warning when actions of an earlier version wait directly in `parent` (the shared
    /// outbox before outboxes were kept per learner), else `nil`.
    static func earlierOutboxWarning(_ parent: URL, command: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent.path, isDirectory: &isDirectory), isDirectory.boolValue,
              !FileManager.default.fileExists(atPath: parent.appendingPathComponent(markerName).path) else { return nil }
        let waiting = actionFiles(in: parent)
        guard waiting > 0 else { return nil }
        return "\(command): warning: \(waiting) action\(waiting == 1 ? "" : "s") recorded by an earlier version wait in "
            + "\(parent.path), kept apart from every learner's own outbox; the learner who made them sends them with "
            + "'zhixi-review tasks sync --outbox \(parent.path)'"
    }

    /// The learner `markerPath` names, `nil` when there is no such file. Only a marker this
    /// program wrote is believed (`PrivateFile`): another's is refused (77), never obeyed.
    private static func namedLearner(_ markerPath: String, command: String) throws(CommandError) -> String? {
        let data: Data
        do throws(FileSystemError) {
            guard let read = try PrivateFile.read(markerPath, limit: 4096) else { return nil }
            data = read
        } catch {
            throw error.kind == .permission || error.kind == .refused || error.kind == .tooLarge
                ? .noPermission("\(command): \(error); nothing was kept or sent") : .ioError("\(command): \(error)")
        }
        // The id as ``claim(_:for:command:)`` wrote it, byte for byte but the newline after it:
        // an id may begin or end with a space, and is then another learner's than without it.
        let name = String(decoding: data.last == UInt8(ascii: "\n") ? data.dropLast() : data[...], as: UTF8.self)
        guard !name.isEmpty else { throw .ioError("\(command): \(markerPath): names no learner; remove it to let the signed-in learner claim the outbox") }
        return name
    }

    /// How many action files (`*.json`, not hidden) wait directly in `directory`.
    private static func actionFiles(in directory: URL) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.count
    }

}
