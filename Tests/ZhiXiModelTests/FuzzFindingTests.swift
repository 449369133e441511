import Foundation
import Testing
import ZhiXiCore
@testable import ZhiXiModel

/// The inputs the fuzz targets found (Benchmarks/fuzz, docs/CORRECTNESS.md), each as the
/// decoders now read it.
@Suite("Findings of the fuzz targets json-reader and workspace")
struct FuzzFindingTests {
    /// The `desiredRetention` of a profile that writes it as `number`, read by the byte decoder.
    private func retention(_ number: String) throws -> Double {
        try LearnerWorkspace(jsonData: Data(#"{"profile":{"userId":"u","desiredRetention":\#(number)}}"#.utf8))
            .profile.desiredRetention
    }

    @Test("an integer from 2^53 up written with a fraction is not an Int (it was read with its fraction dropped)",
          arguments: ["9007199254740993.09551616", "9007199254740993.5", "-9007199254740993.000001", "1.0000000000000000005e18"])
    func integerWithFraction(number: String) {
        let (fast, _) = decodeBothWays(workspaceJSON(#""schemaVersion":\#(number)"#))
        guard case .failure(let error) = fast else {
            Issue.record("\(number) was read as the schema version \((try? fast.get())?.schemaVersion ?? 0)")
            return
        }
        #expect(error.reason.contains("not a whole number") && error.path == "schemaVersion", "\(error)")
    }

    @Test("an integer from 2^53 up written with a fraction or an exponent is read exactly when it is whole",
          arguments: [("9007199254740993.0", 9_007_199_254_740_993), ("9223372036854775807.0", Int.max),
                      ("-9223372036854775808.000", Int.min), ("90071992547409930e-1", 9_007_199_254_740_993),
                      ("1e18", 1_000_000_000_000_000_000)])
    func wholeInteger(number: String, value: Int) throws {
        let workspace = try LearnerWorkspace(jsonData: Data(workspaceJSON(#""schemaVersion":\#(number)"#)))
        #expect(workspace.schemaVersion == value)
    }

    @Test("an integer of 147 digits reads as the correctly rounded Double (JSONSerialization's Decimal comes out 1.1e-15 off; the harness's rule was too tight)")
    func longIntegerCorrectlyRounded() throws {
        let digits = "18446744673733" + String(repeating: "3", count: 124) + "309551615"
        let value = try retention(digits)
        #expect(value == Double(digits) && value == 1.8446744673733333e146)
    }

    @Test("a zero with an exponent reads as zero, whatever the exponent (JSONDecoder refuses 0e9)",
          arguments: ["0e9", "0E5", "-0e1", "0.0e15", "0e0", "0e22"])
    func zeroWithExponent(number: String) throws {
        let value = try retention(number)
        #expect(value == 0 && value.sign == (number.hasPrefix("-") ? .minus : .plus))
    }

    @Test("a \\u in a skipped string must be followed by four hex digits (JSONDecoder reads \"\\uZZZZ\", which is not JSON)")
    func unicodeEscapeInSkippedString() {
        let json = Array(#"{"unknown":"a\uZZZZb","schemaVersion":2}"#.utf8)
        let (fast, _) = decodeBothWays(json)
        guard case .failure(let error) = fast else {
            Issue.record("the byte decoder accepted \\uZZZZ in a skipped string")
            return
        }
        #expect(error.reason.contains("four hex digits") && error.path == "unknown" && error.column == 14, "\(error)")
        #expect((try? JSONSerialization.jsonObject(with: Data(json))) == nil, "not JSON")
    }

    @Test("a date a fraction of a second before the year 0000 is refused by the encoder (it was written as -0001-12-31…)")
    func dateBeforeYearZero() throws {
        let early = try #require(ISO8601Timestamp.date(from: "0000-01-01T00:59:59.9999+01:00"))
        var workspace = LearnerWorkspace(profile: UserLearningProfile(userID: "u"))
        workspace.profile.updatedAt = early
        #expect(throws: EncodingError.self) { try ZhiXiJSON.makeEncoder().encode(workspace) }
        let first = try #require(ISO8601Timestamp.date(from: "0000-01-01T01:00:00+01:00"))
        workspace.profile.updatedAt = first
        let written = try ZhiXiJSON.makeEncoder().encode(workspace)
        #expect(try LearnerWorkspace(jsonData: written) == workspace)
    }
}
