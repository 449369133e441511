import Foundation
import Testing
@testable import ZhiXiFileSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file opened without blocking on anything else at its path: a named pipe with no
/// writer (which a plain `open` for reading waits on for ever), a link to a device, a
/// directory, a socket are refused, saying what they are; a missing file is `nil`.
@Suite struct RegularFileTests {
    @Test func aRegularFileOpensAndReads() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/file"
        try Data("contents".utf8).write(to: URL(fileURLWithPath: path))
        let link = directory + "/link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        for name in [path, link] {
            let file = try #require(try RegularFile.openForReading(name))
            defer { file.close() }
            #expect(file.status.isRegularFile && file.status.size == 8)
            var bytes = [UInt8](repeating: 0, count: 8)
            #expect(bytes.withUnsafeMutableBytes { read(file.descriptor, $0.baseAddress, 8) } == 8)
            #expect(String(decoding: bytes, as: UTF8.self) == "contents")
        }
        #expect(try RegularFile.openForReading(directory + "/missing") == nil)
        #expect(try RegularFile.openForReading(directory + "/missing/below") == nil)
    }

    @Test func aNamedPipeWithNoWriterIsRefusedWithoutWaiting() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pipe = directory + "/collection.anki2-wal"
        #expect(mkfifo(pipe, 0o600) == 0)
        let error = try #require(throws: FileSystemError.self) { try RegularFile.openForReading(pipe) }
        #expect(error.kind == .refused)
        #expect(error.reason == "is a named pipe (FIFO), not a regular file")
        let link = directory + "/link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: pipe)
        #expect(throws: FileSystemError.self) { try RegularFile.openForReading(link) }
    }

    @Test func devicesDirectoriesAndSocketsAreRefused() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let zero = directory + "/zero"
        try FileManager.default.createSymbolicLink(atPath: zero, withDestinationPath: "/dev/zero")
        #expect((try? RegularFile.openForReading(zero)) == nil)
        let error = try #require(throws: FileSystemError.self) { try RegularFile.openForReading(zero) }
        #expect(error.reason == "is a character device, not a regular file")
        let folder = try #require(throws: FileSystemError.self) { try RegularFile.openForReading(directory) }
        #expect(folder.reason == "is a directory, not a regular file")
        let socketPath = directory + "/socket"
        #if os(Linux)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        let socketDescriptor = socket(AF_UNIX, stream, 0)
        defer { close(socketDescriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in socketPath.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        let refused = try #require(throws: FileSystemError.self) { try RegularFile.openForReading(socketPath) }
        #expect(refused.reason == "is a socket, not a regular file")
    }
}
