/// A deck of an Anki collection.
package struct AnkiDeck: Sendable, Hashable {
    /// The deck's id.
    package var id: Int64
    /// The full name, its levels joined by `::` (`Languages::Spanish::Verbs`).
    package var name: String
    /// The preset (deck options) a normal deck uses; `nil` for a filtered deck.
    package var presetID: Int64?
    /// Whether the deck is filtered (its cards come from their home decks for a while).
    package var isFiltered: Bool
    /// For a filtered deck, whether answers in it reschedule the cards; `nil` for a normal deck.
    package var reschedules: Bool?
    /// The deck's own desired retention (Anki 26.09's override of its preset's, in the deck
    /// options' "This deck"), `nil` when the deck has none (then its preset's applies).
    package var desiredRetention: Double?

    /// Creates a deck.
    package init(id: Int64, name: String, presetID: Int64?, isFiltered: Bool, reschedules: Bool?, desiredRetention: Double? = nil) {
        self.id = id
        self.name = name
        self.presetID = presetID
        self.isFiltered = isFiltered
        self.reschedules = reschedules
        self.desiredRetention = desiredRetention
    }

    /// The name's levels.
    package var levels: [Substring] { name.split(separator: "::", omittingEmptySubsequences: false) }

    /// Whether this deck is `ancestor` or one of its subdecks, comparing names as Anki's deck
    /// search does (case-insensitively, level by level).
    package func isWithin(_ ancestor: String) -> Bool {
        let mine = name.lowercased(), theirs = ancestor.lowercased()
        return mine == theirs || mine.hasPrefix(theirs + "::")
    }
}
