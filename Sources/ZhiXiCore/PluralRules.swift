/// A language's plural rules: the ``PluralCategory`` of each whole number. Made by the
/// language's files (`ZhiXiLocalization` asks the platform, the way a `.stringsdict` is
/// resolved); here only the value that counted sentences (``CountedTextTemplate``) carry.
///
/// The categories of 0…``tableSize``−1 are held in a table, so choosing a form costs an array
/// read; other numbers ask `categoryOf`.
@usableFromInline package struct PluralRules: Sendable, Hashable {
    /// The numbers whose category is held in the table.
    @usableFromInline package static let tableSize = 1024
    /// Who made the rules (a language tag): rules are equal when their identifiers are.
    @usableFromInline package let identifier: String
    /// The categories of 0 ..< ``tableSize``.
    private let table: [PluralCategory]
    private let categoryOf: @Sendable (Int) -> PluralCategory

    /// Rules from a function, asked once for each number of the table and again for any other.
    /// - Complexity: O(``tableSize``) calls of `categoryOf`.
    @usableFromInline package init(identifier: String, categoryOf: @escaping @Sendable (Int) -> PluralCategory) {
        self.identifier = identifier
        self.categoryOf = categoryOf
        table = (0 ..< Self.tableSize).map(categoryOf)
    }

    /// English's rules (and those of most languages of Europe): `one` for 1, `other` else.
    @usableFromInline package static let oneOther = PluralRules(identifier: "one-other") { $0 == 1 ? .one : .other }

    /// One form for every number (Chinese, Japanese, Korean, …): `other`.
    @usableFromInline package static let otherOnly = PluralRules(identifier: "other") { _ in .other }

    /// The category of `count` (a negative count is taken by its magnitude). O(1) below
    /// ``tableSize``.
    @usableFromInline package func category(_ count: Int) -> PluralCategory {
        let magnitude = count.magnitude
        return magnitude < UInt(Self.tableSize) ? table[Int(magnitude)] : categoryOf(Int(clamping: magnitude))
    }

    /// The categories this language uses for some number of the table, in CLDR's order.
    @usableFromInline package var categoriesInUse: [PluralCategory] { Array(Set(table)).sorted() }

    @usableFromInline package static func == (lhs: PluralRules, rhs: PluralRules) -> Bool { lhs.identifier == rhs.identifier }

    @usableFromInline package func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}
