import Foundation
import ZhiXiCore
import ZhiXiDomain
import ZhiXiModel

/// A learner's workspace kept on the device (`workspace.json`): what the last pull brought,
/// with the learner's own completions and skips written in. The offline plan is made from it.
///
/// Reads and writes go through this actor, so changes made in one process do not overwrite
/// each other (read, change and write happen without a suspension). Each write replaces the
/// file whole or not at all (`AtomicFile`: temporary file, flush, rename, directory flush),
/// mode 0600. A file that cannot be read as a workspace counts as absent: it is a cache, the
/// next pull rebuilds it, and the learner's unsent actions are in the outbox, not here.
public actor WorkspaceCache {
    /// The file.
    public nonisolated let fileURL: URL
    /// The workspace as last read or written; `.none` until the file was read.
    private var memory: LearnerWorkspace??

    /// The cache in `fileURL` (its directory must exist before the first write).
    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// The workspace kept, `nil` when there is none (or the file is not a workspace).
    /// - Throws: `RepositoryFailure.storage(reason:)` when the file exists but cannot be read.
    public func read() throws(RepositoryFailure) -> LearnerWorkspace? {
        if let memory { return memory }
        let loaded = try load()
        memory = .some(loaded)
        return loaded
    }

    /// Changes the workspace kept (`nil` when there is none) and writes the result; a change
    /// that leaves `nil` writes nothing. Returns the workspace written.
    /// - Throws: `RepositoryFailure.storage(reason:)`; then the file and the memory are as before.
    @discardableResult
    public func update(_ change: @Sendable (inout LearnerWorkspace?) -> Void) throws(RepositoryFailure) -> LearnerWorkspace? {
        var workspace = try read()
        change(&workspace)
        guard let workspace else { return nil }
        try write(workspace)
        return workspace
    }

    private func write(_ workspace: LearnerWorkspace) throws(RepositoryFailure) {
        let data: Data
        do {
            data = try ZhiXiJSON.makeEncoder().encode(workspace)
        } catch {
            throw .storage(reason: "the workspace cannot be encoded: \(error)")
        }
        do throws(AtomicFile.Failure) {
            try AtomicFile.write(data, to: fileURL.path)
        } catch {
            throw .storage(reason: error.description)
        }
        memory = .some(workspace)
    }

    private func load() throws(RepositoryFailure) -> LearnerWorkspace? {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch {
            throw .storage(reason: "reading \(fileURL.path) failed: \(error.localizedDescription)")
        }
        return try? LearnerWorkspace(jsonData: data)
    }
}
