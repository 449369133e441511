// The zip reader of ZhiXiArchive (central directory, ZIP64, stored and deflate entries through
// the system's zlib), read from any bytes: no crash, no sanitizer report, and for an archive it
// reads, every entry either read within the limit (1 MiB here) or refused with an
// ArchiveError, the same way twice.
import ZhiXiArchive
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzZip(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(fuzzInput(data, size))
    guard let archive = try? ZipArchive(bytes) else { return 0 }
    let limit = ExpansionLimit(maximumOutputBytes: 1 << 20)
    for entry in archive.entries.prefix(64) {
        let first = Result { () throws(ArchiveError) -> [UInt8] in try archive.contents(of: entry, limit: limit) }
        let second = Result { () throws(ArchiveError) -> [UInt8] in try archive.contents(of: entry, limit: limit) }
        switch (first, second) {
        case (.success(let contents), .success(let again)):
            fuzzCheck(contents == again, "entry \(fuzzQuoted(entry.name)) reads two ways")
            fuzzCheck(contents.count <= 1 << 20, "entry \(fuzzQuoted(entry.name)) expands to \(contents.count) bytes, past the limit")
        case (.failure(let error), .failure(let again)):
            fuzzCheck("\(error)" == "\(again)", "entry \(fuzzQuoted(entry.name)) is refused two ways")
        default:
            fuzzFinding("entry \(fuzzQuoted(entry.name)) is read once and refused once")
        }
    }
    return 0
}
