import Foundation
import ZhiXiDomain
import ZhiXiFileSystem
import ZhiXiModel

/// A learner's workspace kept on the device (`workspace.json`): what the last pull brought,
/// with the learner's own completions and skips written in. The offline plan is made from it.
///
/// Reads and writes go through this actor, so changes made in one process do not overwrite
/// each other (read, change and write happen without a suspension). Each write replaces the
/// file whole or not at all (`AtomicFileWriter` of ZhiXiFileSystem: temporary file, flush,
/// rename, directory flush), mode 0600 when created; reads are bounded (`InputFile`, at most
/// 1 GiB). A file that cannot be read as a workspace (empty, not JSON, too large, not a
/// workspace) counts as absent: it is a cache, the next pull rebuilds it, and the learner's
/// unsent actions are in the outbox, not here.
package actor WorkspaceCache {
    /// The file.
    package nonisolated let fileURL: URL
    /// The workspace as last read or written; `.none` until the file was read.
    private var memory: LearnerWorkspace??

    /// The cache in `fileURL` (its directory must exist before the first write).
    package init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// The workspace kept, `nil` when there is none (or the file is not a workspace).
    /// - Throws: `RepositoryFailure.storage(reason:)` when the file exists but cannot be read.
    package func read() throws(RepositoryFailure) -> LearnerWorkspace? {
        if let memory { return memory }
        let loaded = try load()
        memory = .some(loaded)
        return loaded
    }

    /// Changes the workspace kept (`nil` when there is none) and writes the result; a change
    /// that leaves `nil` writes nothing. Returns the workspace written.
    /// - Throws: `RepositoryFailure.storage(reason:)`; then the file and the memory are as before.
    @discardableResult
    package func update(_ change: @Sendable (inout LearnerWorkspace?) -> Void) throws(RepositoryFailure) -> LearnerWorkspace? {
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
        do throws(FileSystemError) {
            try AtomicFileWriter.write(data, to: fileURL.path, newFileMode: 0o600)
        } catch {
            throw .storage(reason: error.description)
        }
        memory = .some(workspace)
    }

    private func load() throws(RepositoryFailure) -> LearnerWorkspace? {
        let data: Data
        do throws(FileSystemError) {
            data = try InputFile.read(fileURL.path, limit: Self.limit, format: .json)
        } catch {
            switch error.kind {
            case .missing, .empty, .malformed, .tooLarge: return nil
            default: throw .storage(reason: error.description)
            }
        }
        return try? LearnerWorkspace(jsonData: data)
    }

    /// The largest workspace read, in bytes: 1 GiB, as the command line's.
    static let limit = InputFile.gibibyte
}
