/// A sentence with a count: one ``TextTemplate`` per plural category the language uses
/// (`1 task` / `3 tasks`; Chinese has one form for all; Russian four), and the language's
/// ``PluralRules`` to choose among them. The wording of the planner, of the app's pages and of
/// the command line reads these from the languages' `.stringsdict` files.
@usableFromInline package struct CountedTextTemplate<Slot: RawRepresentable & CaseIterable & Sendable>: Sendable, Hashable
where Slot.RawValue == String {
    /// The forms by category; ``PluralCategory/other`` is always there.
    @usableFromInline package let forms: [PluralCategory: TextTemplate<Slot>]
    /// Which form a count takes.
    @usableFromInline package let rules: PluralRules
    /// The forms indexed by category (``PluralCategory/allCases``' order), a missing one
    /// filled with `other`, so choosing costs two array reads.
    @usableFromInline let formsByCategory: [TextTemplate<Slot>]

    /// A form for each category: `forms` must hold ``PluralCategory/other``; a category the
    /// rules choose but `forms` lacks takes `other`.
    /// - Precondition: `forms[.other] != nil`.
    @usableFromInline package init(forms: [PluralCategory: TextTemplate<Slot>], rules: PluralRules) {
        guard let other = forms[.other] else { preconditionFailure("a counted sentence needs its \"other\" form") }
        self.forms = forms
        self.rules = rules
        formsByCategory = PluralCategory.allCases.map { forms[$0] ?? other }
    }

    /// One form for every count (languages without plural forms).
    @usableFromInline package init(_ both: String) {
        self.init(forms: [.other: TextTemplate(both)], rules: .otherOnly)
    }

    /// Two forms, English's rules: `one` for exactly 1, `other` for any other count.
    @usableFromInline package init(one: String, other: String) {
        self.init(forms: [.one: TextTemplate(one), .other: TextTemplate(other)], rules: .oneOther)
    }

    /// The form for `count`. O(1) for counts below ``PluralRules/tableSize``.
    @inlinable
    package func form(_ count: Int) -> TextTemplate<Slot> { formsByCategory[categoryIndex(count)] }

    @usableFromInline
    func categoryIndex(_ count: Int) -> Int {
        switch rules.category(count) {
        case .zero: 0
        case .one: 1
        case .two: 2
        case .few: 3
        case .many: 4
        case .other: 5
        }
    }

    /// The form for exactly one (English's `1 task`), or `other` where the language has none.
    @usableFromInline package var one: TextTemplate<Slot> { forms[.one] ?? forms[.other]! }
    /// The form for other counts.
    @usableFromInline package var other: TextTemplate<Slot> { forms[.other]! }

    /// Equal when the forms and the rules are.
    @usableFromInline package static func == (lhs: CountedTextTemplate, rhs: CountedTextTemplate) -> Bool {
        lhs.forms == rhs.forms && lhs.rules == rhs.rules
    }

    @usableFromInline package func hash(into hasher: inout Hasher) {
        hasher.combine(forms)
        hasher.combine(rules)
    }
}
