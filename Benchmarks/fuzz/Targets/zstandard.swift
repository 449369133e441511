// The Zstandard decoder of ZhiXiArchive (pure Swift, RFC 8878 frames), read from any bytes,
// against libzstd (`$ZHIXI_FUZZ_LIBZSTD`, else the system's `libzstd.so.1`, opened at run
// time; without it only the decoder's own checks run):
// - the decoder never writes more than the limit it is given (1 MiB here), and decoding the
//   same bytes twice gives the same answer;
// - the decoder decodes exactly what libzstd decodes within the limit, to the same bytes, and
//   refuses exactly what libzstd refuses. One rule always: an empty input, which libzstd
//   decodes to nothing, the decoder refuses ("no frame", as the `zstd` tool does). And where
//   libzstd's one-shot ZSTD_decompress is laxer than its own streaming decoder (the `zstd`
//   tool's) and the format: it does not hold a raw or RLE block's Block_Size, nor what a
//   block decodes to, to Block_Maximum_Size (the window, when under 128 KiB). The decoder
//   refuses those, and the rule is checked: libzstd's streaming decoder must refuse them too.
//   And frames of zstd before 1.0 (legacy magic numbers), which Debian's libzstd decodes.
// - libzstd before 1.5.6 (Debian 12 has 1.5.4) differs from the format and from libzstd 1.5.6
//   in five places, each a change of 1.5.6 (doc/decompressor_errata.md and the commits of
//   facebook/zstd), where the decoder follows the format; with such a libzstd these are rules:
//   1. 0 sequences written in 2 bytes (80 00): the section ends there (format, 1.5.6: erratum
//      "No sequence using the 2-bytes format", last affected 1.5.5); 1.5.4 reads compression
//      modes and tables after it. Either answer, when the input has such a block.
//   2. a sequence bit stream read past its start, or with bits left over: corrupted (format:
//      "the bitstream shall be entirely consumed"; 1.5.6 checks BIT_endOfDStream); 1.5.4
//      accepts an overflowed one and, in some blocks, one not used up (found by the fuzzer: a
//      357-byte input whose second frame's block leaves bits over).
//   3. the reserved bits of the sequences' compression modes set: corrupted (1.5.6); 1.5.4
//      ignores them.
//   4. an offset of 0 (repeat offset 1 − 1): corrupted (1.5.6); 1.5.4 makes it 1.
//   5. more literals than the frame's Block_Maximum_Size (a window under 128 KiB): corrupted
//      (format; 1.5.6 checks the frame's block maximum); 1.5.4 checks only 128 KiB (found by
//      the fuzzer: a 14-byte frame with a 1 KiB window and 16,397 RLE literals).
//   For 2–5 the decoder may refuse, with that reason, what libzstd before 1.5.6 decodes.
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
    guard let library = SystemZstandard.shared else { return 0 }
    let reference = library.decompress(bytes, capacity: limitBytes)
    switch (ours, reference) {
    case (.success(let decoded), .some(let expected)):
        fuzzCheck(decoded == expected, "the decoder gives \(decoded.count) bytes, libzstd \(expected.count) other bytes")
    case (.failure, nil):
        break
    case (.failure(let error), .some(let expected)):
        if bytes.isEmpty { return 0 }
        // Frames of zstd before 1.0 (magic 0xFD2FB51E–0xFD2FB527), which libzstd built with
        // legacy support decodes: not frames of the format; the decoder names them as foreign.
        if error.reason.contains("not Zstandard data") || error.reason.contains("are not a frame"), let at = error.byteOffset, at + 4 <= bytes.count {
            let magic = (0 ..< 4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
            if (0xFD2F_B51E ... 0xFD2F_B527).contains(magic) { return 0 }
        }
        let blockMaximumReasons = ["larger than the frame's block maximum", "a block decompresses to more than the"]
        if blockMaximumReasons.contains(where: { error.reason.contains($0) }) {
            fuzzCheck(library.decompressStreaming(bytes, capacity: limitBytes) == nil,
                      "libzstd's one-shot and streaming decoders decode a block past the block maximum that the decoder refuses: \(error)")
            return 0
        }
        if library.version < 10506 {
            if hasTwoByteZeroSequenceCount(bytes) { return 0 }
            let olderLaxness = ["the sequences' bit stream ends early", "the sequences' bit stream has bits left over", "reserved bits of the sequences' compression modes",
                                "copies from 0 bytes back", "a block of the frame holds"]
            if olderLaxness.contains(where: { error.reason.contains($0) }) { return 0 }
        }
        fuzzFinding("libzstd \(library.version) decodes \(bytes.count) bytes to \(expected.count), the decoder refuses them: \(error)")
    case (.success(let decoded), nil):
        if library.version < 10506, hasTwoByteZeroSequenceCount(bytes) { return 0 }
        fuzzFinding("the decoder decodes \(bytes.count) bytes to \(decoded.count), libzstd \(library.version) refuses them")
    }
    return 0
}

/// Whether a compressed block of `bytes` (walked frame by frame, block by block, without
/// decoding) has a sequences section that starts 80 00: 0 sequences in the 2-byte form.
func hasTwoByteZeroSequenceCount(_ bytes: [UInt8]) -> Bool {
    func word(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
    var offset = 0
    while offset + 8 <= bytes.count {
        let magic = word(offset)
        if magic & ~0xF == 0x184D_2A50 {
            offset += 8 + word(offset + 4)
            continue
        }
        guard magic == 0xFD2F_B528 else { return false }
        let descriptor = Int(bytes[offset + 4])
        let singleSegment = descriptor & 0x20 != 0
        let contentSizeBytes = [singleSegment ? 1 : 0, 2, 4, 8][descriptor >> 6]
        let dictionaryBytes = [0, 1, 2, 4][descriptor & 3]
        var position = offset + 5 + (singleSegment ? 0 : 1) + dictionaryBytes + contentSizeBytes
        while position + 3 <= bytes.count {
            let header = Int(bytes[position]) | Int(bytes[position + 1]) << 8 | Int(bytes[position + 2]) << 16
            let type = (header >> 1) & 3, size = header >> 3
            let content = position + 3
            if type == 2, size >= 2, content + size <= bytes.count, let literals = literalsSectionSize(bytes, at: content, blockSize: size),
               literals + 2 <= size, bytes[content + literals] == 0x80, bytes[content + literals + 1] == 0 {
                return true
            }
            position = content + (type == 1 ? 1 : size)
            if header & 1 != 0 { break }
        }
        offset = position + (descriptor & 4 != 0 ? 4 : 0)
    }
    return false
}

/// The size of the literals section of the compressed block at `start` (RFC 8878 §3.1.1.3.1).
private func literalsSectionSize(_ bytes: [UInt8], at start: Int, blockSize: Int) -> Int? {
    let first = Int(bytes[start]), type = first & 3, format = (first >> 2) & 3
    func byte(_ index: Int) -> Int { start + index < bytes.count ? Int(bytes[start + index]) : 0 }
    if type < 2 {
        let (header, size) = format == 1 ? (2, first >> 4 + byte(1) << 4)
            : format == 3 ? (3, first >> 4 + byte(1) << 4 + byte(2) << 12) : (1, first >> 3)
        return header + (type == 0 ? size : 1)
    }
    let value = first | byte(1) << 8 | byte(2) << 16 | byte(3) << 24 | byte(4) << 32
    switch format {
    case 0, 1: return 3 + (value >> 14) & 0x3FF
    case 2: return 4 + (value >> 18) & 0x3FFF
    default: return 5 + (value >> 22) & 0x3FFFF
    }
}

/// `ZSTD_decompress` of libzstd (`$ZHIXI_FUZZ_LIBZSTD` or `libzstd.so.1`), one shot into
/// `capacity` bytes.
struct SystemZstandard: @unchecked Sendable {
    private typealias Decompress = @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeRawPointer?, Int) -> Int
    private typealias IsError = @convention(c) (Int) -> UInt32
    private typealias VersionNumber = @convention(c) () -> UInt32
    private typealias CreateStream = @convention(c) () -> OpaquePointer?
    private typealias FreeStream = @convention(c) (OpaquePointer?) -> Int
    private typealias DecompressStream = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Int
    /// ZSTD_inBuffer and ZSTD_outBuffer.
    private struct InBuffer { var source: UnsafeRawPointer?; var size: Int; var position: Int }
    private struct OutBuffer { var destination: UnsafeMutableRawPointer?; var size: Int; var position: Int }
    private let createStream: CreateStream
    private let freeStream: FreeStream
    private let decompressStreamFunction: DecompressStream
    private let decompressFunction: Decompress
    private let isErrorFunction: IsError
    /// `ZSTD_versionNumber()`: 10504 for 1.5.4.
    let version: Int

    static let shared = SystemZstandard()

    private init?() {
        let named = ProcessInfo.processInfo.environment["ZHIXI_FUZZ_LIBZSTD"]
        guard let handle = dlopen(named ?? "libzstd.so.1", RTLD_NOW), let decompress = dlsym(handle, "ZSTD_decompress"),
              let isError = dlsym(handle, "ZSTD_isError"), let versionNumber = dlsym(handle, "ZSTD_versionNumber"),
              let create = dlsym(handle, "ZSTD_createDStream"), let free = dlsym(handle, "ZSTD_freeDStream"),
              let stream = dlsym(handle, "ZSTD_decompressStream") else {
            // A library asked for by name must be there; the system's may be missing.
            if let named { fatalError("ZHIXI_FUZZ_LIBZSTD=\(named) is not a libzstd that can be opened") }
            return nil
        }
        decompressFunction = unsafeBitCast(decompress, to: Decompress.self)
        isErrorFunction = unsafeBitCast(isError, to: IsError.self)
        version = Int(unsafeBitCast(versionNumber, to: VersionNumber.self)())
        createStream = unsafeBitCast(create, to: CreateStream.self)
        freeStream = unsafeBitCast(free, to: FreeStream.self)
        decompressStreamFunction = unsafeBitCast(stream, to: DecompressStream.self)
    }

    /// `ZSTD_decompressStream` (default parameters, as the `zstd` tool decodes) over the whole
    /// input into at most `capacity` bytes; `nil` when it refuses them or needs more room.
    func decompressStreaming(_ input: [UInt8], capacity: Int) -> [UInt8]? {
        guard let stream = createStream() else { return nil }
        defer { _ = freeStream(stream) }
        var output = [UInt8](repeating: 0, count: capacity)
        let written: Int? = input.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { destination in
                var inBuffer = InBuffer(source: source.baseAddress, size: source.count, position: 0)
                var outBuffer = OutBuffer(destination: destination.baseAddress, size: capacity, position: 0)
                while true {
                    let before = (inBuffer.position, outBuffer.position)
                    let result = withUnsafeMutableBytes(of: &outBuffer) { out in
                        withUnsafeMutableBytes(of: &inBuffer) { decompressStreamFunction(stream, out.baseAddress!, $0.baseAddress!) }
                    }
                    if isErrorFunction(result) != 0 { return nil }
                    if inBuffer.position == inBuffer.size && result == 0 { return outBuffer.position }
                    // No progress: the input ends inside a frame, or the output is full.
                    if before == (inBuffer.position, outBuffer.position) { return nil }
                }
            }
        }
        return written.map { Array(output.prefix($0)) }
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
