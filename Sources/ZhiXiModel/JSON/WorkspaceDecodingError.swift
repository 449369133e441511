import Foundation

/// Why `LearnerWorkspace(jsonData:)` could not read a workspace, and where: the line, the
/// column and the JSON path of the offending value.
///
/// Its ``description`` is one line meant for a person, for example
/// `line 1204, column 17: sessions[311].masteryScore: expected a number, found "high"`.
public struct WorkspaceDecodingError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The line of the offending byte, counted from 1.
    public let line: Int
    /// The column of the offending byte, counted from 1 in characters (Unicode scalars),
    /// so a Chinese character counts as one column.
    public let column: Int
    /// The offset of the offending byte from the start of the input, counted from 0.
    public let byteOffset: Int
    /// The JSON path of the value being read, such as `sessions[311].masteryScore`;
    /// empty when the fault is in the top-level object itself.
    public let path: String
    /// What was wrong, such as `expected a number, found "high"`.
    public let reason: String

    /// Creates an error from its parts.
    public init(line: Int, column: Int, byteOffset: Int, path: String, reason: String) {
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
        self.path = path
        self.reason = reason
    }

    /// `line L, column C: PATH: REASON` (without `PATH: ` at the top level).
    public var description: String {
        path.isEmpty
            ? "line \(line), column \(column): \(reason)"
            : "line \(line), column \(column): \(path): \(reason)"
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }

    /// Locates `failure` in `bytes`: counts lines and columns up to its offset. O(offset).
    init(_ failure: JSONReadFailure, in bytes: UnsafeRawBufferPointer) {
        let end = min(max(failure.offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        var column = 1
        for index in lineStart..<end where bytes[index] & 0xC0 != 0x80 {
            column += 1
        }
        self.init(line: line, column: column, byteOffset: end, path: failure.pathText, reason: failure.reason)
    }
}
