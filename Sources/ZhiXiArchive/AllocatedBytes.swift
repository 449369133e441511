#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes in memory that an allocator of the caller's choosing provided, owned until taken: the
/// output of an expansion written where its reader wants it, so that no second copy is made
/// (an SQLite database expanded straight into memory from `sqlite3_malloc64`, then handed to
/// SQLite, which frees it).
///
/// Growth goes through the allocator's `reallocate`, which for large blocks moves pages rather
/// than bytes (glibc's `realloc` remaps them), so an output that grows is not copied either.
///
/// ```swift
/// let bytes = try ZstandardDecoder.decompress(input, limit: limit, allocator: .system)
/// bytes.bytes.count   // the output's length
/// ```
package final class AllocatedBytes {
    /// Where the memory comes from and goes back to.
    package struct Allocator: Sendable {
        /// `count` bytes of uninitialised memory, or `nil` when they cannot be had.
        package var allocate: @Sendable (Int) -> UnsafeMutableRawPointer?
        /// The block at the first argument grown or shrunk to the second's bytes (its contents
        /// kept), or `nil` (the block untouched) when that cannot be had.
        package var reallocate: @Sendable (UnsafeMutableRawPointer, Int) -> UnsafeMutableRawPointer?
        /// Gives a block back.
        package var free: @Sendable (UnsafeMutableRawPointer) -> Void

        /// An allocator from its three functions.
        package init(allocate: @escaping @Sendable (Int) -> UnsafeMutableRawPointer?,
                     reallocate: @escaping @Sendable (UnsafeMutableRawPointer, Int) -> UnsafeMutableRawPointer?,
                     free: @escaping @Sendable (UnsafeMutableRawPointer) -> Void) {
            self.allocate = allocate
            self.reallocate = reallocate
            self.free = free
        }

        /// The C library's `malloc`, `realloc` and `free`.
        package static let system = Allocator(allocate: { malloc($0) }, reallocate: { realloc($0, $1) }, free: systemFree)
    }

    private let allocator: Allocator
    private var start: UnsafeMutableRawPointer?
    /// The bytes allocated.
    private(set) var capacity: Int
    /// The bytes that hold output, from the start.
    package private(set) var count: Int

    /// `capacity` bytes of uninitialised memory holding nothing yet, or `nil` when they cannot
    /// be had.
    /// - Complexity: one allocation.
    package init?(capacity: Int, allocator: Allocator) {
        guard capacity > 0, let memory = allocator.allocate(capacity) else { return nil }
        self.allocator = allocator
        start = memory
        self.capacity = capacity
        count = 0
    }

    /// A copy of `source`, or `nil` when the memory cannot be had (or `source` is empty).
    /// - Complexity: O(n).
    package convenience init?(copying source: UnsafeRawBufferPointer, allocator: Allocator) {
        self.init(capacity: source.count, allocator: allocator)
        bytesUpToCapacity.copyMemory(from: source)
        count = source.count
    }

    deinit {
        if let start { allocator.free(start) }
    }

    /// All the memory, written or not.
    private var bytesUpToCapacity: UnsafeMutableRawBufferPointer { UnsafeMutableRawBufferPointer(start: start, count: start == nil ? 0 : capacity) }

    /// The memory's start (`nil` once taken).
    package var base: UnsafeMutablePointer<UInt8>? { start?.assumingMemoryBound(to: UInt8.self) }

    /// The bytes that hold output (empty once taken).
    package var bytes: UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(start: start, count: start == nil ? 0 : count)
    }

    /// A copy of the bytes that hold output, as an array.
    /// - Complexity: O(n).
    package var array: [UInt8] { Array(UnsafeRawBufferPointer(bytes)) }

    /// Grows (or shrinks) the memory to `newCapacity` bytes, keeping the output up to it.
    /// - Returns: `false`, the memory unchanged, when the allocator cannot give it.
    /// - Complexity: one reallocation.
    @discardableResult
    func reserve(_ newCapacity: Int) -> Bool {
        guard let start, newCapacity > 0 else { return false }
        guard newCapacity != capacity else { return true }
        guard let moved = allocator.reallocate(start, newCapacity) else { return false }
        self.start = moved
        capacity = newCapacity
        count = min(count, newCapacity)
        return true
    }

    /// Records that the first `newCount` bytes hold output (at most the capacity).
    package func setCount(_ newCount: Int) {
        count = max(0, min(newCount, capacity))
    }

    /// The memory, now the caller's to give back through the allocator's `free` (or to hand
    /// to the program whose allocator it is); `nil` when already taken.
    package func take() -> UnsafeMutableRawPointer? {
        defer { start = nil }
        return start
    }
}

/// The C library's `free`, named apart from ``AllocatedBytes/Allocator/free``.
private func systemFree(_ pointer: UnsafeMutableRawPointer) { free(pointer) }
