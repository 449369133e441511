import Testing
import ZhiXiArchive

@Suite("Zstandard: fresh random inputs through the zstd tool and back")
struct ZstandardToolRoundTripTests {
    static let zstd = ArchiveFixtures.tool("zstd")

    @Test("40 generated inputs, levels 1–19, checksums on and off, sizes from a pipe, --long",
          .enabled(if: zstd != nil, "the zstd tool is not on PATH: the round trip through it is skipped (the committed fixtures still run)"))
    func roundTrips() throws {
        let tool = try #require(Self.zstd)
        var generator = TestRandom(seed: UInt64(UInt32.max) ^ 0x5EED)
        let optionSets: [[String]] = [["-1"], ["-3"], ["-9"], ["-19"], ["--fast=5"], ["-3", "--no-check"], ["-6", "--long=24"], ["-2", "-B4096"]]
        for round in 0 ..< 40 {
            let input = Self.input(&generator, kind: round % 5, size: generator.next(below: round % 8 == 0 ? 1_200_000 : 200_000))
            var options = optionSets[round % optionSets.count]
            if round % 3 == 0 { options.append("--no-content-size") }
            let compressed = try ArchiveFixtures.run(tool, ["-q", "-c"] + options, input: input)
            try #require(compressed.status == 0)
            let output = try ZstandardDecoder.decompress(compressed.output, limit: ExpansionLimit(maximumOutputBytes: 8 << 20))
            #expect(output == input, "round \(round): \(input.count) bytes, zstd \(options.joined(separator: " "))")
        }
    }

    /// Random bytes, text-like, runs, records with edits, or a mixture.
    static func input(_ generator: inout TestRandom, kind: Int, size: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        let alphabet = Array("etaoin shrdlu cmfwyp vbgkjq xz ETAOIN,.\n".utf8)
        while bytes.count < size {
            switch kind == 4 ? generator.next(below: 4) : kind {
            case 0:
                bytes.append(UInt8(truncatingIfNeeded: generator.next()))
            case 1:
                bytes.append(alphabet[generator.next(below: alphabet.count)])
            case 2:
                bytes += [UInt8](repeating: UInt8(generator.next(below: 3)), count: 1 + generator.next(below: 5_000))
            default:
                if bytes.count > 64 {
                    let start = generator.next(below: bytes.count - 32)
                    bytes += bytes[start ..< min(bytes.count, start + 4 + generator.next(below: 300))]
                }
                bytes.append(UInt8(truncatingIfNeeded: generator.next()))
            }
        }
        return Array(bytes.prefix(size))
    }
}
