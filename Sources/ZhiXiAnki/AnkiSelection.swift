import ZhiXiCore

/// The cards of an Anki collection that a command works on, with their review-log rows and the
/// presets that schedule them, chosen as Anki's own searches choose them:
///
/// - ``Scope/deck(_:)`` is Anki's `deck:NAME`: the deck and its subdecks, names compared
///   case-insensitively, a card counted when it is in one of them or borrowed from one of
///   them by a filtered deck;
/// - ``Scope/preset(_:)`` is Anki's `preset:NAME`: the cards whose deck, or home deck while
///   in a filtered deck, uses the preset;
/// - ``Scope/everyDeck`` is every card.
///
/// Left out, as Anki's optimizer, evaluation and simulator leave them out (their searches add
/// `-is:suspended`): suspended cards. Buried cards stay (Anki keeps them: a bury lasts a
/// day); ``CardFilter`` can leave them out too. Cards of notes that no longer exist, and the
/// review-log rows of cards deleted since, are left out (no search finds them). What was left
/// out is counted in ``leftOut``.
package struct AnkiSelection: Sendable {
    /// Which decks.
    package enum Scope: Sendable, Hashable {
        case everyDeck
        case deck(String)
        case preset(String)
    }

    /// Which cards are left out besides those of deleted notes.
    package struct CardFilter: Sendable, Hashable {
        /// Leave out suspended cards (queue -1).
        package var leavesOutSuspended: Bool
        /// Leave out buried cards (queue -2 and -3).
        package var leavesOutBuried: Bool

        /// A filter.
        package init(leavesOutSuspended: Bool = true, leavesOutBuried: Bool = false) {
            self.leavesOutSuspended = leavesOutSuspended
            self.leavesOutBuried = leavesOutBuried
        }

        /// Anki's: suspended cards out, buried cards in.
        package static let anki = CardFilter()
    }

    /// What was left out.
    package struct LeftOut: Sendable, Hashable {
        /// Suspended cards of the scope.
        package var suspendedCards = 0
        /// Buried cards of the scope (only when the filter leaves them out).
        package var buriedCards = 0
        /// Cards whose note no longer exists.
        package var cardsOfDeletedNotes = 0
        /// Review-log rows of cards that no longer exist.
        package var reviewsOfDeletedCards = 0
        /// Review-log rows of the cards left out above.
        package var reviewsOfCardsLeftOut = 0

        package init() {}
    }

    /// The scope asked for.
    package let scope: Scope
    /// The decks of the scope, by id.
    package let decks: [AnkiDeck]
    /// The chosen cards, by id.
    package let cards: [AnkiCard]
    /// Each chosen card's settings, as Anki resolves them (its home deck's preset, the deck's own
    /// retention; ``AnkiCardSettings``), in the order of ``cards``: the scope chooses cards and
    /// never changes whose settings apply.
    package let cardSettings: [AnkiCardSettings]
    /// The chosen cards' review-log rows, by id (time).
    package let revlog: [AnkiRevlogEntry]
    /// For each row of ``revlog``, the position of its card in ``cards``.
    package let revlogCardIndices: [Int32]
    /// The presets that schedule the chosen cards (for a preset scope, that preset; with no card
    /// chosen, those of the scope's decks), by id.
    package let presets: [AnkiPreset]
    /// What was left out.
    package let leftOut: LeftOut
    /// The collection-wide settings.
    package let settings: AnkiCollectionSettings

    /// The one preset that schedules every chosen card, or `nil` when they span several (or
    /// there is no card and the scope is not a preset).
    package var preset: AnkiPreset? { presets.count == 1 ? presets[0] : nil }

    /// Chooses the cards of `scope`.
    /// - Complexity: O(decks × name length + cards + review-log rows).
    /// - Throws: ``AnkiSelectionError`` for a deck or preset name the collection does not have.
    package init(_ collection: AnkiCollection, scope: Scope = .everyDeck, filter: CardFilter = .anki) throws(AnkiSelectionError) {
        self.scope = scope
        settings = collection.settings
        var deckIDs: Set<Int64>
        var scopePreset: AnkiPreset?
        switch scope {
        case .everyDeck:
            decks = collection.decks
            deckIDs = Set(decks.map(\.id))
        case .deck(let name):
            let wanted = name.hasSuffix("::") ? String(name.dropLast(2)) : name
            decks = collection.decks.filter { $0.isWithin(wanted) }
            guard !decks.isEmpty else {
                throw AnkiSelectionError(kind: .noSuchDeck, name: name, known: collection.decks.map(\.name).sorted())
            }
            deckIDs = Set(decks.map(\.id))
        case .preset(let name):
            let exact = collection.presets.filter { $0.name == name }
            let loose = collection.presets.filter { $0.name.lowercased() == name.lowercased() }
            guard let preset = exact.first ?? (loose.count == 1 ? loose.first : nil) else {
                throw AnkiSelectionError(kind: .noSuchPreset, name: name, known: collection.presets.map(\.name).sorted())
            }
            scopePreset = preset
            decks = collection.decks.filter { $0.presetID == preset.id }
            deckIDs = Set(decks.map(\.id))
        }
        let everyDeck = scope == .everyDeck
        var leftOut = LeftOut()
        // Every existing card: out of the scope (-1), left out (-2), or its position in `cards`.
        var chosen = CardIndexTable(capacity: collection.cards.count)
        var cards: [AnkiCard] = []
        var cardSettings: [AnkiCardSettings] = []
        var presetIDs: Set<Int64> = []
        for card in collection.cards {
            let inScope = everyDeck || deckIDs.contains(card.deckID) || (card.originalDeckID != 0 && deckIDs.contains(card.originalDeckID))
            guard inScope else {
                chosen.set(card.id, -1)
                continue
            }
            var keep = true
            if !collection.hasNote(card.noteID) {
                leftOut.cardsOfDeletedNotes += 1
                keep = false
            } else if filter.leavesOutSuspended, card.isSuspended {
                leftOut.suspendedCards += 1
                keep = false
            } else if filter.leavesOutBuried, card.isBuried {
                leftOut.buriedCards += 1
                keep = false
            }
            chosen.set(card.id, keep ? Int32(cards.count) : -2)
            if keep {
                cards.append(card)
                let settings = collection.settings(of: card)
                cardSettings.append(settings)
                presetIDs.insert(settings.preset.id)
            }
        }
        // Each row's card position; the rows themselves are copied only when some are left out
        // (choosing every row shares the collection's array).
        var revlogCards: [Int32] = []
        revlogCards.reserveCapacity(collection.revlog.count)
        var keptEveryRow = true
        for entry in collection.revlog {
            switch chosen.value(entry.cardID) {
            case let position? where position >= 0:
                revlogCards.append(position)
                continue
            case Int32(-2)?: leftOut.reviewsOfCardsLeftOut += 1
            case nil: leftOut.reviewsOfDeletedCards += 1
            default: break
            }
            revlogCards.append(-1)
            keptEveryRow = false
        }
        let revlog: [AnkiRevlogEntry]
        if keptEveryRow {
            revlog = collection.revlog
        } else {
            var kept: [AnkiRevlogEntry] = []
            kept.reserveCapacity(collection.revlog.count)
            for (entry, position) in zip(collection.revlog, revlogCards) where position >= 0 { kept.append(entry) }
            revlog = kept
            revlogCards.removeAll { $0 < 0 }
        }
        revlogCardIndices = revlogCards
        self.cards = cards
        self.cardSettings = cardSettings
        self.revlog = revlog
        self.leftOut = leftOut
        if let scopePreset {
            presets = [scopePreset]
        } else {
            // With no card chosen, the presets of the scope's decks.
            if cards.isEmpty { presetIDs = Set(decks.compactMap(\.presetID)) }
            presets = collection.presets.filter { presetIDs.contains($0.id) }
        }
    }
}

/// A deck or preset name that a collection does not have.
package struct AnkiSelectionError: Error, CustomStringConvertible, Sendable, Hashable {
    package enum Kind: Sendable, Hashable { case noSuchDeck, noSuchPreset }
    package var kind: Kind
    /// The name asked for.
    package var name: String
    /// The names the collection has.
    package var known: [String]

    package var description: String {
        let what = kind == .noSuchDeck ? "deck" : "preset"
        let list = known.prefix(20).map { "\"" + $0.escapingControlCharacters() + "\"" }.joined(separator: ", ")
        return "no \(what) named \"\(name.escapingControlCharacters())\" (the collection has \(known.count) \(what)s: \(list)"
            + (known.count > 20 ? ", …" : "") + ")"
    }
}
