/// A plural category of the Unicode CLDR (and of a `.stringsdict`'s plural rule): which form of
/// a counted phrase a language uses for a number. English has `one` (1) and `other`; Chinese
/// has only `other`; Russian has `one`, `few`, `many` and `other`; Arabic all six. The raw
/// values are the keys a `.stringsdict` writes the forms under.
@usableFromInline package enum PluralCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    case zero, one, two, few, many, other

    /// In CLDR's order: zero, one, two, few, many, other.
    @usableFromInline package static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
