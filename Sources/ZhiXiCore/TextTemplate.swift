/// A sentence with named blanks, parsed once and filled many times: `"Moved from {day}."`.
/// The blanks are the cases of `Slot`, a `String` enum; filling one appends straight to a
/// ``UTF8Text``, so a template costs one pass over its bytes and no `String` per use.
///
/// The wording tables of the planner and the command line are made of these, one table per
/// language, so translators see whole sentences with their blanks where the language puts
/// them.
///
/// ```swift
/// enum Blank: String, CaseIterable { case day, count }
/// let moved = TextTemplate<Blank>("Moved from {day} with {count} others.")
/// var text = UTF8Text()
/// moved.render(into: &text) { blank, text in
///     switch blank {
///     case .day: text.append("Nov 28")
///     case .count: text.append(3)
///     }
/// }
/// ```
public struct TextTemplate<Slot: RawRepresentable & CaseIterable & Sendable>: Sendable, Hashable
where Slot.RawValue == String {
    /// The literal bytes of the whole template, pieces back to back.
    @usableFromInline let literals: [UInt8]
    /// The pieces in order: a length ≥ 0 is that many literal bytes, a negative value `-1 - i`
    /// is the blank `slots[i]`. Plain integers, so rendering retains nothing.
    @usableFromInline let pieces: [Int]
    /// The blanks in the order they appear.
    public let slots: [Slot]
    /// The template as written.
    public let text: String

    /// Parses a template: `{name}` is a blank, `{{` and `}}` are literal braces.
    /// - Precondition: every blank names a case of `Slot` (a wording table is code; a typo is
    ///   a programming error, caught by its tests).
    public init(_ text: String) {
        self.text = text
        var literals: [UInt8] = []
        var pieces: [Int] = []
        var slots: [Slot] = []
        var run = 0
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if (byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")), index + 1 < bytes.count, bytes[index + 1] == byte {
                literals.append(byte)
                run += 1
                index += 2
            } else if byte == UInt8(ascii: "{"), let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) {
                let name = String(decoding: bytes[(index + 1) ..< close], as: UTF8.self)
                guard let slot = Slot(rawValue: name) else {
                    preconditionFailure("template \"\(text)\" has a blank {\(name)} that is not one of \(Slot.allCases.map(\.rawValue))")
                }
                if run > 0 { pieces.append(run) }
                run = 0
                pieces.append(-1 - slots.count)
                slots.append(slot)
                index = close + 1
            } else {
                literals.append(byte)
                run += 1
                index += 1
            }
        }
        if run > 0 { pieces.append(run) }
        self.literals = literals
        self.pieces = pieces
        self.slots = slots
    }

    /// Appends the sentence to `text`, filling each blank with `fill`. O(length).
    @inlinable
    public func render(into text: inout UTF8Text, _ fill: (Slot, inout UTF8Text) -> Void) {
        literals.withUnsafeBufferPointer { literals in
            var offset = 0
            for piece in pieces {
                if piece >= 0 {
                    text.append(contentsOf: UnsafeBufferPointer(rebasing: literals[offset ..< offset + piece]))
                    offset += piece
                } else {
                    fill(slots[-1 - piece], &text)
                }
            }
        }
    }

    /// The sentence as a `String`, each blank filled by `fill`.
    public func string(_ fill: (Slot, inout UTF8Text) -> Void) -> String {
        var text = UTF8Text(capacity: self.text.utf8.count + 32)
        render(into: &text, fill)
        return text.string
    }

    /// Two templates are equal when their texts are.
    public static func == (lhs: TextTemplate, rhs: TextTemplate) -> Bool { lhs.text == rhs.text }

    /// Hashes the text.
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
