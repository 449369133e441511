import Foundation
import ZhiXiModel

/// Reading a learner workspace, with errors that name the file, line, column and path: the
/// JSON is decoded (a key twice in one object is refused), then every numeric and date field
/// is checked against its range (``ZhiXiModel/WorkspaceBounds``), before any planning.
enum WorkspaceFile {
    /// Reads, decodes and checks a workspace (at most ``InputLimits/workspace`` bytes).
    /// - Throws: 66 when the file is missing or unreadable, 65 when it is empty, too large,
    ///   malformed, does not match the workspace's shape or holds a value out of range.
    static func read(_ path: String, context: CommandContext) throws(CommandError) -> (LearnerWorkspace, Data) {
        let data = try FileAccess.read(path, limit: InputLimits.workspace, format: .json, context: context)
        return (try decode(data, name: FileAccess.displayName(path)), data)
    }

    /// Decodes and checks the workspace in `data`, naming it `name` in errors.
    /// - Throws: 65 naming the line, column or field.
    static func decode(_ data: Data, name: String) throws(CommandError) -> LearnerWorkspace {
        let workspace: LearnerWorkspace
        do {
            workspace = try LearnerWorkspace(jsonData: data)
        } catch {
            throw .dataError("\(name): \(error.description)")
        }
        if let violation = WorkspaceBounds.firstViolation(in: workspace) {
            throw .dataError("\(name): \(violation.description)")
        }
        return workspace
    }
}
