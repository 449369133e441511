import Foundation
import Testing
import ZhiXiCore
@testable import ZhiXiModel

@Suite("The profile's minutes per weekday and breaks")
struct ProfileWeekDecodingTests {
    static let profile = #"{"userId":"u-1","dailyMinutes":45,"weekdayMinutes":{"sat":15,"sun":0,"mon":null},"#
        + #""breaks":[{"from":"2026-12-24","to":"2026-12-27"},{"to":"2027-02-10","from":"2027-02-01"}]}"#

    @Test("both decoders read them alike: days by their keys, a null day left out, breaks as study dates")
    func bothDecoders() throws {
        let (fast, foundation) = decodeBothWays(workspaceJSON(#""profile":"# + Self.profile))
        let workspace = try fast.get()
        #expect(workspace == foundation)
        let profile = workspace.profile
        #expect(profile.weekdayMinutes == WeekdayMinutes(saturday: 15, sunday: 0))
        #expect(profile.weekdayMinutes?[weekday: 7] == 15 && profile.weekdayMinutes?[weekday: 1] == 0)
        #expect(profile.weekdayMinutes?[weekday: 2] == nil)
        #expect(profile.breaks == [StudyBreak(from: CivilDate(year: 2026, month: 12, day: 24), to: CivilDate(year: 2026, month: 12, day: 27)),
                                   StudyBreak(from: CivilDate(year: 2027, month: 2, day: 1), to: CivilDate(year: 2027, month: 2, day: 10))])
        #expect(profile.breaks?.first?.dayCount == 4)
    }

    @Test("they are written back as read, and a profile without them writes neither key")
    func roundTrip() throws {
        let profile = try ZhiXiJSON.makeDecoder().decode(UserLearningProfile.self, from: Data(Self.profile.utf8))
        let written = String(decoding: try ZhiXiJSON.makeEncoder().encode(profile), as: UTF8.self)
        #expect(written.contains(#""weekdayMinutes":{"sat":15,"sun":0}"#))
        #expect(written.contains(#""breaks":[{"from":"2026-12-24","to":"2026-12-27"},{"from":"2027-02-01","to":"2027-02-10"}]"#))
        let plain = String(decoding: try ZhiXiJSON.makeEncoder().encode(UserLearningProfile(userID: "u")), as: UTF8.self)
        #expect(!plain.contains("weekdayMinutes") && !plain.contains("breaks"))
    }

    @Test("a break date that is not YYYY-MM-DD, or not a day of the calendar, is refused by both decoders, naming it",
          arguments: ["2026-12-32", "2026/12/24", "24.12.2026", "2026-2-4", "2027-02-29"])
    func badDate(text: String) throws {
        let json = workspaceJSON(#""profile":{"userId":"u","breaks":[{"from":"2026-12-01","to":"\#(text)"}]}"#)
        let (fast, foundation) = decodeBothWays(json)
        #expect(foundation == nil)
        guard case .failure(let error) = fast else {
            Issue.record("\(text) was accepted")
            return
        }
        #expect(error.path == "profile.breaks[0].to")
        #expect(error.reason.contains("expected a date written YYYY-MM-DD"))
    }

    @Test("a calendar date reads from YYYY-MM-DD only", arguments: [
        ("2026-12-24", CivilDate(year: 2026, month: 12, day: 24) as CivilDate?), ("2024-02-29", CivilDate(year: 2024, month: 2, day: 29)),
        ("2025-02-29", nil), ("2026-13-01", nil), ("2026-12-24T00:00:00Z", nil), ("+2026-12-2", nil), ("", nil),
    ])
    func civilDate(text: String, date: CivilDate?) {
        #expect(CivilDate(iso8601Date: text) == date)
    }
}
