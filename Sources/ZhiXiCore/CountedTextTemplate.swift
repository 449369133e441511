/// A sentence with a count: the ``TextTemplate`` for exactly one, and the one for any other
/// count (`1 task` / `3 tasks`; Chinese has one form for both). The wording tables of the
/// planner and of the app's pages write their counted sentences with it.
public struct CountedTextTemplate<Slot: RawRepresentable & CaseIterable & Sendable>: Sendable, Hashable
where Slot.RawValue == String {
    /// For a count of 1.
    public var one: TextTemplate<Slot>
    /// For any other count.
    public var other: TextTemplate<Slot>

    /// One form for both (languages without plural forms).
    public init(_ both: String) {
        one = TextTemplate(both)
        other = one
    }

    /// Two forms.
    public init(one: String, other: String) {
        self.one = TextTemplate(one)
        self.other = TextTemplate(other)
    }

    /// The form for `count`.
    public func form(_ count: Int) -> TextTemplate<Slot> { count == 1 ? one : other }
}
