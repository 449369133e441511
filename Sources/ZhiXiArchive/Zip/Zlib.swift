import CZlib

/// The system zlib's raw inflate and CRC-32, as the zip reader uses them.
enum Zlib {
    /// How an inflate into a fixed buffer ended.
    enum InflateOutcome: Equatable {
        /// The deflate stream ended after `produced` bytes of output.
        case ended(produced: Int)
        /// The output buffer filled before the stream ended.
        case outputFull
        /// The input ended before the stream did.
        case truncated(produced: Int)
        /// zlib found the stream invalid, with its message.
        case corrupted(String)
    }

    /// Inflates the raw deflate stream (no zlib or gzip wrapper) in `input` into at most
    /// `capacity` bytes at `output`.
    /// - Complexity: O(input + output).
    static func inflate(_ input: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>, capacity: Int) -> InflateOutcome {
        var stream = z_stream()
        guard zhixi_inflate_init_raw(&stream) == Z_OK else { return .corrupted("zlib could not start inflating") }
        defer { inflateEnd(&stream) }
        let base = input.baseAddress?.assumingMemoryBound(to: UInt8.self)
        var consumed = 0, produced = 0
        while true {
            if stream.avail_in == 0, consumed < input.count, let base {
                let chunk = min(input.count - consumed, Int(UInt32.max))
                stream.next_in = UnsafeMutablePointer(mutating: base + consumed)
                stream.avail_in = UInt32(chunk)
                consumed += chunk
            }
            if stream.avail_out == 0, produced < capacity {
                let chunk = min(capacity - produced, Int(UInt32.max))
                stream.next_out = output + produced
                stream.avail_out = UInt32(chunk)
                produced += chunk
            }
            let status = CZlib.inflate(&stream, Z_NO_FLUSH)
            let written = produced - Int(stream.avail_out)
            switch status {
            case Z_STREAM_END:
                return .ended(produced: written)
            case Z_OK:
                continue
            case Z_BUF_ERROR:
                if stream.avail_out == 0, produced >= capacity { return .outputFull }
                if stream.avail_in == 0, consumed >= input.count { return .truncated(produced: written) }
                return .corrupted("zlib made no progress")
            default:
                let message = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                return .corrupted(message)
            }
        }
    }

    /// zlib's CRC-32 of `count` bytes at `bytes`.
    /// - Complexity: O(`count`).
    static func crc32(_ bytes: UnsafePointer<UInt8>?, count: Int) -> UInt32 {
        var crc: UInt = CZlib.crc32(0, nil, 0)
        var done = 0
        while done < count, let bytes {
            let chunk = min(count - done, Int(UInt32.max))
            crc = CZlib.crc32(crc, bytes + done, UInt32(chunk))
            done += chunk
        }
        return UInt32(truncatingIfNeeded: crc)
    }
}
