import Foundation
import ZhiXiModel

/// Reading a learner workspace file, with errors that name the file, line, column and path.
enum WorkspaceFile {
    /// Reads and decodes a workspace.
    /// - Throws: 66 when the file is missing or unreadable, 65 when its JSON is malformed or does
    ///   not match the workspace's shape.
    static func read(_ path: String, context: CommandContext) throws(CommandError) -> (LearnerWorkspace, Data) {
        let data = try FileAccess.read(path, context: context)
        do {
            return (try LearnerWorkspace(jsonData: data), data)
        } catch {
            throw .dataError("\(FileAccess.displayName(path)): \(error.description)")
        }
    }
}
