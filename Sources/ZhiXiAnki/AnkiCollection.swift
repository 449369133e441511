/// An Anki collection as read from a file: its schema, settings, decks, presets, cards, notes
/// and review log. Read with ``AnkiFile``; choose cards with ``AnkiSelection``.
///
/// Everything is as Anki stores it: ids in Anki's units (milliseconds since 1970 for most),
/// the review log row for row. Arrays are ordered by id.
package struct AnkiCollection: Sendable {
    /// The file's name as the caller gave it.
    package var file: String
    /// Where the collection was read from, for messages: `collection.anki21b in deck.apkg`,
    /// `collection.anki2 with its write-ahead log`.
    package var source: String
    /// The schema version (`col.ver`): 11 (legacy exports) or 18 (current Anki).
    package var schemaVersion: Int
    /// When the collection was created (`col.crt`), in seconds since 1970.
    package var creationSeconds: Int64
    /// The collection-wide settings.
    package var settings: AnkiCollectionSettings
    /// Every deck, normal and filtered.
    package var decks: [AnkiDeck]
    /// Every preset.
    package var presets: [AnkiPreset]
    /// Every card.
    package var cards: [AnkiCard]
    /// Every note's id (a card whose note is not here belongs to a deleted note).
    package var noteIDs: [Int64]
    /// Every review-log row, including those of cards deleted since.
    package var revlog: [AnkiRevlogEntry]
    /// Whether it may be believed yet (``AnkiVerification/verify()``): already, unless its
    /// reader was asked to defer SQLite's integrity check.
    package var verification = AnkiVerification.verified

    /// Creates a collection from its parts (arrays are sorted by id here).
    package init(file: String, source: String, schemaVersion: Int, creationSeconds: Int64, settings: AnkiCollectionSettings,
                decks: [AnkiDeck], presets: [AnkiPreset], cards: [AnkiCard], noteIDs: [Int64], revlog: [AnkiRevlogEntry]) {
        self.file = file
        self.source = source
        self.schemaVersion = schemaVersion
        self.creationSeconds = creationSeconds
        self.settings = settings
        self.decks = decks.sorted { $0.id < $1.id }
        self.presets = presets.sorted { $0.id < $1.id }
        self.cards = cards.inOrder(of: \.id)
        self.noteIDs = noteIDs.inOrder(of: \.self)
        self.revlog = revlog.inOrder(of: \.id)
    }

    /// The deck with `id`, if any. O(log n).
    package func deck(id: Int64) -> AnkiDeck? { Self.find(id, in: decks, id: \.id) }

    /// The preset with `id`, if any. O(log n).
    package func preset(id: Int64) -> AnkiPreset? { Self.find(id, in: presets, id: \.id) }

    /// The preset that schedules `card` (its home deck's), if the deck and preset exist.
    package func preset(of card: AnkiCard) -> AnkiPreset? {
        deck(id: card.homeDeckID).flatMap(\.presetID).flatMap { preset(id: $0) }
    }

    /// Whether a note with `id` exists. O(log n).
    package func hasNote(_ id: Int64) -> Bool { Self.find(id, in: noteIDs, id: \.self) != nil }

    static func find<Element>(_ wanted: Int64, in elements: [Element], id: (Element) -> Int64) -> Element? {
        var low = 0, high = elements.count
        while low < high {
            let middle = (low + high) / 2
            if id(elements[middle]) < wanted { low = middle + 1 } else { high = middle }
        }
        return low < elements.count && id(elements[low]) == wanted ? elements[low] : nil
    }
}

extension Array {
    func isSorted(by areInIncreasingOrder: (Element, Element) -> Bool) -> Bool {
        zip(self, dropFirst()).allSatisfy { !areInIncreasingOrder($1, $0) }
    }

    /// The elements in rising order of `key`, those with equal keys in the order they were
    /// (the standard library's sort is stable); the array itself when it is in order already.
    /// O(n) when it is, else O(n log n).
    func inOrder(of key: (Element) -> Int64) -> [Element] {
        isSorted { key($0) < key($1) } ? self : sorted { key($0) < key($1) }
    }
}
