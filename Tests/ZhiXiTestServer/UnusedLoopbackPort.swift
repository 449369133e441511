import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A port on 127.0.0.1 where no server listens, for "server down" tests: the port is
/// bound but never listened on, so connections to it are refused and no other process
/// can take it while this value lives.
package final class UnusedLoopbackPort: @unchecked Sendable {
    /// The port.
    package let port: UInt16
    private let descriptor: Int32

    /// Reserves a port.
    package init() throws(TestServerError) {
        (descriptor, port) = try Sockets.loopbackSocket()
    }

    /// `http://127.0.0.1:PORT/api`, an API base URL where nothing answers.
    package var apiBaseURL: URL { URL(string: "http://127.0.0.1:\(port)/api")! }

    deinit { close(descriptor) }
}
