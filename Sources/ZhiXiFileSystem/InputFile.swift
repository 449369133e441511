import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole input with a limit on its size, whatever the path names: a regular file
/// (mapped into memory, its size checked before), a named pipe, `/dev/stdin`, a process
/// substitution (`<(…)`) or a character device (read as a stream, stopped at the limit).
///
/// | the path | reading it |
/// | --- | --- |
/// | a regular file larger than `limit` | refused at once (``FileSystemError/Kind-swift.enum/tooLarge``) |
/// | a stream that goes on past `limit` (`/dev/zero`, an endless pipe) | stops there (``FileSystemError/Kind-swift.enum/tooLarge``) |
/// | nothing at all (an empty file, `/dev/null`) | ``FileSystemError/Kind-swift.enum/empty`` |
/// | a directory, a socket, a block device | ``FileSystemError/Kind-swift.enum/refused`` |
///
/// ```swift
/// let data = try InputFile.read("workspace.json", limit: InputFile.gibibyte, format: .json)
/// ```
package enum InputFile {
    /// 1 MiB, in bytes.
    package static let mebibyte = 1 << 20
    /// 1 GiB, in bytes.
    package static let gibibyte = 1 << 30

    /// What an input must start with, checked as soon as its first bytes arrive, so an endless
    /// stream of something else (`/dev/zero`) is refused at once.
    package enum Format: Sendable, Hashable {
        /// Anything.
        case any
        /// JSON: after white space and a UTF-8 byte order mark, `{` or `[`.
        case json
        /// Text (CSV, JSON): no NUL byte in its first 64 KiB.
        case text
        /// Text, or a binary file that starts with one of these byte strings (an Anki
        /// collection's SQLite or zip signature).
        case textOrStarting(with: [[UInt8]])
    }

    /// The contents of the input at `path`, at most `limit` bytes.
    /// - Parameters:
    ///   - path: the input's path (a file, a named pipe, `/dev/stdin`, a character device).
    ///   - limit: the most bytes it may hold.
    ///   - format: what it must start with (checked on its first bytes).
    ///   - name: how the input is named in errors (default: `path`).
    /// - Throws: ``FileSystemError``: ``FileSystemError/Kind-swift.enum/missing`` when nothing
    ///   is there, ``FileSystemError/Kind-swift.enum/refused`` for something that is not an
    ///   input, ``FileSystemError/Kind-swift.enum/tooLarge``, ``FileSystemError/Kind-swift.enum/empty``,
    ///   ``FileSystemError/Kind-swift.enum/malformed`` (not the format), or
    ///   ``FileSystemError/Kind-swift.enum/io`` when reading fails.
    package static func read(_ path: String, limit: Int, format: Format = .any, name: String? = nil) throws(FileSystemError) -> Data {
        let shown = name ?? path
        guard !path.isEmpty, !path.utf8.contains(0) else { throw FileSystemError(.missing, path: shown, reason: "no such file") }
        guard let status = SystemCalls.status(path) else {
            let failure = errno
            throw FileSystemError(failure == ENOENT || failure == ENOTDIR ? .missing : .io, path: shown,
                                  reason: failure == ENOENT || failure == ENOTDIR ? "no such file" : "cannot be read (\(String(cString: strerror(failure))))")
        }
        let type = SystemCalls.type(status.st_mode)
        guard [S_IFREG, S_IFIFO, S_IFCHR].contains(type) else {
            throw FileSystemError(.refused, path: shown, reason: "is \(SystemCalls.describe(type: type)), not a file")
        }
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else {
            throw FileSystemError(.io, path: shown, reason: "cannot be read (\(FileSystemError.lastError))")
        }
        defer { close(descriptor) }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0 else {
            throw FileSystemError(.io, path: shown, reason: "cannot be examined (\(FileSystemError.lastError))")
        }
        if SystemCalls.type(opened.st_mode) == S_IFREG {
            guard opened.st_size > 0 else { throw FileSystemError(.empty, path: shown, reason: "is empty") }
            guard Int(opened.st_size) <= limit else {
                throw FileSystemError(.tooLarge, path: shown, reason: "is \(describe(bytes: Int(opened.st_size))), more than the "
                                      + "\(describe(bytes: limit)) this input may be")
            }
            let data = try mapped(descriptor, size: Int(opened.st_size), shownAs: shown)
            try check(data, format: format, shownAs: shown)
            return data
        }
        return try readStream(descriptor, limit: limit, format: format, name: shown)
    }

    /// Everything an open descriptor yields until its end (the standard input, a pipe), at
    /// most `limit` bytes, read as it comes.
    /// - Throws: ``FileSystemError`` as ``read(_:limit:format:name:)`` does.
    package static func readStream(_ descriptor: Int32, limit: Int, format: Format = .any, name: String) throws(FileSystemError) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var checked = format == .any
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                guard data.count + count <= limit else {
                    throw FileSystemError(.tooLarge, path: name, reason: "goes on past \(describe(bytes: limit)), "
                                          + "more than this input may be; nothing was read from it")
                }
                data.append(contentsOf: buffer[0 ..< count])
                if !checked, let decided = startsLike(format, data) {
                    guard decided else { throw notFormat(format, name) }
                    checked = true
                }
            } else if count == 0 {
                guard !data.isEmpty else { throw FileSystemError(.empty, path: name, reason: "is empty") }
                if !checked { try check(data, format: format, shownAs: name) }
                return data
            } else if errno != EINTR {
                throw FileSystemError(.io, path: name, reason: "cannot be read (\(FileSystemError.lastError))")
            }
        }
    }

    /// What ``readStream(_:limit:format:name:)`` reads, but empty data (not an error) for an
    /// input that holds nothing: for files the package keeps, which may be new. O(size).
    /// - Throws: ``FileSystemError`` of kind too large or I/O.
    package static func readStreamAllowingEmpty(_ descriptor: Int32, limit: Int, name: String) throws(FileSystemError) -> Data {
        do {
            return try readStream(descriptor, limit: limit, name: name)
        } catch where error.kind == .empty {
            return Data()
        }
    }

    /// Checks bytes already in memory against the limit and the format, as a read would.
    /// - Throws: ``FileSystemError`` of kind empty, too large or malformed.
    package static func check(_ data: Data, limit: Int, format: Format = .any, name: String) throws(FileSystemError) {
        guard !data.isEmpty else { throw FileSystemError(.empty, path: name, reason: "is empty") }
        guard data.count <= limit else {
            throw FileSystemError(.tooLarge, path: name, reason: "is \(describe(bytes: data.count)), more than the "
                                  + "\(describe(bytes: limit)) this input may be")
        }
        try check(data, format: format, shownAs: name)
    }

    /// A size in words: `1 GiB`, `64 MiB`, `512 KiB`, `100 bytes`.
    package static func describe(bytes: Int) -> String {
        if bytes >= gibibyte, bytes % gibibyte == 0 { return "\(bytes / gibibyte) GiB" }
        if bytes >= mebibyte, bytes % mebibyte == 0 { return "\(bytes / mebibyte) MiB" }
        if bytes >= 1024, bytes % 1024 == 0 { return "\(bytes / 1024) KiB" }
        if bytes >= mebibyte { return String(format: "%.1f MiB", Double(bytes) / Double(mebibyte)) }
        return "\(bytes) bytes"
    }

    private static func check(_ data: Data, format: Format, shownAs name: String) throws(FileSystemError) {
        guard format != .any else { return }
        let decided = startsLike(format, data)
        if let decided, !decided { throw notFormat(format, name) }
        if decided == nil, format == .json {
            throw FileSystemError(.empty, path: name, reason: "holds only white space")
        }
    }

    /// Whether `data` starts like `format`: `nil` while only white space has arrived.
    private static func startsLike(_ format: Format, _ data: Data) -> Bool? {
        switch format {
        case .any:
            return true
        case .textOrStarting(let signatures):
            let head = [UInt8](data.prefix(signatures.map(\.count).max() ?? 0))
            if signatures.contains(where: { head.starts(with: $0) }) { return true }
            if signatures.contains(where: { $0.starts(with: head) && head.count < $0.count }) { return nil }
            return startsLike(.text, data)
        case .text:
            // The first 64 KiB searched with memchr (Data's own iteration costs a call per byte).
            let headCount = min(data.count, 1 << 16)
            let holdsZero = data.withUnsafeBytes { bytes in
                headCount > 0 && memchr(bytes.baseAddress!, 0, headCount) != nil
            }
            if holdsZero { return false }
            return headCount == 1 << 16 ? true : nil
        case .json:
            var index = data.startIndex
            if data.count >= 3, data[index] == 0xEF, data[index + 1] == 0xBB, data[index + 2] == 0xBF { index += 3 }
            while index < data.endIndex {
                switch data[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                case UInt8(ascii: "{"), UInt8(ascii: "["): return true
                default: return false
                }
            }
            return nil
        }
    }

    private static func notFormat(_ format: Format, _ name: String) -> FileSystemError {
        FileSystemError(.malformed, path: name, reason: format != .json ? "holds NUL bytes: it is not a text file"
                        : "is not JSON: it does not start with { or [")
    }

    /// The file's bytes, mapped into memory (read with `read` where mapping is refused).
    private static func mapped(_ descriptor: Int32, size: Int, shownAs name: String) throws(FileSystemError) -> Data {
        if let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED {
            return Data(bytesNoCopy: address, count: size, deallocator: .custom { pointer, count in munmap(pointer, count) })
        }
        var data = Data(count: size)
        var done = 0
        while done < size {
            let count = data.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress! + done, size - done) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(.io, path: name, reason: "cannot be read (\(FileSystemError.lastError))")
            }
            if count == 0 { break }
            done += count
        }
        return data.prefix(done)
    }
}
