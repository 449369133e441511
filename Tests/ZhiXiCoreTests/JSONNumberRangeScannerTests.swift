import Testing
@testable import ZhiXiCore

@Suite("JSONNumberRangeScanner: the number a reader cannot hold, and where")
struct JSONNumberRangeScannerTests {
    static func first(_ text: String) -> JSONNumberOutOfRange? {
        JSONNumberRangeScanner.firstOutOfRange(in: Array(text.utf8))
    }

    @Test("a number past a Double's range, one too small to be anything but 0, a whole number past 64 bits: found with its path")
    func found() {
        #expect(Self.first(#"{"a": [1, 1e400]}"#)?.path == "a[1]")
        #expect(Self.first(#"{"a": [1, 1e400]}"#)?.description
                == "the number 1e400 (column 11) is out of range: it is larger than a number can be (about 1.8e308)")
        #expect(Self.first(#"{"x": {"y z": -1e-400}}"#)?.path == #"x["y z"]"#)
        #expect(Self.first("{\n  \"n\": 99999999999999999999\n}")?.line == 2)
        #expect(Self.first(#"[{"s": "1e400, \"q\": 1e400"}, {"t": -9223372036854775809}]"#)?.path == "[1].t")
        #expect(Self.first("1e999")?.path == "")
    }

    @Test("a number that never fits is said before a whole number past 64 bits (which a Double field holds)")
    func neverFitsFirst() {
        #expect(Self.first(#"{"big": 99999999999999999999, "huge": 2e308}"#)?.path == "huge")
    }

    @Test("numbers that fit, strings that look like numbers, zeros and text that is not JSON: nothing found")
    func nothingFound() {
        for text in [#"{"a": 1.5, "b": -0.0, "c": 0e-500, "d": 9223372036854775807, "e": 1.7e308}"#, #"["1e400"]"#, "{\"a\": ", "nope", ""] {
            #expect(Self.first(text) == nil, "\(text)")
        }
    }
}
