import Foundation
import ZhiXiCore

extension LearnerWorkspace {
    /// Decodes a workspace from UTF-8 JSON, many times faster than `JSONDecoder` and with
    /// identical results: the input path of `zhixi-review plan`.
    ///
    /// Reads the bytes once, straight into the model types, without an intermediate tree;
    /// O(size of `jsonData`) time and no memory beyond the workspace itself. A leading
    /// UTF-8 byte order mark is skipped.
    ///
    /// - Throws: ``WorkspaceDecodingError`` naming the line, the column and the JSON path
    ///   of the first problem, for malformed JSON and for values of the wrong shape alike, and
    ///   for a key that appears twice in one object (see `JSONDuplicateKeyScanner` in ZhiXiCore).
    public init(jsonData: Data) throws(WorkspaceDecodingError) {
        let result = jsonData.withUnsafeBytes { Self.decodeResult(from: $0) }
        self = try result.get()
    }

    /// Decodes a workspace from the UTF-8 JSON in `jsonBytes`; see ``init(jsonData:)``.
    ///
    /// The bytes are only read during the call; nothing refers to them afterwards.
    public init(jsonBytes: UnsafeRawBufferPointer) throws(WorkspaceDecodingError) {
        self = try Self.decodeResult(from: jsonBytes).get()
    }

    /// Inputs of at least this many bytes (1 MiB) are scanned for duplicate keys while they
    /// are decoded, on two threads.
    static let concurrentScanBytes = 1 << 20

    /// Decodes `bytes`, returning the workspace or the located error.
    private static func decodeResult(
        from bytes: UnsafeRawBufferPointer
    ) -> Result<LearnerWorkspace, WorkspaceDecodingError> {
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            return .failure(WorkspaceDecodingError(
                line: 1, column: 1, byteOffset: 0, path: "",
                reason: "the input is empty; expected a workspace object {…}"))
        }
        let pointer = base.assumingMemoryBound(to: UInt8.self)
        let hasByteOrderMark = bytes.count >= 3 && pointer[0] == 0xEF && pointer[1] == 0xBB && pointer[2] == 0xBF
        // The scan for a key twice in one object is a pass of its own over the bytes; for a
        // large input it runs beside the decode on the library's workers (a small one, such
        // as a line of a batch that already keeps every core busy, scans after it).
        nonisolated(unsafe) var duplicate: JSONDuplicateKey?
        nonisolated(unsafe) var decoded: Result<LearnerWorkspace, JSONReadFailure> = .failure(JSONReadFailure(offset: 0, reason: ""))
        let decode = {
            var reader = JSONByteReader(base: pointer, count: bytes.count, offset: hasByteOrderMark ? 3 : 0)
            decoded = Result { () throws(JSONReadFailure) -> LearnerWorkspace in
                let workspace = try LearnerWorkspace(reading: &reader)
                guard reader.isAtEnd() else {
                    throw reader.syntaxError(
                        "unexpected \(reader.describeValue(at: reader.offset)) after the end of the workspace object")
                }
                return workspace
            }
        }
        if bytes.count >= Self.concurrentScanBytes {
            WorkerPool.current.forEach(count: 2) { part in
                if part == 0 { decode() } else { duplicate = JSONDuplicateKeyScanner.firstDuplicate(in: bytes) }
            }
        } else {
            decode()
            if case .success = decoded { duplicate = JSONDuplicateKeyScanner.firstDuplicate(in: bytes) }
        }
        do throws(JSONReadFailure) {
            let workspace = try decoded.get()
            // A key twice in one object: readers keeping the first and the last would see
            // different workspaces, so neither is chosen (reported only for input that decodes).
            if let duplicate {
                let located = WorkspaceDecodingError(JSONReadFailure(offset: duplicate.byteOffset, reason: ""), in: bytes)
                return .failure(WorkspaceDecodingError(
                    line: located.line, column: located.column, byteOffset: duplicate.byteOffset, path: duplicate.path,
                    reason: "the key \"\(duplicate.key)\" appears twice in this object (first on line \(duplicate.firstLine)); "
                        + "readers differ on which one counts, so remove one of them"))
            }
            return .success(workspace)
        } catch {
            return .failure(WorkspaceDecodingError(error, in: bytes))
        }
    }
}
