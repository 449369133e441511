import Foundation
import ZhiXiFileSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A secure store in a private directory, for Linux, servers and command-line tools: one
/// file per key, files mode 0600 in a directory mode 0700 owned by the current user. The
/// directory is created that way; an existing one that is a link, another user's, or open to
/// group or others is refused, never changed.
///
/// Writes are atomic, through `AtomicFileWriter` (ZhiXiFileSystem): the data goes to a
/// temporary file created exclusively (`O_EXCL`, never following a symbolic link) in the
/// same directory, is flushed to disk (`fsync`; `F_FULLFSYNC` on Apple platforms), then
/// renamed over the key's file, and the directory is flushed so the rename survives a crash.
/// A reader sees the old secret or the new one, never a mix. Files are opened without
/// following symbolic links, so a link planted in the directory cannot redirect a secret
/// elsewhere.
public struct FileSecureStore: SecureStore {
    /// The directory holding the secrets.
    public let directory: URL

    /// The largest secret read, in bytes (1 MiB): anything larger is not ours.
    static let maximumSize = 1 << 20

    /// A store in `directory`, created (mode 0700) on the first write.
    public init(directory: URL) {
        self.directory = directory.standardizedFileURL
    }

    /// The user's configuration directory for `zhixi-review`:
    /// `$XDG_CONFIG_HOME/zhixi-review`, else `$HOME/.config/zhixi-review`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let configuration = environment["XDG_CONFIG_HOME"], configuration.hasPrefix("/") {
            return URL(fileURLWithPath: configuration, isDirectory: true).appendingPathComponent("zhixi-review", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".config", isDirectory: true)
            .appendingPathComponent("zhixi-review", isDirectory: true)
    }

    /// The file that holds the secret under `key`.
    public func fileURL(forKey key: String) throws(SecureStoreError) -> URL {
        try Self.validate(key)
        return directory.appendingPathComponent(key, isDirectory: false)
    }

    /// The data under `key`, or `nil` when its file does not exist.
    /// - Throws: ``SecureStoreError/unreadable(key:reason:)`` when the file exists but is
    ///   not a regular file, is larger than 1 MiB or cannot be read.
    public func data(forKey key: String) throws(SecureStoreError) -> Data? {
        let path = try fileURL(forKey: key).path
        // Never waits: a named pipe put where a secret should be is refused, not read.
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw .unreadable(key: key, reason: "\(path): \(Self.lastError)")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(key: key, reason: "\(path): \(Self.lastError)") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .unreadable(key: key, reason: "\(path) is not a regular file") }
        guard Int(info.st_size) <= Self.maximumSize else {
            throw .unreadable(key: key, reason: "\(path) is \(info.st_size) bytes, more than a secret can be")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw .unreadable(key: key, reason: "\(path): \(Self.lastError)") }
            if got == 0 { break }
            count += got
        }
        guard count <= Self.maximumSize else { throw .unreadable(key: key, reason: "\(path) grew while being read") }
        return Data(bytes[..<count])
    }

    /// Saves `data` under `key` atomically (temporary file, flushed to disk, rename,
    /// directory flushed), creating the directory (0700) if needed; the file is mode 0600.
    /// - Throws: ``SecureStoreError/insecureDirectory(path:reason:)`` or
    ///   ``SecureStoreError/unwritable(key:reason:)``; the previous secret is then unchanged.
    public func setData(_ data: Data, forKey key: String) throws(SecureStoreError) {
        let path = try fileURL(forKey: key).path
        try prepareDirectory()
        do {
            try AtomicFileWriter.replaceFile(at: path, with: data, mode: 0o600)
        } catch {
            throw .unwritable(key: key, reason: error.reason)
        }
    }

    /// Removes the file of `key`; nothing happens when there is none.
    /// - Throws: ``SecureStoreError/unwritable(key:reason:)`` when it cannot be removed.
    public func removeData(forKey key: String) throws(SecureStoreError) {
        let path = try fileURL(forKey: key).path
        do {
            try AtomicFileWriter.removeFile(at: path)
        } catch {
            throw .unwritable(key: key, reason: error.reason)
        }
    }

    // MARK: - The directory

    /// Creates the directory with mode 0700 if it is missing (its missing parents too, 0700
    /// whatever the umask); refuses one that is a symbolic link, not a directory, another
    /// user's, or open to group or others. An existing directory is never changed
    /// (`PrivateDirectory` in ZhiXiFileSystem).
    private func prepareDirectory() throws(SecureStoreError) {
        do {
            try PrivateDirectory.prepare(directory.path)
        } catch {
            throw .insecureDirectory(path: directory.path, reason: error.reason)
        }
    }

    // MARK: - Keys

    static func validate(_ key: String) throws(SecureStoreError) {
        let bytes = Array(key.utf8)
        func allowed(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2E || byte == 0x5F || byte == 0x2D
        }
        guard let first = bytes.first, bytes.count <= 128, allowed(first), first != 0x2E, first != 0x5F, first != 0x2D,
              bytes.allSatisfy(allowed) else {
            throw .invalidKey(key)
        }
    }

    private static var lastError: String { String(cString: strerror(errno)) }
}
