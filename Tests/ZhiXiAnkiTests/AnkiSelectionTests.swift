import Foundation
import Testing
import ZhiXiAnki

/// Decks and presets chosen as Anki's searches choose them, on the collection Anki wrote.
@Suite struct AnkiSelectionTests {
    let collection: AnkiCollection

    init() throws {
        collection = try AnkiFile.open(path: AnkiFixtureTests.livePath)
    }

    private func deck(_ name: String) -> AnkiDeck { collection.decks.first { $0.name == name }! }

    @Test func aDeckIncludesItsSubdecksAndTheCardsFilteredDecksBorrowedFromThem() throws {
        let languages = try AnkiSelection(collection, scope: .deck("languages"))
        #expect(Set(languages.decks.map(\.name)) == ["Languages", "Languages::Spanish", "Languages::Spanish::Verbs"])
        let ids = Set(languages.decks.map(\.id))
        #expect(languages.cards.allSatisfy { ids.contains($0.deckID) || ids.contains($0.originalDeckID) })
        #expect(languages.cards.contains { $0.originalDeckID == deck("Languages::Spanish::Verbs").id }, "borrowed by Review ahead")
        #expect(languages.preset == nil, "Languages and its Verbs subdeck use different presets")
        #expect(Set(languages.presets.map(\.name)) == ["Default", "Intense"])
        let verbs = try AnkiSelection(collection, scope: .deck("Languages::Spanish::Verbs"))
        #expect(verbs.preset?.name == "Intense")
        #expect(verbs.revlog.allSatisfy { entry in verbs.cards.contains { $0.id == entry.cardID } })
    }

    @Test func aPresetIsItsDecksCardsLessSuspendedOnes() throws {
        let intense = try AnkiSelection(collection, scope: .preset("Intense"))
        #expect(intense.preset?.name == "Intense")
        #expect(Set(intense.decks.map(\.name)) == ["Languages::Spanish::Verbs", "Science"])
        #expect(intense.leftOut.suspendedCards == 1)
        #expect(!intense.cards.contains { $0.isSuspended })
        #expect(intense.cards.contains { $0.isBuried }, "Anki keeps buried cards")
        let noBuried = try AnkiSelection(collection, scope: .preset("intense"), filter: .init(leavesOutSuspended: true, leavesOutBuried: true))
        #expect(noBuried.leftOut.buriedCards == 1)
        #expect(noBuried.cards.count == intense.cards.count - 1)
        let fromDecks = try AnkiSelection(collection, scope: .deck("Science")).cards.count
            + AnkiSelection(collection, scope: .deck("Languages::Spanish::Verbs")).cards.count
        #expect(intense.cards.count == fromDecks)
    }

    @Test func everyDeckLeavesOutTheReviewsOfTheDeletedNotesCards() throws {
        let all = try AnkiSelection(collection)
        let existing = Set(collection.cards.map(\.id))
        let orphanRows = collection.revlog.filter { !existing.contains($0.cardID) }.count
        #expect(orphanRows > 0, "the fixture deleted a reviewed note")
        #expect(all.leftOut.reviewsOfDeletedCards == orphanRows)
        #expect(all.revlog.count + orphanRows + all.leftOut.reviewsOfCardsLeftOut == collection.revlog.count)
        #expect(all.cards.count == collection.cards.count - 1)
    }

    @Test func anUnknownNameListsTheKnownOnes() {
        #expect {
            _ = try AnkiSelection(collection, scope: .deck("Klingon\u{7}"))
        } throws: { error in
            let text = (error as? AnkiSelectionError)?.description ?? ""
            return text.contains("no deck named \"Klingon\\u{07}\"") || text.contains("no deck named \"Klingon")
                && text.contains("\"Languages::Spanish\"")
        }
        #expect(throws: AnkiSelectionError.self) { try AnkiSelection(collection, scope: .preset("Nope")) }
    }
}
