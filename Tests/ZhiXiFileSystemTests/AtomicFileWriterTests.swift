import Foundation
import Testing
@testable import ZhiXiFileSystem

@Suite("AtomicFileWriter: whole or not at all, keeping what the file was")
struct AtomicFileWriterTests {
    @Test("a replaced file keeps its mode, a link stays a link, and no temporary file is left")
    func replaceKeepsModeAndLink() throws {
        let directory = try temporaryDirectory()
        let target = directory + "/real.json"
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        chmod(target, 0o640)
        let link = directory + "/link.json"
        #expect(symlink(target, link) == 0)
        try AtomicFileWriter.write(Data("new".utf8), to: link)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
        #expect(linkStatus(link).map { $0.st_mode & S_IFMT } == S_IFLNK)
        #expect(linkStatus(target).map { $0.st_mode & 0o7777 } == 0o640)
        #expect(try entries(directory) == ["link.json", "real.json"])
    }

    @Test("a file name of 250 bytes is written: the temporary name is short")
    func longName() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/" + String(repeating: "n", count: 245) + ".json"
        try AtomicFileWriter.write(Data("a".utf8), to: path)
        try AtomicFileWriter.write(Data("b".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "b")
    }

    @Test("a named pipe is written in place and stays a pipe")
    func pipeInPlace() throws {
        let directory = try temporaryDirectory()
        let fifo = directory + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reading end, opened without waiting, so the writer's open finds a reader.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        try AtomicFileWriter.write(Data("through the pipe".utf8), to: fifo)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(reader, &buffer, buffer.count)
        #expect(count > 0 && Array(buffer[0 ..< max(0, count)]) == Array("through the pipe".utf8))
        #expect(linkStatus(fifo).map { $0.st_mode & S_IFMT } == S_IFIFO)
    }

    @Test("temporary files of a killed writer (no lock held) are removed by the next write of the same file only")
    func abandonedTemporaryFiles() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/w.json"
        try Data("x".utf8).write(to: URL(fileURLWithPath: path))
        let prefix = TemporaryFiles.prefix(forFileNamed: "w.json")
        let abandoned = directory + "/" + prefix + "0123456789ab.tmp"
        try Data(repeating: 0x41, count: 1000).write(to: URL(fileURLWithPath: abandoned))
        let otherFile = directory + "/" + TemporaryFiles.prefix(forFileNamed: "other.json") + "0123456789ab.tmp"
        try Data(repeating: 0x41, count: 1000).write(to: URL(fileURLWithPath: otherFile))
        // One still held by a live writer (this process holds its lock) stays.
        let held = directory + "/" + prefix + "ba9876543210.tmp"
        try Data(repeating: 0x42, count: 10).write(to: URL(fileURLWithPath: held))
        let descriptor = open(held, O_RDONLY)
        #expect(flock(descriptor, LOCK_EX) == 0)
        defer { close(descriptor) }
        try AtomicFileWriter.write(Data("y".utf8), to: path)
        let left = try entries(directory)
        #expect(!left.contains(URL(fileURLWithPath: abandoned).lastPathComponent))
        #expect(left.contains(URL(fileURLWithPath: held).lastPathComponent))
        #expect(left.contains(URL(fileURLWithPath: otherFile).lastPathComponent))
    }
}
