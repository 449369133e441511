import Foundation
import ZhiXiModel

/// Adds records to a workspace file's arrays without re-encoding the rest (see
/// ``JSONSplice``): what `record` and `analyze --workspace` write. Every byte already there is
/// kept: a byte-order mark, and each line's ending (LF, CRLF or a lone CR, mixed as they are);
/// the lines added take the file's most common line ending.
enum WorkspaceSplice {
    /// The workspace in `data` (decoded, and checked as ``WorkspaceFile`` checks: no key twice,
    /// every value within its range), and a function that returns `data` with `elements`
    /// appended — each JSON text to the top-level array of its key — and checks that the
    /// result reads back with exactly those records more.
    /// - Throws: 65 naming `path` when the data is not a workspace, or the records cannot be
    ///   added without changing other data.
    static func open(_ data: Data, path: String) throws(CommandError) -> (workspace: LearnerWorkspace, append: Appender) {
        var bytes = [UInt8](data)
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let hasByteOrderMark = bytes.starts(with: byteOrderMark)
        if hasByteOrderMark { bytes.removeFirst(3) }
        let lineEnding = mostCommonLineEnding(in: bytes)
        let workspace = try WorkspaceFile.decode(Data(bytes), name: path)
        let original = bytes
        let appender = Appender { (elements) throws(CommandError) -> Data in
            var updated = original
            for (key, json) in elements {
                guard let spliced = JSONSplice.appending(json, toArray: key, in: updated, lineEnding: lineEnding) else {
                    throw .dataError("\(path): the workspace's top level is not an object with a \"\(key)\" array")
                }
                updated = spliced
            }
            // Never write a file that would not read back.
            guard let check = try? LearnerWorkspace(jsonData: Data(updated)),
                  check.sessions.count == workspace.sessions.count + elements.filter({ $0.key == "sessions" }).count,
                  check.analyses.count == workspace.analyses.count + elements.filter({ $0.key == "analyses" }).count,
                  check.sessions.prefix(workspace.sessions.count).elementsEqual(workspace.sessions),
                  check.analyses.prefix(workspace.analyses.count).elementsEqual(workspace.analyses) else {
                throw .dataError("\(path): cannot add the records without changing other data; the file is unchanged")
            }
            return Data((hasByteOrderMark ? byteOrderMark : []) + updated)
        }
        return (workspace, appender)
    }

    /// The line ending most lines of `bytes` end with: `\r\n`, `\n` or a lone `\r`; `\n`
    /// when there is no line break. O(n).
    static func mostCommonLineEnding(in bytes: [UInt8]) -> String {
        var crlf = 0, lf = 0, cr = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                    crlf += 1
                    index += 2
                    continue
                }
                cr += 1
            } else if bytes[index] == 0x0A {
                lf += 1
            }
            index += 1
        }
        if crlf > lf && crlf >= cr { return "\r\n" }
        if cr > lf && cr > crlf { return "\r" }
        return "\n"
    }

    /// Appends records to the opened workspace's bytes (see ``WorkspaceSplice/open(_:path:)``).
    struct Appender {
        let append: ([(key: String, json: String)]) throws(CommandError) -> Data

        init(_ append: @escaping ([(key: String, json: String)]) throws(CommandError) -> Data) {
            self.append = append
        }
    }

    /// `value` as indented JSON text with sorted keys, as a workspace element.
    static func elementJSON(_ value: some Encodable) throws(CommandError) -> String {
        let encoder = ZhiXiJSON.makeEncoder(prettyPrinted: true)
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw .ioError("cannot encode the record (\(error))")
        }
    }
}
