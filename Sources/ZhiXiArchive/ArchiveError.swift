import ZhiXiCore

/// Why a container could not be read: what is wrong, in which container, at which byte and,
/// in a zip archive, in which entry. Every failure of this library is one of these; nothing
/// here traps on bad input.
///
/// ```swift
/// do { _ = try ZstandardDecoder.decompress(bytes, limit: ExpansionLimit(maximumOutputBytes: 1 << 30)) }
/// catch { print(error) }   // zstd at byte 18: Huffman stream 2 of the literals ends early
/// ```
package struct ArchiveError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The class of failure, for callers that branch on it (all of them are bad data to a user).
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The input ends before the structure it began does.
        case truncated
        /// A field or a stream is not what the format allows (corrupted or foreign data).
        case malformed
        /// Valid but not read here: a zstd dictionary, an encrypted or unknown zip method,
        /// an archive over several disks, a window larger than 2 GiB.
        case unsupported
        /// The data decodes, but its checksum (zstd's XXH64, zip's CRC-32) disagrees.
        case checksumMismatch
        /// Expanding would pass the caller's `ExpansionLimit`, or a declared size already does.
        case limitExceeded
    }

    /// The container format that failed.
    package enum Container: String, Sendable, Hashable {
        case zstandard = "zstd"
        case zip
    }

    package var kind: Kind
    package var container: Container
    /// What is wrong, as a sentence fragment without the place (`description` adds it).
    package var reason: String
    /// The byte of the input where the failure was found (for an entry's data: the byte of
    /// the archive), when there is one.
    package var byteOffset: Int?
    /// The zip entry being read, as stored (shown with control characters escaped).
    package var entryName: String?

    package init(_ kind: Kind, _ container: Container, _ reason: String, at byteOffset: Int? = nil, entry entryName: String? = nil) {
        self.kind = kind
        self.container = container
        self.reason = reason
        self.byteOffset = byteOffset
        self.entryName = entryName
    }

    /// `zip entry 'collection.anki21b' at byte 58: CRC-32 is 0x1A2B3C4D, the archive says 0x…`.
    package var description: String {
        var text = container.rawValue
        if let entryName { text += " entry '" + entryName.escapingControlCharacters() + "'" }
        if let byteOffset { text += " at byte \(byteOffset)" }
        return text + ": " + reason
    }
}
