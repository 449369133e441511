import Foundation
import ZhiXiModel

/// Adds records to a workspace file's arrays without re-encoding the rest (see
/// ``JSONSplice``): what `record` and `analyze --workspace` write. A byte-order mark and CRLF
/// line endings are read and kept.
enum WorkspaceSplice {
    /// The workspace in `data` (decoded), and a function that returns `data` with `elements`
    /// appended — each JSON text to the top-level array of its key — and checks that the
    /// result reads back with exactly those records more.
    /// - Throws: 65 naming `path` when the data is not a workspace, or the records cannot be
    ///   added without changing other data.
    static func open(_ data: Data, path: String) throws(CommandError) -> (workspace: LearnerWorkspace, append: Appender) {
        var bytes = [UInt8](data)
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let hasByteOrderMark = bytes.starts(with: byteOrderMark)
        if hasByteOrderMark { bytes.removeFirst(3) }
        let usesCRLF = zip(bytes, bytes.dropFirst()).contains { $0 == 0x0D && $1 == 0x0A }
        if usesCRLF { bytes = replacing([0x0D, 0x0A], with: [0x0A], in: bytes) }
        let workspace: LearnerWorkspace
        do throws(WorkspaceDecodingError) {
            workspace = try LearnerWorkspace(jsonData: Data(bytes))
        } catch {
            throw .dataError("\(path): \(error.description)")
        }
        let original = bytes
        let appender = Appender { (elements) throws(CommandError) -> Data in
            var updated = original
            for (key, json) in elements {
                guard let spliced = JSONSplice.appending(json, toArray: key, in: updated) else {
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
            if usesCRLF { updated = replacing([0x0A], with: [0x0D, 0x0A], in: updated) }
            return Data((hasByteOrderMark ? byteOrderMark : []) + updated)
        }
        return (workspace, appender)
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

    /// `bytes` with every occurrence of `pattern` replaced by `replacement`. O(n).
    static func replacing(_ pattern: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 16)
        var index = 0
        while index < bytes.count {
            if bytes[index] == pattern[0], index + pattern.count <= bytes.count, Array(bytes[index ..< index + pattern.count]) == pattern {
                result.append(contentsOf: replacement)
                index += pattern.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }
}
