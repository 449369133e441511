/// What Anki's load balancer counts, for a whole collection: every card whose `due` number is
/// one of the 99 days from today, with its note and its preset (Anki's
/// `select id, nid, did, due from cards where due >= today and due < today + 99`, which takes new
/// cards whose queue position falls in that span too, and cards in filtered decks under no
/// preset). From it, each preset's ``AnkiLoadBalancer`` and each note's sibling days.
@usableFromInline package struct AnkiDueWindow: Sendable, Hashable {
    /// One card due in the window.
    @usableFromInline package struct Entry: Sendable, Hashable {
        /// The card's id.
        @usableFromInline package var cardID: Int64
        /// Its note's id.
        @usableFromInline package var noteID: Int64
        /// Its deck's preset; `nil` in a filtered deck.
        @usableFromInline package var presetID: Int64?
        /// Days from today (0 … 98).
        @usableFromInline package var dayOffset: Int

        /// An entry.
        /// - Complexity: O(1).
        @usableFromInline package init(cardID: Int64, noteID: Int64, presetID: Int64?, dayOffset: Int) {
            self.cardID = cardID
            self.noteID = noteID
            self.presetID = presetID
            self.dayOffset = dayOffset
        }
    }

    /// The cards due in the window.
    @usableFromInline package let entries: [Entry]

    /// A window of entries; those outside 0 … 98 days are left out.
    /// - Complexity: O(entries).
    @usableFromInline package init(entries: [Entry]) {
        self.entries = entries.filter { (0..<AnkiLoadBalancer.windowDayCount).contains($0.dayOffset) }
    }

    /// The window of a collection's cards: those whose stored `due` number is today … today + 98.
    /// - Complexity: O(n).
    @usableFromInline package init<Cards: Sequence>(today: Int, cards: Cards) where Cards.Element == (cardID: Int64, noteID: Int64, presetID: Int64?, due: Int) {
        self.init(entries: cards.map { Entry(cardID: $0.cardID, noteID: $0.noteID, presetID: $0.presetID, dayOffset: $0.due - today) })
    }

    /// The load balancer Anki builds for a preset: its cards per day, the weekdays, its Easy Days.
    /// - Complexity: O(entries).
    @usableFromInline package func balancer(presetID: Int64, weekdays: [Int], easyDayPercentages: [Float] = []) -> AnkiLoadBalancer {
        var counts = [Int](repeating: 0, count: AnkiLoadBalancer.windowDayCount)
        for entry in entries where entry.presetID == presetID { counts[entry.dayOffset] += 1 }
        return AnkiLoadBalancer(dueCounts: counts, weekdays: weekdays, easyDayPercentages: easyDayPercentages)
    }

    /// The days with a card of the note due (in any preset, the card itself included): the
    /// sibling days of a card of a preset that buries siblings of reviews.
    /// - Complexity: O(entries).
    @usableFromInline package func siblingDays(noteID: Int64) -> [Int] {
        Array(Set(entries.lazy.filter { $0.noteID == noteID }.map(\.dayOffset))).sorted()
    }
}
