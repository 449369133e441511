import Foundation
import Testing
import ZhiXiArchive

/// The inputs on which the fuzzer found the decoder and the system's libzstd (1.5.4) apart
/// (docs/CORRECTNESS.md, "Fuzzing"): in each the decoder follows the format (RFC 8878 and
/// zstd's doc/zstd_compression_format.md) and libzstd 1.5.6, which changed those rules.
@Suite("Zstandard: where libzstd 1.5.4 and the format part, the format")
struct ZstandardReferenceTests {
    static let limit = ExpansionLimit(maximumOutputBytes: 1 << 20)

    /// 26 empty raw blocks in a 1 KiB window, then a compressed block of RLE literals (763 ×
    /// 0xFD) and "80 00": 0 sequences in the 2-byte form. The section ends there (libzstd
    /// 1.5.6; zstd's decompressor errata, "No sequence using the 2-bytes format", last
    /// affected 1.5.5); libzstd 1.5.4 looks for compression modes and refuses ("Src size is
    /// incorrect").
    @Test("0 sequences in 2 bytes end the section: 92 bytes decode to 763 × 0xFD")
    func zeroSequencesInTwoBytes() throws {
        let input = try #require(Data(base64Encoded: "KLUv/QAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAALQAAtS/9gAA="))
        #expect(input.count == 92)
        #expect(try ZstandardDecoder.decompress(Array(input), limit: Self.limit) == [UInt8](repeating: 0xFD, count: 763))
        // After "80 00" nothing may follow (libzstd 1.5.6: "extraneous data present in the
        // Sequences section"), not even the compression modes 1.5.4 expects there.
        let modes = HandMadeFrame.header() + HandMadeFrame.compressedBlock([0x01 | 5 << 3, 0x51, 0x80, 0x00, 0x00], last: true)
        let error = try #require(throws: ArchiveError.self) { try ZstandardDecoder.decompress(modes, limit: Self.limit) }
        #expect(error.kind == .malformed && error.reason.contains("a block without sequences has 1 bytes after its sequence count"))
    }

    /// A 14-byte frame with a 1 KiB window whose one compressed block declares 16,397 RLE
    /// literals: more than Block_Maximum_Size (the window, under 128 KiB). libzstd 1.5.6
    /// refuses it ("Data corruption detected"); 1.5.4 checks literals against 128 KiB only and
    /// decodes 16,397 bytes (found by the fuzzer on 2 December).
    @Test("literals beyond the frame's block maximum are refused: 14 bytes that libzstd 1.5.4 decodes to 16,397")
    func literalsBeyondTheBlockMaximum() throws {
        let input = try #require(Data(base64Encoded: "KLUv/QAALQAA3QAEAAA="))
        #expect(input.count == 14)
        let error = try #require(throws: ArchiveError.self) { try ZstandardDecoder.decompress(Array(input), limit: Self.limit) }
        #expect(error.kind == .malformed && error.reason.contains("16397 literals, more than the 1024 a block of the frame holds"), "\(error)")
    }

    /// A 301-byte frame whose last block's sequence bit stream is read past its first bit:
    /// libzstd 1.5.4 decodes it to 700 bytes (it reads on and accepts an overflowed stream at
    /// the end); the format says "the bitstream shall be entirely consumed", and libzstd 1.5.6
    /// refuses it ("Data corruption detected").
    @Test("a sequence bit stream read past its start is refused: 301 bytes that libzstd 1.5.4 decodes")
    func sequencesReadPastTheirStart() throws {
        let input = try #require(Data(base64Encoded: """
            KLUv/WC8AR0JAGLLJCSgJ+kWDACzRB8+xFoL973iEyIJ+HJ3W+TeO+1OVTPOloEKMHjod1TTXTUfDlzaauKJg4+BZ/ItrRdiEqE8V1RTYtlfyLkyvDDZN0um\
            2ez9PcRbWWJpUICvtDlCv6s+7qdVxGuh+V7rXAmAzU8WMYiznujOorrGeIKFhkJCg2LBQDBgOMWCUXDQuADzcywx4Z1FFUiosaJARkZLCgqZDhAUxtweECqo\
            1bQdhsDPUjYTDmrNGf6oYT0JbGgpx7CyFDDM61qJVPBBZosev0Dl8gkSwP1aKhnkGU8ZoW5ZdCP0EYh64bN+W+t4uyQEKpkIswlcjh3MYH5+dr/v2XJNXGQK\
            kFjhnVBaBiPCoxHGZIkQPzc2gNtUDC9dG472lDLuqg==
            """))
        #expect(input.count == 301)
        let error = try #require(throws: ArchiveError.self) { try ZstandardDecoder.decompress(Array(input), limit: Self.limit) }
        #expect(error.kind == .malformed && error.reason == "the sequences' bit stream ends early")
    }
}
