import Foundation

/// Reads an input one line at a time without holding more of it than the current line and
/// one read buffer: the input of the `--batch` modes, which may be far larger than memory.
///
/// Lines end at `\n`; a `\r` before it is dropped, so CRLF input reads the same. The last
/// line needs no line break; an input that ends with a line break has no empty line after
/// it. Reads from a file descriptor (a file or standard input) or, in tests, from bytes in
/// memory.
final class LineReader {
    /// One line of the input, without its line break.
    struct Line {
        /// The line's number, counted from 1.
        var number: Int
        /// The line's bytes.
        var bytes: [UInt8]
    }

    private enum Source {
        case descriptor(Int32, closeWhenDone: Bool)
        case memory(Data)
    }

    private var source: Source
    /// Bytes read but not yet returned, from `start`.
    private var buffer: [UInt8] = []
    private var start = 0
    private var endOfInput = false
    private var lineNumber = 0
    /// How the input is named in messages (`standard input` or the path).
    let name: String
    private static let readSize = 1 << 18

    /// A reader of the file at `path`, or of standard input for `-` (the context's, so tests
    /// can feed it).
    /// - Throws: ``CommandError/noInput(_:)`` (66) when the file does not exist, is a folder or
    ///   cannot be opened.
    init(path: String, context: CommandContext) throws(CommandError) {
        name = FileAccess.displayName(path)
        if path == "-" {
            source = context.standardInputBytes.map { .memory($0) } ?? .descriptor(0, closeWhenDone: false)
            return
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .noInput("\(path): no such file")
        }
        guard !isDirectory.boolValue else { throw .noInput("\(path): is a directory, not a file") }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
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
        var searchFrom = start
        while true {
            if let newline = buffer[searchFrom...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = Array(buffer[start ..< end])
                start = newline + 1
                lineNumber += 1
                return Line(number: lineNumber, bytes: line)
            }
            if endOfInput {
                guard start < buffer.count else { return nil }
                var end = buffer.count
                if buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = Array(buffer[start ..< end])
                start = buffer.count
                lineNumber += 1
                return Line(number: lineNumber, bytes: line)
            }
            // Keep the unfinished line, then read more after it.
            if start > 0 {
                buffer.removeSubrange(0 ..< start)
                start = 0
            }
            searchFrom = buffer.count
            try fill()
        }
    }

    /// Appends the next chunk of the input to `buffer`, or sets `endOfInput`.
    private func fill() throws(CommandError) {
        switch source {
        case .memory(let data):
            buffer.append(contentsOf: data)
            source = .memory(Data())
            endOfInput = true
        case .descriptor(let descriptor, _):
            let oldCount = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: Self.readSize))
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + oldCount, Self.readSize) }
                if count >= 0 {
                    buffer.removeSubrange((oldCount + count)...)
                    if count == 0 { endOfInput = true }
                    return
                }
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                buffer.removeSubrange(oldCount...)
                throw .noInput("\(name): cannot be read after line \(lineNumber) (\(reason))")
            }
        }
    }
}
