// The Zstandard decoder of ZhiXiArchive (pure Swift, RFC 8878 frames), read from any bytes,
// against the system's libzstd where it is installed (`libzstd.so.1`, opened at run time;
// without it only the decoder's own checks run):
// - the decoder never writes more than the limit it is given (1 MiB here), and decoding the
//   same bytes twice gives the same answer;
// - when both decode, the bytes are the same; what the decoder decodes, libzstd decodes too
//   (the decoder never accepts a frame libzstd refuses). The decoder is stricter the other
//   way, on purpose or not yet matched (docs/CORRECTNESS.md, "Fuzzing"): it refuses a
//   sequence bit stream read past its start, which libzstd reads on as zeros, and an input
//   with no content (empty, or skippable frames only), which libzstd decodes to nothing.
import ZhiXiArchive
import Foundation
#if canImport(Glibc)
import Glibc
#endif

private let limitBytes = 1 << 20

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzZstandard(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(fuzzInput(data, size))
    let limit = ExpansionLimit(maximumOutputBytes: limitBytes)
    let ours = Result { () throws(ArchiveError) -> [UInt8] in try ZstandardDecoder.decompress(bytes, limit: limit) }
    let again = Result { () throws(ArchiveError) -> [UInt8] in try ZstandardDecoder.decompress(bytes, limit: limit) }
    switch (ours, again) {
    case (.success(let first), .success(let second)):
        fuzzCheck(first == second, "the same frame decodes to two different outputs")
        fuzzCheck(first.count <= limitBytes, "\(first.count) bytes decoded past the limit of \(limitBytes)")
    case (.failure(let first), .failure(let second)):
        fuzzCheck("\(first)" == "\(second)", "the same frame is refused two ways: \(first) / \(second)")
    default:
        fuzzFinding("the same frame is decoded once and refused once")
    }
    guard case .success(let decoded) = ours, let library = SystemZstandard.shared else { return 0 }
    guard let reference = library.decompress(bytes, capacity: limitBytes) else {
        fuzzFinding("the decoder decodes \(bytes.count) bytes to \(decoded.count), libzstd refuses them")
    }
    fuzzCheck(decoded == reference, "the decoder gives \(decoded.count) bytes, libzstd \(reference.count) other bytes")
    return 0
}

/// `ZSTD_decompress` of the system's libzstd, one shot into `capacity` bytes.
struct SystemZstandard: @unchecked Sendable {
    private typealias Decompress = @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeRawPointer?, Int) -> Int
    private typealias IsError = @convention(c) (Int) -> UInt32
    private let decompressFunction: Decompress
    private let isErrorFunction: IsError

    static let shared = SystemZstandard()

    private init?() {
        guard let handle = dlopen("libzstd.so.1", RTLD_NOW), let decompress = dlsym(handle, "ZSTD_decompress"),
              let isError = dlsym(handle, "ZSTD_isError") else { return nil }
        decompressFunction = unsafeBitCast(decompress, to: Decompress.self)
        isErrorFunction = unsafeBitCast(isError, to: IsError.self)
    }

    /// The decoded bytes, or `nil` when libzstd refuses them or they need more than `capacity`.
    func decompress(_ input: [UInt8], capacity: Int) -> [UInt8]? {
        input.withUnsafeBytes { source in
            var output = [UInt8](repeating: 0, count: capacity)
            let written = output.withUnsafeMutableBytes { decompressFunction($0.baseAddress, capacity, source.baseAddress, source.count) }
            guard isErrorFunction(written) == 0 else { return nil }
            return Array(output.prefix(written))
        }
    }
}
