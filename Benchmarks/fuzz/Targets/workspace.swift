// The workspace decoder LearnerWorkspace(jsonData:) — the byte reader plus the duplicate-key
// scan — against JSONDecoder (ZhiXiJSON.makeDecoder(), the contract's decoder) on the same bytes:
// - both accept and decode equal workspaces (Hashable equality: every field, every date to
//   the bit), or both refuse;
// - except where the workspace decoder refuses a key that appears twice in one object
//   (JSONDecoder keeps the first): the scanner must then find the duplicate;
// - JSONDecoder accepts some input that is not JSON in values it skips (a `\u` followed by
//   any four bytes, such as "\uZZZZ"); the workspace decoder may refuse input that JSONDecoder
//   accepts only when JSONSerialization, a strict reader, refuses it too;
// - JSONDecoder refuses some zeros (0e9) that the workspace decoder reads as 0 (see
//   jsonDecoderRefusesZero), and some whole numbers from 2^53 up written with a fraction or an
//   exponent that the workspace decoder reads exactly (isIntegerThroughDecimal): the workspace
//   decoder may accept what JSONDecoder refuses only when JSONDecoder's error names such a
//   number; and JSONDecoder drops the fraction of such a number where the workspace decoder
//   refuses it: the workspace decoder may refuse what JSONDecoder accepts when its error
//   points at such a number with a fraction;
// - input JSONDecoder reads as UTF-16 or UTF-32, which the workspace decoder refuses
//   (UTF-8 only).
// A refusal must name a line and a column inside the input. A decoded workspace that the
// contract's encoder writes must read back the same, and write the same bytes again.
import ZhiXiModel
import ZhiXiCore
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWorkspace(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let input = Data(buffer: bytes)
    let fast = Result { () throws(WorkspaceDecodingError) -> LearnerWorkspace in
        try LearnerWorkspace(jsonBytes: UnsafeRawBufferPointer(bytes))
    }
    let reference = Result { try WorkspaceReferences.decoder.decode(LearnerWorkspace.self, from: input) }
    switch (fast, reference) {
    case (.success(let workspace), .success(let expected)):
        fuzzCheck(workspace == expected, "the workspace decoder and JSONDecoder decode different workspaces")
        checkRoundTrip(workspace)
    case (.success, .failure(let error)):
        fuzzCheck(refusesCorrectNumber(error), "the workspace decoder accepts what JSONDecoder refuses: \(error)")
    case (.failure(let error), let reference):
        fuzzCheck(error.line >= 1 && error.column >= 1 && error.byteOffset >= 0 && error.byteOffset <= max(bytes.count, 1),
                  "the refusal points outside the input: \(error)")
        _ = error.description
        guard case .success = reference else { break }
        if isUTF16OrUTF32ForFoundation(bytes) { break }
        if JSONDuplicateKeyScanner.firstDuplicate(in: UnsafeRawBufferPointer(bytes)) != nil, error.reason.contains("appears twice") {
            break
        }
        // An integer JSONDecoder reads through its Decimal, dropping a fraction.
        let number = String(decoding: bytes[min(error.byteOffset, bytes.count)...].prefix {
            Array("0123456789+-.eE".utf8).contains($0)
        }, as: UTF8.self)
        if error.reason.contains("not a whole number"), isIntegerThroughDecimal(number), exactInteger(number) == nil { break }
        fuzzCheck((try? JSONSerialization.jsonObject(with: input, options: .fragmentsAllowed)) == nil,
                  "the workspace decoder refuses JSON that JSONDecoder accepts: \(error)")
    }
    return 0
}

/// Whether JSONDecoder's `error` is its refusal of a number the workspace decoder reads
/// correctly: a zero it misreads (jsonDecoderRefusesZero) or a whole number it takes through
/// its Decimal (isIntegerThroughDecimal).
func refusesCorrectNumber(_ error: any Error) -> Bool {
    let text = String(describing: error)
    guard let start = text.range(of: "Number "), let end = text.range(of: " is not representable", range: start.upperBound ..< text.endIndex)
    else { return false }
    let number = String(text[start.upperBound ..< end.lowerBound])
    return jsonDecoderRefusesZero(number.utf8) || (isIntegerThroughDecimal(number) && exactInteger(number) != nil)
}

/// The contract's encoder and decoder, made once (only used to read and write).
enum WorkspaceReferences {
    static let decoder = ZhiXiJSON.makeDecoder()
    static let encoder = ZhiXiJSON.makeEncoder()
}

/// Writes `workspace` with the contract's encoder (when it can: dates outside the years
/// 0000–9999 are refused), reads it back with both decoders and writes it again.
func checkRoundTrip(_ workspace: LearnerWorkspace) {
    guard let written = try? WorkspaceReferences.encoder.encode(workspace) else { return }
    let fast: LearnerWorkspace
    do {
        fast = try LearnerWorkspace(jsonData: written)
    } catch {
        fuzzFinding("the workspace decoder refuses the contract encoder's output: \(error)")
    }
    guard let reference = try? WorkspaceReferences.decoder.decode(LearnerWorkspace.self, from: written) else {
        fuzzFinding("JSONDecoder refuses the contract encoder's output")
    }
    fuzzCheck(fast == reference, "the two decoders read the encoder's output differently")
    guard let again = try? WorkspaceReferences.encoder.encode(fast) else {
        fuzzFinding("the encoder refuses a workspace it wrote")
    }
    fuzzCheck(again == written, "writing a workspace read back from the encoder's output changes its bytes")
}
