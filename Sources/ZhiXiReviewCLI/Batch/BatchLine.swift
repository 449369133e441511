import Foundation
import ZhiXiCore
import ZhiXiModel
import ZhiXiFileSystem

/// The parts of a `--batch` mode that do not depend on the command: reading one input line as
/// a learner's workspace, and the error line for a learner that cannot be answered.
enum BatchLine {
    /// A line's workspace, or the error line saying why it cannot be read.
    static func workspace(_ line: LineReader.Line, inputName: String) -> Result<LearnerWorkspace, Failure> {
        if line.isTooLong {
            return .failure(Failure(line: line, userID: nil, message: "\(inputName) line \(line.number): the line is longer than "
                                    + "\(InputFile.describe(bytes: InputLimits.batchLine)), the most one learner's workspace may be"))
        }
        guard line.bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else {
            return .failure(Failure(line: line, userID: nil, message: "\(inputName) line \(line.number): the line is empty; "
                                    + "every line must hold one learner's workspace, a JSON object {…}"))
        }
        let decoded = line.bytes.withUnsafeBytes { buffer in
            Result { () throws(WorkspaceDecodingError) -> LearnerWorkspace in try LearnerWorkspace(jsonBytes: buffer) }
        }
        switch decoded {
        case .failure(let error):
            let place = error.path.isEmpty ? "" : error.path + ": "
            return .failure(Failure(line: line, userID: salvagedUserID(line.bytes),
                                    message: "\(inputName) line \(line.number), column \(error.column): \(place)\(error.reason)"))
        case .success(let workspace):
            guard line.bytes.withUnsafeBytes({ WorkspaceFile.namesWorkspaceMember($0) }) else {
                return .failure(Failure(line: line, userID: nil,
                                        message: WorkspaceFile.notAWorkspace("\(inputName) line \(line.number)").message))
            }
            // Every numeric and date field within its range, before any planning.
            if let violation = WorkspaceBounds.firstViolation(in: workspace) {
                return .failure(Failure(line: line, userID: workspace.user?.id ?? workspace.profile.userID,
                                        message: "\(inputName) line \(line.number): \(violation.description)"))
            }
            return .success(workspace)
        }
    }

    /// A learner that cannot be answered: `{"line": N, "userId": …|null, "error": "…"}`.
    struct Failure: Error {
        /// The input line's number, counted from 1.
        var lineNumber: Int
        /// The learner's id, when the line says it.
        var userID: String?
        /// What was wrong and where.
        var message: String

        /// A failure of `line`.
        init(line: LineReader.Line, userID: String?, message: String) {
            lineNumber = line.number
            self.userID = userID
            self.message = message
        }

        /// The error line, ending with a line break.
        var result: BatchRunner.LineResult {
            var text = UTF8Text(capacity: message.utf8.count + 64)
            text.append("{\"line\":")
            text.append(lineNumber)
            text.append(",\"userId\":")
            if let userID { text.appendJSONString(userID) } else { text.append("null") }
            text.append(",\"error\":")
            text.appendJSONString(message)
            text.append("}\n")
            return BatchRunner.LineResult(bytes: text.bytes, failed: true)
        }
    }

    /// The learner's id of a line that is JSON but not a valid workspace (`user.id`, else
    /// `profile.userId`), so its error line still says whose it is; `nil` otherwise. Only
    /// runs for lines that failed.
    static func salvagedUserID(_ bytes: ArraySlice<UInt8>) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { return nil }
        if let user = object["user"] as? [String: Any], let id = user["id"] as? String { return id }
        if let profile = object["profile"] as? [String: Any], let id = profile["userId"] as? String { return id }
        return nil
    }
}
