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
        guard data.withUnsafeBytes({ namesWorkspaceMember($0) }) else { throw notAWorkspace(name) }
        if let violation = WorkspaceBounds.firstViolation(in: workspace) {
            throw .dataError("\(name): \(violation.description)")
        }
        return workspace
    }

    /// The error for a JSON object that is not a workspace (`{"name": "my-app"}`, `{}`).
    static func notAWorkspace(_ name: String) -> CommandError {
        .dataError("\(name): is not a workspace: its object has none of a workspace's members ("
                   + LearnerWorkspace.memberNames.sorted().joined(separator: ", ") + ")")
    }

    /// Whether the JSON object in `bytes` (already decoded as a workspace) names one of a
    /// workspace's members: its first key, as a workspace file's is, in O(length of the key);
    /// else a scan of its top level, stopping at the first. O(size) at worst.
    static func namesWorkspaceMember(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func skipSpace() { while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 } }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return false }
        index += 1
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return false }
        let start = index + 1
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\""),
           LearnerWorkspace.memberNames.contains(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start ..< end]), as: UTF8.self)) {
            return true
        }
        var found = false
        _ = JSONSplice.topLevelMembers(of: [UInt8](bytes)) { key in
            found = LearnerWorkspace.memberNames.contains(key)
            return found
        }
        return found
    }
}
