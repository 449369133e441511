import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Small wrappers over the POSIX socket calls the test server needs, the same on Linux
/// and Apple platforms.
enum Sockets {
    /// The last `errno` in words.
    static var lastError: String { String(cString: strerror(errno)) }

    /// A TCP socket bound to 127.0.0.1 on `port` (0: an ephemeral port), and that port. Bound
    /// again to a port that a server of this process has just closed, it holds the port with
    /// nothing listening (`SO_REUSEADDR` lets it bind beside the closed connections'
    /// `TIME_WAIT`, never beside a socket that listens), so connections to it are refused.
    static func loopbackSocket(port requested: UInt16 = 0) throws(TestServerError) -> (descriptor: Int32, port: UInt16) {
        #if canImport(Glibc) || canImport(Musl)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw .socket("socket(): \(lastError)") }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = requested.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            let message = lastError
            close(descriptor)
            throw .socket("bind(127.0.0.1:\(requested)): \(message)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else {
            let message = lastError
            close(descriptor)
            throw .socket("getsockname(): \(message)")
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    /// Waits up to `milliseconds` for `descriptor` to become readable; `true` when it is
    /// (or has hung up, which a read then reports).
    static func waitReadable(_ descriptor: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) > 0
    }

    /// Writes all of `bytes`; `false` when the peer has gone. Never raises SIGPIPE.
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        #if canImport(Darwin)
        let flags: Int32 = 0
        #else
        let flags = Int32(MSG_NOSIGNAL)
        #endif
        return bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, flags)
                if sent < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += sent
            }
            return true
        }
    }

    /// Prepares an accepted connection: no SIGPIPE on Apple platforms, a send timeout.
    static func configureAccepted(_ descriptor: Int32) {
        #if canImport(Darwin)
        var noSignal: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }
}
