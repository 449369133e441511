#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's libzstd, opened at run time for `zhixi-bench zstd` only (the package never
/// links it): one-shot `ZSTD_decompress` into a fresh buffer of `ZSTD_decompressBound` bytes.
struct LibraryZstandard {
    private typealias Decompress = @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeRawPointer?, Int) -> Int
    private typealias Bound = @convention(c) (UnsafeRawPointer?, Int) -> UInt64
    private typealias IsError = @convention(c) (Int) -> UInt32
    private let decompressFunction: Decompress
    private let boundFunction: Bound
    private let isErrorFunction: IsError

    init?() {
        guard let handle = dlopen("libzstd.so.1", RTLD_NOW) ?? dlopen("libzstd.dylib", RTLD_NOW),
              let decompress = dlsym(handle, "ZSTD_decompress"), let bound = dlsym(handle, "ZSTD_decompressBound"),
              let isError = dlsym(handle, "ZSTD_isError") else { return nil }
        decompressFunction = unsafeBitCast(decompress, to: Decompress.self)
        boundFunction = unsafeBitCast(bound, to: Bound.self)
        isErrorFunction = unsafeBitCast(isError, to: IsError.self)
    }

    struct Failure: Error {}

    /// The decompressed bytes (the buffer of the bound is allocated, written and freed here;
    /// the copy into an array is outside the timing that matters only for the check).
    func decompress(_ input: [UInt8]) throws -> [UInt8] {
        try input.withUnsafeBytes { source in
            let bound = boundFunction(source.baseAddress, source.count)
            guard bound < UInt64(Int.max) else { throw Failure() }
            let capacity = max(1, Int(bound))
            return try [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                let written = decompressFunction(buffer.baseAddress, capacity, source.baseAddress, source.count)
                guard isErrorFunction(written) == 0 else { throw Failure() }
                initialized = written
            }
        }
    }
}
