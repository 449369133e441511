import Foundation
import Testing
@testable import ZhiXiAnki

/// The small readers: Protocol Buffers fields, a card's `data`, names and dates.
@Suite struct FormatPieceTests {
    @Test func readsProtocolBufferFieldsPackedAndNot() throws {
        // field 1: packed floats [1.5, 10]; field 2: one unpacked float 3; field 16: varint 300;
        // field 46: "2025-03-02"; field 37: float 0.85.
        var message: [UInt8] = [0x0A, 8]
        message += withUnsafeBytes(of: Float(1.5).bitPattern.littleEndian, Array.init)
        message += withUnsafeBytes(of: Float(10).bitPattern.littleEndian, Array.init)
        message += [0x15] + withUnsafeBytes(of: Float(3).bitPattern.littleEndian, Array.init)
        message += [0x80, 0x01, 0xAC, 0x02]
        message += [0xF2, 0x02, 10] + Array("2025-03-02".utf8)
        message += [0xAD, 0x02] + withUnsafeBytes(of: Float(0.85).bitPattern.littleEndian, Array.init)
        let fields = try ProtobufReader.fields(ArraySlice(message))
        #expect(try ProtobufReader.floats(fields.values(1)) == [1.5, 10])
        #expect(try ProtobufReader.floats(fields.values(2)) == [3])
        #expect(fields.varint(16) == 300)
        #expect(fields.string(46) == "2025-03-02")
        #expect(fields.float(37).map(AnkiCollectionReader.decimal) == 0.85)
        #expect(throws: ProtobufReader.Malformed.self) { try ProtobufReader.fields(ArraySlice(message.dropLast())) }
        #expect(throws: ProtobufReader.Malformed.self) { try ProtobufReader.fields([0x0A, 0x05, 0x01]) }
    }

    @Test func readsTheMemoryStateOfACardsData() {
        func fields(_ text: String) -> CardDataFields { Array(text.utf8).withUnsafeBytes { CardDataFields($0) } }
        let full = fields(#"{"pos":3,"s":45.9541,"d":2.978,"dr":0.9,"decay":0.1542,"lrt":1741784400,"cd":"{\"x\":1}"}"#)
        #expect(full.stability == 45.9541)
        #expect(full.difficulty == 2.978)
        #expect(full.desiredRetention == 0.9)
        #expect(full.lastReviewSeconds == 1_741_784_400)
        let spaced = fields(#" { "cd" : {"s": 1} , "s" : 2.5 } "#)
        #expect(spaced.stability == 2.5)
        #expect(fields("{}").stability == nil)
        #expect(fields("not json").stability == nil)
        #expect(fields(#"{"s":1.5,"d":"#).stability == nil, "a cut-short object gives nothing, as Anki's fallback")
    }

    @Test func decksMatchByLevelCaseInsensitively() {
        let deck = AnkiDeck(id: 1, name: "Languages::Spanish::Verbs", presetID: 1, isFiltered: false, reschedules: nil)
        #expect(deck.isWithin("languages"))
        #expect(deck.isWithin("Languages::Spanish"))
        #expect(deck.isWithin("Languages::Spanish::Verbs"))
        #expect(!deck.isWithin("Languages::Span"))
        #expect(deck.levels == ["Languages", "Spanish", "Verbs"])
    }

    @Test func ignoreBeforeIsMidnightUTCOfTheDate() {
        var preset = AnkiPreset(id: 1, name: "Default")
        preset.ignoreReviewsBefore = "2025-03-02"
        #expect(preset.ignoreReviewsBeforeMilliseconds == 1_740_873_600_000)
        preset.ignoreReviewsBefore = ""
        #expect(preset.ignoreReviewsBeforeMilliseconds == nil)
        preset.ignoreReviewsBefore = "2025-13-02"
        #expect(preset.ignoreReviewsBeforeMilliseconds == nil)
    }

    @Test func recognisesFilesByTheirFirstBytes() {
        #expect(AnkiFile.format(ofPrefix: Array("SQLite format 3\u{0}".utf8)) == .database)
        #expect(AnkiFile.format(ofPrefix: [0x50, 0x4B, 0x03, 0x04, 0, 0]) == .package)
        #expect(AnkiFile.format(ofPrefix: Array("card_id,review_time".utf8)) == .other)
        #expect(AnkiFile.format(ofPrefix: [UInt8]()) == .other)
    }
}
