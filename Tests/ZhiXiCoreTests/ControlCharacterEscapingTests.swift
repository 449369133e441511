import Testing
import ZhiXiCore

@Suite("Control characters made visible for terminals")
struct ControlCharacterEscapingTests {
    @Test("ESC, NUL, CR, BEL, DEL and C1 controls become escapes; other text is unchanged")
    func escapes() {
        #expect("Title\u{1B}[2J\u{0}\r\nX\u{7}\u{7F}\u{9B}".escapingControlCharacters() == "Title\\u{1B}[2J\\0\\r\\nX\\u{7}\\u{7F}\\u{9B}")
        #expect("复习 · 反向传播 😀".escapingControlCharacters() == "复习 · 反向传播 😀")
        #expect("a\tb\nc\rd".escapingControlCharacters(keepingLineBreaks: true) == "a\tb\nc\\rd")
    }
}
