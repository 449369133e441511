#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that several threads share, read and changed only under its own lock: the one
/// "lock plus a variable" of the package, so that a class holding mutable state is
/// `Sendable` by holding a `Locked` instead of being marked `@unchecked Sendable` itself.
///
/// ```swift
/// final class Counter: Sendable {
///     private let count = Locked(0)
///     func increment() -> Int { count.withLock { $0 += 1; return $0 } }
/// }
/// ```
///
/// As `Synchronization.Mutex` (macOS 15 and iOS 18; the package supports macOS 14 and iOS 17),
/// the value goes in and results come out as `sending`, so the compiler checks that nothing
/// reachable from a value that is not `Sendable` escapes the lock. The lock is a
/// `pthread_mutex_t` and does not recurse: `withLock` inside `withLock` of the same value
/// deadlocks. Never hold it across an `await`.
package final class Locked<Value> {
    /// The mutex, allocated once: a `pthread_mutex_t` must not move while in use.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// The value, beside a byte: a value of no size (`Locked(())`, a lock that guards files
    /// rather than memory) would be laid out at the object's start, where ThreadSanitizer
    /// counts its `inout` accesses as racing with reads of the object's header
    /// (swiftlang/swift#72487). With the byte it has an address of its own.
    private var storage: (value: Value, addressable: UInt8)

    /// A lock guarding `value`.
    package init(_ value: sending Value) {
        storage = (value, 0)
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, under the lock, and returns what it returns.
    @inline(__always)
    package func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&storage.value)
    }
}

extension Locked where Value: Sendable {
    /// A copy of the value, read under the lock.
    package var current: Value {
        withLock { $0 }
    }
}

// Safe: the value is only reached through `withLock`, under the mutex (shared by pointer), and
// crosses threads only as `sending`, so no reference into it outlives the lock.
extension Locked: @unchecked Sendable {}
