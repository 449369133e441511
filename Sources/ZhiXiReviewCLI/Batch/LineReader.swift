import Foundation
import ZhiXiFileSystem

/// Reads an input one line at a time without holding more of it than the current line and
/// one read buffer: the input of the `--batch` modes, which may be far larger than memory.
///
/// Each read fills a new block, which starts with the unfinished line of the block before; a
/// line is returned as a slice of its block, not a copy, so every input byte is copied once
/// (the unfinished end of a block, to the next) at most. The lines handed out keep their
/// blocks alive until they are dropped (a batch holds a few lines at once).
///
/// Lines end at `\n`; a `\r` before it is dropped, so CRLF input reads the same. The last
/// line needs no line break; an input that ends with a line break has no empty line after
/// it. A line longer than the limit (``InputLimits/batchLine``) is returned marked
/// ``Line/isTooLong`` without its bytes, and the input is not read past it (an endless input
/// such as `/dev/zero` has no next line to find). Reads from a file descriptor (a file, a
/// named pipe, `<(…)` or standard input) or, in tests, from bytes in memory.
final class LineReader {
    /// One line of the input, without its line break.
    struct Line {
        /// The line's number, counted from 1.
        var number: Int
        /// The line's bytes (empty when it is too long): a slice of the block it was read in.
        var bytes: ArraySlice<UInt8>
        /// `true` for a line longer than the reader's limit: its bytes were not kept, and the
        /// input ends after it.
        var isTooLong = false
    }

    private enum Source {
        case descriptor(Int32, closeWhenDone: Bool)
        case memory(Data)
    }

    private var source: Source
    /// The block read last: bytes not yet returned from `start`. Never changed in place
    /// once a line of it was handed out (``fill()`` makes a new block).
    private var buffer: [UInt8] = []
    private var start = 0
    private var endOfInput = false
    private var lineNumber = 0
    /// How the input is named in messages (`standard input` or the path).
    let name: String
    /// The longest line, in bytes.
    let lineLimit: Int
    /// Whether a line that does not start (after white space and a byte order mark) with `{` keeps only its first
    /// ``keptOfOtherLines`` bytes in memory: it cannot be a JSON object, and its error needs no more.
    let trimsLinesOtherThanObjects: Bool
    /// The bytes kept of a line that is not an object.
    static let keptOfOtherLines = 4096
    /// Bytes of the current line dropped so far (see ``trimsLinesOtherThanObjects``).
    private var dropped = 0
    /// How far from `start` the current line is known to be white space only, and whether its
    /// first other byte showed it is not an object (decided once per line).
    private var blankPrefix = 0
    private var isOtherThanObject: Bool?
    /// The number of the line after which nothing more was read, and why.
    private(set) var stoppedAtLine: Int?
    /// Why the input was not read past ``stoppedAtLine``.
    private(set) var stopReason = ""
    /// Lines in a row that are not JSON objects after which an input that trims them (see
    /// ``trimsLinesOtherThanObjects``) is taken for something other than JSON lines (an
    /// endless stream of bytes such as `/dev/urandom`) and not read further.
    static let otherLinesInARow = 1000
    private var otherLinesSoFar = 0
    /// The bytes each read asks for at least.
    private static let readSize = 1 << 18

    /// A reader of the file at `path`, or of standard input for `-` (the context's, so tests
    /// can feed it).
    /// - Throws: ``CommandError/noInput(_:)`` (66) when the file does not exist, is a folder or
    ///   cannot be opened.
    init(path: String, context: CommandContext, lineLimit: Int = InputLimits.batchLine,
         trimsLinesOtherThanObjects: Bool = false) throws(CommandError) {
        name = FileAccess.displayName(path)
        self.lineLimit = lineLimit
        self.trimsLinesOtherThanObjects = trimsLinesOtherThanObjects
        if path == "-" {
            source = context.standardInputBytes.map { .memory($0) } ?? .descriptor(0, closeWhenDone: false)
            return
        }
        guard let status = FileStatus.at(path) else {
            throw .noInput("\(path): \(errno == ENOENT || errno == ENOTDIR ? "no such file" : String(cString: strerror(errno)))")
        }
        switch status.type {
        case S_IFREG, S_IFIFO, S_IFCHR: break
        case S_IFDIR: throw .noInput("\(path): is a directory, not a file")
        default: throw .noInput("\(path): is not a file (a socket or a block device)")
        }
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else {
            throw .noInput("\(path): cannot be read (\(String(cString: strerror(errno))))")
        }
        source = .descriptor(descriptor, closeWhenDone: true)
    }

    deinit {
        if case .descriptor(let descriptor, true) = source { close(descriptor) }
    }

    /// The next line, or `nil` at the end of the input. O(length of the line).
    /// - Throws: ``CommandError/noInput(_:)`` (66) when reading fails part way.
    func next() throws(CommandError) -> Line? {
        guard stoppedAtLine == nil else { return nil }
        var searchFrom = start
        while true {
            if let newline = Self.firstLineFeed(in: buffer, from: searchFrom) {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                lineNumber += 1
                defer { dropped = 0; blankPrefix = 0; isOtherThanObject = nil }
                if end - start + dropped > lineLimit {
                    start = newline + 1
                    return Line(number: lineNumber, bytes: [], isTooLong: true)
                }
                let line = buffer[start ..< end]
                start = newline + 1
                noteWhetherObject(line, dropped: dropped)
                return Line(number: lineNumber, bytes: line)
            }
            if endOfInput {
                guard start < buffer.count else { return nil }
                var end = buffer.count
                if buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                lineNumber += 1
                defer { dropped = 0; blankPrefix = 0; isOtherThanObject = nil }
                if end - start + dropped > lineLimit {
                    start = buffer.count
                    return Line(number: lineNumber, bytes: [], isTooLong: true)
                }
                let line = buffer[start ..< end]
                start = buffer.count
                noteWhetherObject(line, dropped: dropped)
                return Line(number: lineNumber, bytes: line)
            }
            // A line that cannot be an object keeps only its start.
            if trimsLinesOtherThanObjects, isOtherThanObject == nil {
                let index = buffer.withUnsafeBufferPointer { bytes in
                    var index = start + blankPrefix
                    while index < bytes.count, Self.isBlank(bytes[index]) { index += 1 }
                    return index
                }
                blankPrefix = index - start
                if index < buffer.count { isOtherThanObject = buffer[index] != UInt8(ascii: "{") }
            }
            if isOtherThanObject == true, buffer.count - start > Self.keptOfOtherLines {
                let keptEnd = start + Self.keptOfOtherLines
                dropped += buffer.count - keptEnd
                buffer.removeSubrange(keptEnd...)
            }
            // A line longer than the limit: not kept, and the end of what is read.
            if buffer.count - start + dropped > lineLimit {
                lineNumber += 1
                stoppedAtLine = lineNumber
                stopReason = "which is too long"
                buffer = []
                start = 0
                dropped = 0
                blankPrefix = 0
                isOtherThanObject = nil
                return Line(number: lineNumber, bytes: [], isTooLong: true)
            }
            // Read more after the unfinished line (moved to the start of the next block).
            searchFrom = buffer.count - start
            try fill()
        }
    }

    /// White space before a JSON value, or a byte of a UTF-8 byte order mark (EF BB BF).
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0xEF || byte == 0xBB || byte == 0xBF
    }

    /// Counts a line that is not a JSON object (see ``otherLinesInARow``); after too many in a
    /// row, the input ends there.
    private func noteWhetherObject(_ line: ArraySlice<UInt8>, dropped: Int) {
        guard trimsLinesOtherThanObjects else { return }
        let first = line.first { !Self.isBlank($0) }
        if first == UInt8(ascii: "{") && dropped == 0 {
            otherLinesSoFar = 0
            return
        }
        otherLinesSoFar += 1
        if otherLinesSoFar >= Self.otherLinesInARow {
            stoppedAtLine = lineNumber
            stopReason = "the last of \(Self.otherLinesInARow) lines in a row that are not JSON objects: the input is not JSON lines"
        }
    }

    /// The index of the first `\n` in `bytes` from `start`, found with `memchr`.
    private static func firstLineFeed(in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard start < buffer.count, let base = buffer.baseAddress,
                  let found = memchr(base + start, 0x0A, buffer.count - start) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Replaces `buffer` with a new block: the unfinished line (from `start`) followed by the
    /// next bytes of the input, read straight into the block; or sets `endOfInput`. A block
    /// has room for at least twice its unfinished line, so a long line is copied O(1) times
    /// per byte as it grows.
    private func fill() throws(CommandError) {
        let unfinished = buffer.count - start
        switch source {
        case .memory(let data):
            var block = [UInt8]()
            block.reserveCapacity(unfinished + data.count)
            block.append(contentsOf: buffer[start...])
            block.append(contentsOf: data)
            buffer = block
            start = 0
            source = .memory(Data())
            endOfInput = true
        case .descriptor(let descriptor, _):
            let capacity = unfinished + max(Self.readSize, unfinished)
            var failure: Int32 = 0
            let block = buffer.withUnsafeBufferPointer { old in
                [UInt8](unsafeUninitializedCapacity: capacity) { storage, initialized in
                    if unfinished > 0, let from = old.baseAddress, let to = storage.baseAddress {
                        to.initialize(from: from + start, count: unfinished)
                    }
                    initialized = unfinished
                    while true {
                        let count = read(descriptor, storage.baseAddress! + unfinished, capacity - unfinished)
                        if count >= 0 {
                            initialized = unfinished + count
                            return
                        }
                        if errno != EINTR {
                            failure = errno
                            return
                        }
                    }
                }
            }
            buffer = block
            start = 0
            if failure != 0 {
                let reason = String(cString: strerror(failure))
                throw .noInput("\(name): cannot be read after line \(lineNumber) (\(reason))")
            }
            if block.count == unfinished { endOfInput = true }
        }
    }
}
