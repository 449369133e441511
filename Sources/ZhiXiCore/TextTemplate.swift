/// A sentence with named blanks, parsed once and filled many times: `"Moved from {day}."`.
/// The blanks are the cases of `Slot`, a `String` enum; filling one appends straight to a
/// ``UTF8Text``, so a template costs one pass over its bytes and no `String` per use.
///
/// The wording of the planner, the app's pages and the command line is made of these, read
/// from each language's files (`ZhiXiLocalization`), so translators see whole sentences with
/// their blanks where the language puts them.
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
@usableFromInline package struct TextTemplate<Slot: RawRepresentable & CaseIterable & Sendable>: Sendable, Hashable
where Slot.RawValue == String {
    /// The literal bytes of the whole template, pieces back to back.
    @usableFromInline let literals: [UInt8]
    /// The pieces in order: a length ≥ 0 is that many literal bytes, a negative value `-1 - i`
    /// is the blank `slots[i]`. Plain integers, so rendering retains nothing.
    @usableFromInline let pieces: [Int]
    /// The blanks in the order they appear.
    @usableFromInline package let slots: [Slot]
    /// The template as written.
    package let text: String

    /// Parses a template: `{name}` is a blank, `{{` and `}}` are literal braces.
    /// - Precondition: every blank names a case of `Slot` (a wording table is code; a typo is
    ///   a programming error, caught by its tests). Text from a file goes through
    ///   ``init(checking:)``.
    package init(_ text: String) {
        switch Self.parse(text) {
        case .success(let parsed): self = parsed
        case .failure(let unknown):
            preconditionFailure("template \"\(text)\" has a blank {\(unknown.name)} that is not one of \(Slot.allCases.map(\.rawValue))")
        }
    }

    /// Parses a template read from a file; `nil` when a blank names no case of `Slot` (a
    /// translator's typo), so the caller can fall back to another text.
    package init?(checking text: String) {
        guard case .success(let parsed) = Self.parse(text) else { return nil }
        self = parsed
    }

    private init(text: String, literals: [UInt8], pieces: [Int], slots: [Slot]) {
        self.text = text
        self.literals = literals
        self.pieces = pieces
        self.slots = slots
    }

    /// A blank whose name is not a case of `Slot`.
    struct UnknownBlank: Error { var name: String }

    private static func parse(_ text: String) -> Result<TextTemplate, UnknownBlank> {
        var literals: [UInt8] = []
        var pieces: [Int] = []
        var slots: [Slot] = []
        var run = 0
        var unknown: String?
        TemplateBlanks.scan(text, literal: { byte in
            literals.append(byte)
            run += 1
        }, blank: { name in
            guard let slot = Slot(rawValue: name) else {
                if unknown == nil { unknown = name }
                return
            }
            if run > 0 { pieces.append(run) }
            run = 0
            pieces.append(-1 - slots.count)
            slots.append(slot)
        })
        if let unknown { return .failure(UnknownBlank(name: unknown)) }
        if run > 0 { pieces.append(run) }
        return .success(TextTemplate(text: text, literals: literals, pieces: pieces, slots: slots))
    }

    /// Appends the sentence to `text`, filling each blank with `fill`. O(length).
    @inlinable
    package func render(into text: inout UTF8Text, _ fill: (Slot, inout UTF8Text) -> Void) {
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
    package func string(_ fill: (Slot, inout UTF8Text) -> Void) -> String {
        var text = UTF8Text(capacity: self.text.utf8.count + 32)
        render(into: &text, fill)
        return text.string
    }

    /// Two templates are equal when their texts are.
    @usableFromInline package static func == (lhs: TextTemplate, rhs: TextTemplate) -> Bool { lhs.text == rhs.text }

    /// Hashes the text.
    @usableFromInline package func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
