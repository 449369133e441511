/// A deck of an Anki collection.
public struct AnkiDeck: Sendable, Hashable {
    /// The deck's id.
    public var id: Int64
    /// The full name, its levels joined by `::` (`Languages::Spanish::Verbs`).
    public var name: String
    /// The preset (deck options) a normal deck uses; `nil` for a filtered deck.
    public var presetID: Int64?
    /// Whether the deck is filtered (its cards come from their home decks for a while).
    public var isFiltered: Bool
    /// For a filtered deck, whether answers in it reschedule the cards; `nil` for a normal deck.
    public var reschedules: Bool?

    /// Creates a deck.
    public init(id: Int64, name: String, presetID: Int64?, isFiltered: Bool, reschedules: Bool?) {
        self.id = id
        self.name = name
        self.presetID = presetID
        self.isFiltered = isFiltered
        self.reschedules = reschedules
    }

    /// The name's levels.
    public var levels: [Substring] { name.split(separator: "::", omittingEmptySubsequences: false) }

    /// Whether this deck is `ancestor` or one of its subdecks, comparing names as Anki's deck
    /// search does (case-insensitively, level by level).
    public func isWithin(_ ancestor: String) -> Bool {
        let mine = name.lowercased(), theirs = ancestor.lowercased()
        return mine == theirs || mine.hasPrefix(theirs + "::")
    }
}
