import Dispatch
import Foundation

/// Reads, on another thread, the elements of a JSON array from a guessed element start to
/// the array's end: the second half of a large array, while the caller reads the first.
///
/// The guess is only a guess: the caller uses the result only if its own reading lands
/// exactly on ``start`` as the start of an element of the same array, which proves the
/// guess right; otherwise it cancels this reader and reads on alone. Reading from a true
/// element start gives exactly what the caller would have read, so the results are the
/// same either way.
final class ArrayTailReader<Element: JSONByteDecodable & Sendable>: @unchecked Sendable {
    /// The elements read and the offset just after the array's `]`.
    struct Tail {
        var elements: [Element]
        var end: Int
    }

    /// The offset of the guessed element start.
    let start: Int
    private let base: UnsafePointer<UInt8>
    private let count: Int
    private let depth: Int
    private let lock = NSLock()
    private var isCancelled = false
    private var tail: Tail?
    private var hasFinished = false
    private let finished = DispatchSemaphore(value: 0)

    /// A reader of the bytes at `base` from `start`, inside an array nested `depth` deep.
    /// The bytes must stay valid until ``finish()`` has returned.
    init(base: UnsafePointer<UInt8>, count: Int, start: Int, depth: Int) {
        self.base = base
        self.count = count
        self.start = start
        self.depth = depth
    }

    /// Starts reading on a global concurrent queue.
    func begin() {
        DispatchQueue.global(qos: .userInitiated).async { self.run() }
    }

    /// Asks the reader to stop early; its result will be `nil`.
    func cancel() {
        lock.withLock { isCancelled = true }
    }

    /// Waits for the reader to stop and returns what it read: `nil` if it was cancelled or
    /// met anything it could not read. Call it exactly once.
    func finish() -> Tail? {
        finished.wait()
        return tail
    }

    private func run() {
        var reader = JSONByteReader(base: base, count: count, offset: start)
        reader.depth = depth
        var elements: [Element] = []
        do throws(JSONReadFailure) {
            while true {
                if elements.count % 512 == 0, lock.withLock({ isCancelled }) { break }
                elements.append(try Element(reading: &reader))
                if elements.count == 64 {
                    reader.reserveCapacity(&elements, bytesSoFar: reader.offset - start)
                }
                if try reader.isAtArrayEnd() {
                    tail = Tail(elements: elements, end: reader.offset)
                    break
                }
            }
        } catch {
            tail = nil
        }
        finished.signal()
    }
}
