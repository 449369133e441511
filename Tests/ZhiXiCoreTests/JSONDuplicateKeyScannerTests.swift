import Foundation
import Testing
import ZhiXiCore

@Suite("JSONDuplicateKeyScanner: a key twice in one object, found in one pass")
struct JSONDuplicateKeyScannerTests {
    static func duplicate(_ text: String) -> JSONDuplicateKey? {
        JSONDuplicateKeyScanner.firstDuplicate(inBytes: Data(text.utf8))
    }

    @Test("the same key in different objects, or in an array's objects, is no duplicate", arguments: [
        #"{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]}"#, #"[{"x":1},{"x":2}]"#, #"{"a":"\"a\":1,\"a\":2"}"#,
        #"{"a\"":1,"a":2}"#, #"{}"#, #"[]"#, "", #"{"a":[1,2,{"b":[{"c":1,"d":2}]}],"b":null}"#,
    ])
    func distinct(text: String) {
        #expect(Self.duplicate(text) == nil)
    }

    @Test("a duplicate is named with its key, the path of its object and its line")
    func located() throws {
        let text = "{\n  \"sessions\": [\n    {\"id\": \"s1\",\n     \"id\": \"s2\"}\n  ]\n}"
        let found = try #require(Self.duplicate(text))
        #expect(found.key == "id" && found.objectPath == "sessions[0]" && found.path == "sessions[0].id")
        #expect(found.line == 4 && found.firstLine == 3 && found.column == 6)
        let top = try #require(Self.duplicate(#"{"profile":{},"x":[1,[2]],"profile":{}}"#))
        #expect(top.objectPath.isEmpty && top.key == "profile" && top.line == 1)
        let nested = try #require(Self.duplicate(#"{"a b":[0,{"k":[{"z":1,"z":2}]}]}"#))
        #expect(nested.objectPath == #"["a b"][1].k[0]"#)
    }

    @Test("escapes are decoded before comparing: \\u0061 is a, surrogate pairs are one character")
    func escapes() {
        #expect(Self.duplicate(#"{"a":1,"\u0061":2}"#)?.key == "a")
        #expect(Self.duplicate(#"{"😀":1,"\ud83d\ude00":2}"#)?.key == "😀")
        #expect(Self.duplicate(#"{"a\nb":1,"a\u000ab":2}"#) != nil)
        #expect(Self.duplicate(#"{"a\\":1,"a\\\\":2}"#) == nil)
    }

    @Test("an object of 100,000 keys is scanned through its table; the last key repeating the first is found")
    func largeObject() {
        var text = "{" + (0 ..< 100_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        #expect(Self.duplicate(text + "}") == nil)
        text += ",\"k0\":1}"
        #expect(Self.duplicate(text)?.key == "k0")
    }

    @Test("malformed or deeply nested input ends the scan without a report and without trouble", arguments: [
        #"{"a":"unterminated"#, "}}}]]]", String(repeating: "[", count: 100_000),
        String(repeating: "{\"a\":", count: 10_000), "\u{0}\u{0}{\"a\":1,", #"{"a":1,]"b":2}"#,
    ])
    func malformed(text: String) {
        #expect(Self.duplicate(text) == nil)
    }

    @Test("a repeated key is reported though the input breaks off after it (a string after a comma in an object is a key)", arguments: [
        #"{"a":1,"a""#, #"{"a":1,"a":2,"#, #"{"a":1,"a":"#, #"[{"k":0,"k":[1,"#,
    ])
    func duplicateBeforeBreak(text: String) {
        #expect(Self.duplicate(text)?.key == (text.contains("\"k\"") ? "k" : "a"))
    }
}
