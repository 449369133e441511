import Foundation
import Testing
import ZhiXiModel
@testable import ZhiXiReading

/// Samples of the reading-event shapes with every field set.
enum ReadingSamples {
    static let position = ReadingPosition(progress: 0.42, pageIndex: 12, anchor: "sec-3.2")

    static let event = ReadingEventV2(
        eventID: "6F9619FF-8B86-D011-B42D-00CF4FC964FF",
        clientSessionID: "0E984725-C51C-4BF4-9960-E1C80E27ABA0",
        materialID: "src-42",
        readingTargetType: .knowledgeSource,
        eventType: .heartbeat,
        position: position,
        activeSecondsDelta: 15,
        clientTimestampMs: 1_767_225_600_123,
        sequence: 7
    )

    static let item = ReadingEventUploadItem(event, platform: "ios", appVersion: "1.4.0", clientTimezoneOffsetMinutes: 480)

    static let rejection = ReadingEventRejection(eventID: item.eventID, code: .sourceDeleted, message: "the source was deleted")

    static let response = ReadingEventBatchResponse(accepted: ["a"], rejected: [rejection])

    static let continueItem = ContinueLearningItem(
        type: .temporaryFile, materialID: "tmp-7", title: "讲义.pdf", lastPosition: position, lastProgress: 0.42,
        lastReadAt: timestamp("2026-11-29T09:00:00Z"))

    static let progress = ReadingProgress(
        materialID: "src-42", readingTargetType: .knowledgeSource, status: .completed, lastPosition: position, lastProgress: 0.42,
        updatedAt: timestamp("2026-11-29T09:00:00.5Z"))
}

@Suite("Reading-event shapes: the API's JSON, open enums, coding keys")
struct ReadingShapeTests {
    @Test func eventKeys() throws { try CodingKeyCoverage.check(ReadingSamples.event, keys: ReadingEventV2.CodingKeys.self) }

    @Test("an upload item writes the event's keys and the app's side by side")
    func itemKeys() throws {
        #expect(CodingKeyCoverage.unsetProperties(of: ReadingSamples.item) == [])
        let expected = Set(ReadingEventV2.CodingKeys.allCases.map(\.stringValue))
            .union(ReadingEventUploadItem.CodingKeys.allCases.map(\.stringValue))
        #expect(try CodingKeyCoverage.encodedKeys(of: ReadingSamples.item) == expected)
    }
    @Test func rejectionKeys() throws { try CodingKeyCoverage.check(ReadingSamples.rejection, keys: ReadingEventRejection.CodingKeys.self) }
    @Test func responseKeys() throws { try CodingKeyCoverage.check(ReadingSamples.response, keys: ReadingEventBatchResponse.CodingKeys.self) }
    @Test func continueKeys() throws { try CodingKeyCoverage.check(ReadingSamples.continueItem, keys: ContinueLearningItem.CodingKeys.self) }
    @Test func progressKeys() throws { try CodingKeyCoverage.check(ReadingSamples.progress, keys: ReadingProgress.CodingKeys.self) }

    @Test("synthesized shapes write one key per stored property")
    func synthesized() throws {
        for value in [ReadingSamples.position as any Encodable, ReadingEventBatchRequest(events: [ReadingSamples.item])] {
            #expect(CodingKeyCoverage.unsetProperties(of: value) == [])
            let labels = Set(Mirror(reflecting: value).children.compactMap(\.label))
            #expect(try CodingKeyCoverage.encodedKeys(of: value) == labels)
        }
    }

    @Test("every shape survives a round trip")
    func roundTrips() throws {
        #expect(try roundTrip(ReadingSamples.item) == ReadingSamples.item)
        #expect(try roundTrip(ReadingEventBatchRequest(events: [ReadingSamples.item])).events == [ReadingSamples.item])
        #expect(try roundTrip(ReadingSamples.response) == ReadingSamples.response)
        #expect(try roundTrip(ReadingSamples.continueItem) == ReadingSamples.continueItem)
        #expect(try roundTrip(ReadingSamples.progress) == ReadingSamples.progress)
    }

    @Test("an upload item is written with the API's camelCase keys and snake_case enum values")
    func itemJSON() throws {
        let object = try jsonObject(ReadingSamples.item)
        #expect(object["eventId"] as? String == ReadingSamples.item.eventID)
        #expect(object["clientSessionId"] as? String == ReadingSamples.item.clientSessionID)
        #expect(object["readingTargetType"] as? String == "knowledge_source")
        #expect(object["eventType"] as? String == "heartbeat")
        #expect((object["clientTimestampMs"] as? NSNumber)?.int64Value == 1_767_225_600_123)
        #expect(object["platform"] as? String == "ios" && object["appVersion"] as? String == "1.4.0")
        #expect((object["clientTimezoneOffsetMinutes"] as? NSNumber)?.intValue == 480)
        var bare = ReadingSamples.item
        bare.position = nil
        bare.appVersion = nil
        #expect(try jsonObject(bare)["position"] == nil, "an absent position is left out")
        #expect(try jsonObject(bare)["appVersion"] == nil, "an absent app version is left out")
    }

    @Test("the server's answer decodes with unknown codes, INVALID_ codes and absent lists")
    func responseDecoding() throws {
        let json = #"""
        {"accepted": ["e1"], "rejected": [
          {"eventId": "e2", "code": "DUPLICATE_EVENT"},
          {"eventId": "e3", "code": "INVALID_POSITION", "message": "progress > 1"},
          {"eventId": "e4", "code": "RATE_LIMITED", "message": "later"},
          {"eventId": "e5", "code": "MATERIAL_ACCESS_DENIED"},
          {"eventId": "e6", "code": "TEMPORARY_MATERIAL_EXPIRED"},
          {"eventId": "e7", "code": "SOURCE_DELETED"}], "extra": 1}
        """#
        let response = try ZhiXiJSON.makeDecoder().decode(ReadingEventBatchResponse.self, from: Data(json.utf8))
        #expect(response.accepted == ["e1"])
        #expect(response.rejected.map(\.code) == [.duplicateEvent, .invalid("INVALID_POSITION"), .unknown("RATE_LIMITED"),
                                                  .materialAccessDenied, .temporaryMaterialExpired, .sourceDeleted])
        #expect(response.rejected[1].message == "progress > 1")
        #expect(response.rejected[0].message == nil)
        let empty = try ZhiXiJSON.makeDecoder().decode(ReadingEventBatchResponse.self, from: Data("{}".utf8))
        #expect(empty == ReadingEventBatchResponse())
    }

    @Test("open enums keep values they do not know and encode them back")
    func openEnums() throws {
        let decoder = ZhiXiJSON.makeDecoder(), encoder = ZhiXiJSON.makeEncoder()
        let targets = Data(#"["knowledge_source","temporary_file","web_page"]"#.utf8)
        #expect(try decoder.decode([ReadingTargetType].self, from: targets) == [.knowledgeSource, .temporaryFile, .unknown("web_page")])
        #expect(try encoder.encode(decoder.decode([ReadingTargetType].self, from: targets)) == targets)
        let events = Data(#"["opened","closed","position_changed","heartbeat","marked_as_read","highlighted"]"#.utf8)
        #expect(try decoder.decode([ReadingEventType].self, from: events) == ReadingEventType.knownCases + [.unknown("highlighted")])
        #expect(try encoder.encode(decoder.decode([ReadingEventType].self, from: events)) == events)
        let kinds = Data(#"["knowledge_source","temporary_file","none","video"]"#.utf8)
        let decodedKinds = try decoder.decode([ContinueLearningType].self, from: kinds)
        #expect(decodedKinds == [.knowledgeSource, .temporaryFile, .nothing, .unknown("video")])
        #expect(decodedKinds.map(\.readingTargetType) == [.knowledgeSource, .temporaryFile, nil, nil])
        #expect(ReadingTargetType.unknown("temporary_file") == .temporaryFile)
        #expect(ReadingEventRejectionCode.unknown("SOURCE_DELETED") == .sourceDeleted)
        #expect(ReadingEventRejectionCode(rawValue: "INVALID_SEQUENCE") == .invalid("INVALID_SEQUENCE"))
    }

    @Test("continue learning with type none has no material; progress without a status")
    func optionalFields() throws {
        let none = try ZhiXiJSON.makeDecoder().decode(ContinueLearningItem.self, from: Data(#"{"type":"none"}"#.utf8))
        #expect(none == ContinueLearningItem(type: .nothing))
        let progress = try ZhiXiJSON.makeDecoder().decode(ReadingProgress.self, from: Data(#"{"materialId":"m"}"#.utf8))
        #expect(progress == ReadingProgress(materialID: "m"))
    }

    @Test("a progress of status not_started has no position to restore, whatever it carries")
    func notStarted() throws {
        let json = #"{"materialId":"m","status":"not_started","lastPosition":{"progress":0.3}}"#
        let progress = try ZhiXiJSON.makeDecoder().decode(ReadingProgress.self, from: Data(json.utf8))
        #expect(progress.status == .notStarted && progress.lastPosition == ReadingPosition(progress: 0.3))
        #expect(progress.restorablePosition == nil)
        var started = progress
        started.status = .inProgress
        #expect(started.restorablePosition == ReadingPosition(progress: 0.3))
        started.status = nil
        #expect(started.restorablePosition == ReadingPosition(progress: 0.3), "no status: the position is used")
        let statuses = Data(#"["not_started","in_progress","completed","archived"]"#.utf8)
        #expect(try ZhiXiJSON.makeDecoder().decode([ReadingProgressStatus].self, from: statuses)
            == ReadingProgressStatus.knownCases + [.unknown("archived")])
    }

    @Test("positions are normalized: progress clamped to 0–1, negative pages and empty anchors dropped",
          arguments: [
              (ReadingPosition(progress: 1.5, pageIndex: -1, anchor: ""), ReadingPosition(progress: 1)),
              (ReadingPosition(progress: -0.1, pageIndex: 3, anchor: "a"), ReadingPosition(progress: 0, pageIndex: 3, anchor: "a")),
              (ReadingPosition(progress: .nan), ReadingPosition(progress: 0)),
              (ReadingPosition(progress: 0.5, pageIndex: 0), ReadingPosition(progress: 0.5, pageIndex: 0)),
          ])
    func normalization(raw: ReadingPosition, expected: ReadingPosition) {
        #expect(raw.normalized == expected)
        #expect(expected.isNormalized)
    }
}
