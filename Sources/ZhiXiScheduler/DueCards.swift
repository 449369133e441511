/// The cards to study in one study day, in the order to show them: what
/// ``CardScheduler/dueCards(_:on:newCardLimit:)`` returns.
///
/// Reviews whose day has passed come first, most overdue first, so that a backlog is worked
/// off from the oldest end; then the learning and relearning cards due by the end of the day;
/// then the reviews due today; then new cards, no more than the new-card limit.
public struct DueCards: Sendable, Hashable {
    /// Review cards due on an earlier day: the earliest due first, ties by id.
    public var overdue: [Card]
    /// Learning and relearning cards due before the day ends (including ones due earlier):
    /// the earliest due first, ties by id.
    public var learning: [Card]
    /// Review cards due during the day: the earliest due first, ties by id.
    public var dueToday: [Card]
    /// New cards, in the order they were given, at most the new-card limit.
    public var new: [Card]
    /// How many new cards the limit held back.
    public var newCardsHeldBack: Int

    /// Creates a due list.
    /// - Complexity: O(1).
    public init(overdue: [Card] = [], learning: [Card] = [], dueToday: [Card] = [], new: [Card] = [], newCardsHeldBack: Int = 0) {
        self.overdue = overdue
        self.learning = learning
        self.dueToday = dueToday
        self.new = new
        self.newCardsHeldBack = newCardsHeldBack
    }

    /// Every due card in the order to show them: overdue, learning, due today, new.
    public var all: [Card] { overdue + learning + dueToday + new }

    /// The number of due cards.
    public var count: Int { overdue.count + learning.count + dueToday.count + new.count }
}
