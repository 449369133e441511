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
    ///   not a secret this program wrote (not a regular file, a link, another user's, open to
    ///   others, hard-linked: `PrivateFile` of ZhiXiFileSystem), is larger than 1 MiB or
    ///   cannot be read; ``SecureStoreError/insecureDirectory(path:reason:)`` when the
    ///   directory is not private.
    public func data(forKey key: String) throws(SecureStoreError) -> Data? {
        let path = try fileURL(forKey: key).path
        do throws(FileSystemError) {
            guard try PrivateDirectory.check(directory.path) else { return nil }
        } catch {
            throw .insecureDirectory(path: directory.path, reason: error.reason)
        }
        do throws(FileSystemError) {
            return try PrivateFile.read(path, limit: Self.maximumSize)
        } catch {
            throw .unreadable(key: key, reason: "\(path) \(error.reason)")
        }
    }

    /// Saves `data` under `key` atomically (temporary file, flushed to disk, rename,
    /// directory flushed), creating the directory (0700) if needed; the file is mode 0600.
    /// - Throws: ``SecureStoreError/insecureDirectory(path:reason:)`` or
    ///   ``SecureStoreError/unwritable(key:reason:)`` (also for data larger than the 1 MiB a
    ///   secret may be, which could never be read back); the previous secret is then unchanged.
    public func setData(_ data: Data, forKey key: String) throws(SecureStoreError) {
        let path = try fileURL(forKey: key).path
        guard data.count <= Self.maximumSize else {
            throw .unwritable(key: key, reason: "\(data.count) bytes is more than the \(Self.maximumSize) a secret may be; "
                              + "it could not be read back, so it was not saved")
        }
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

    /// Proves that the store can keep a secret and give it back — the directory created or
    /// checked, a small record written, read back the same and removed — before anything is
    /// asked of a server whose answer must be kept (a sign-in issues tokens that would else be
    /// lost). O(1) files.
    /// - Throws: ``SecureStoreError`` saying what failed; nothing is left behind.
    public func checkWritable() throws(SecureStoreError) {
        let key = "write-check"
        let probe = Data("zhixi-review write check \(UUID().uuidString)\n".utf8)
        try setData(probe, forKey: key)
        defer { try? removeData(forKey: key) }
        guard try data(forKey: key) == probe else {
            throw .unwritable(key: key, reason: "what was written does not read back the same")
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

}
