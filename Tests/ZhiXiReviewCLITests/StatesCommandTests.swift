import Foundation
import Testing
import ZhiXiReviewCLI

@Suite("zhixi-review states")
struct StatesCommandTests {
    static let log = """
    card_id,review_time,review_rating,review_duration
    101,2026-11-01T10:00:00Z,3,5000
    202,2026-11-01T10:05:00Z,1,9000
    101,2026-11-04T10:00:00Z,3,4000
    202,2026-11-01T10:20:00Z,3,3000
    """

    @Test("JSON output has the documented keys for every card, in log order")
    func json() async throws {
        let path = try temporaryFile("log.csv", Self.log)
        let result = await run("states", path, "--format", "json", "--now", "2026-11-10T00:00:00Z")
        #expect(result.status == 0)
        let cards = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(cards.count == 2)
        #expect(cards.map { $0["cardId"] as? String } == ["101", "202"])
        for card in cards {
            #expect(Set(card.keys) == ["cardId", "reviews", "state", "step", "stability", "difficulty", "retrievability", "due"])
        }
        #expect(cards[0]["reviews"] as? Int == 2)
        let recall = try #require(cards[0]["retrievability"] as? Double)
        #expect(recall > 0 && recall < 1)
        // Card 101 graduated to review on 4 November: due at the start of a study day (04:00 UTC).
        #expect(cards[0]["state"] as? String == "review")
        #expect(cards[0]["step"] is NSNull)
        #expect((cards[0]["due"] as? String)?.hasSuffix("T04:00:00Z") == true)
        // Card 202 was answered Again then Good within 15 minutes: learning step 1, due 10 minutes later.
        #expect(cards[1]["state"] as? String == "learning")
        #expect(cards[1]["step"] as? Int == 1)
        #expect(cards[1]["due"] as? String == "2026-11-01T10:30:00Z")
    }

    @Test("text and CSV output list every card")
    func textAndCSV() async throws {
        let path = try temporaryFile("log.csv", Self.log)
        let text = await run("states", path, "--now", "2026-11-10T00:00:00Z")
        #expect(text.status == 0)
        #expect(text.output.contains("CARD") && text.output.contains("101") && text.output.contains("2 cards, 4 reviews"))
        let csv = await run("states", path, "--format", "csv", "--now", "2026-11-10T00:00:00Z")
        let lines = csv.output.split(separator: "\n")
        #expect(lines.first == "card_id,reviews,state,step,stability,difficulty,retrievability,due")
        #expect(lines.count == 3)
    }

    @Test("--lang zh: the table's titles, states and totals in Chinese, with and without --preview; LANG=C chooses none; JSON and CSV the same")
    func language() async throws {
        let path = try temporaryFile("log.csv", Self.log)
        for extra in [[], ["--preview"]] {
            let arguments = ["states", path, "--now", "2026-11-10T00:00:00Z"] + extra
            let english = await run(arguments, environment: ["LANG": "en_US.UTF-8"])
            #expect(english.status == 0 && english.output.contains("2 cards, 4 reviews"), "\(english.error)")
            #expect(await run(arguments + ["--lang", "en"], environment: ["LANG": "zh_CN.UTF-8"]).output == english.output)
            let zh = await run(arguments + ["--lang", "zh"])
            #expect(zh.status == 0)
            #expect(await run(arguments, environment: ["LANG": "zh_CN.UTF-8"]).output == zh.output, "LANG=zh_CN is Chinese")
            #expect(await run(arguments, environment: ["LANG": "C.UTF-8"]).output == zh.output, "LANG=C.UTF-8 chooses none: the base")
            let lines = zh.output.split(separator: "\n")
            #expect(lines.count == english.output.split(separator: "\n").count)
            for line in lines where line.contains(where: \.isLetter) { #expect(SimulateLanguageTests.isChinese(line), "not Chinese: \(line)") }
            #expect(zh.output.contains("卡片") && zh.output.contains("2 张卡片，4 次复习"), "\(zh.output)")
            #expect(extra.isEmpty || zh.output.contains("重来"), "\(zh.output)")
            for format in ["json", "csv"] {
                #expect(await run(arguments + ["--format", format, "--lang", "zh"]).output == (await run(arguments + ["--format", format])).output)
            }
        }
        #expect(await run("states", path, "--lang", "xx").status == 64)
    }

    @Test("--preview: the four buttons by Anki's rules for every card, in JSON, CSV and text")
    func preview() async throws {
        let path = try temporaryFile("log.csv", Self.log)
        let arguments = ["states", path, "--now", "2026-11-10T00:00:00Z", "--preview"]
        let result = await run(arguments + ["--format", "json"])
        #expect(result.status == 0, "\(result.error)")
        let cards = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(cards.count == 2)
        var buttons: [[String: [String: Any]]] = []
        for card in cards {
            #expect(Set(card.keys) == ["cardId", "reviews", "state", "step", "stability", "difficulty", "retrievability", "due", "preview"])
            let preview = try #require(card["preview"] as? [String: [String: Any]])
            #expect(Set(preview.keys) == ["again", "hard", "good", "easy"])
            for button in preview.values {
                #expect(Set(button.keys) == ["state", "intervalDays", "intervalSeconds", "due", "stability", "difficulty"])
                #expect((button["intervalDays"] is NSNull) != (button["intervalSeconds"] is NSNull))
            }
            buttons.append(preview)
        }
        // Card 101, in review: Again relearns for 10 minutes; Hard < Good < Easy, in days.
        #expect(buttons[0]["again"]?["state"] as? String == "relearning" && buttons[0]["again"]?["intervalSeconds"] as? Int == 600)
        let days = try ["hard", "good", "easy"].map { try #require(buttons[0][$0]?["intervalDays"] as? Int) }
        #expect(days[0] < days[1] && days[1] < days[2])
        #expect((buttons[0]["good"]?["due"] as? String)?.hasSuffix("T04:00:00Z") == true)
        // Card 202, on its last learning step: Again back to 1 minute, Hard stays 10 minutes, Good graduates.
        #expect(buttons[1]["again"]?["intervalSeconds"] as? Int == 60 && buttons[1]["hard"]?["intervalSeconds"] as? Int == 600)
        #expect(buttons[1]["good"]?["state"] as? String == "review" && buttons[1]["easy"]?["state"] as? String == "review")
        let graduating = try ["good", "easy"].map { try #require(buttons[1][$0]?["intervalDays"] as? Int) }
        #expect(graduating[0] < graduating[1])
        // The cards' own columns are those of states without --preview.
        let plain = await run("states", path, "--now", "2026-11-10T00:00:00Z", "--format", "json")
        let plainCards = try #require(try JSONSerialization.jsonObject(with: Data(plain.output.utf8)) as? [[String: Any]])
        #expect(plainCards.map { $0["stability"] as? Double } == cards.map { $0["stability"] as? Double })

        let csv = await run(arguments + ["--format", "csv"])
        let lines = csv.output.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("card_id,reviews,state,step,stability,difficulty,retrievability,due,again_state,again_interval_days,"))
        #expect(lines.allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == 8 + 24 })
        let text = await run(arguments)
        #expect(text.status == 0 && text.output.contains("AGAIN") && text.output.contains("EASY") && text.output.contains("10m"))
        #expect(await run(arguments + ["--no-fuzz"]).status == 0)
    }

    @Test("parameters change the result; a wrong vector is bad data (65)")
    func parameters() async throws {
        let path = try temporaryFile("log.csv", Self.log)
        let defaults = await run("states", path, "--format", "csv", "--now", "2026-11-10T00:00:00Z")
        var weights = [0.4, 0.9, 3.0, 10.0, 6.4, 0.83, 3.0, 0.001, 1.87, 0.17, 0.8, 1.48, 0.06, 0.26, 1.65, 0.6, 1.87, 0.54, 0.09, 0.07, 0.15]
        let inline = await run("states", path, "--format", "csv", "--now", "2026-11-10T00:00:00Z", "--params", "\(weights)")
        #expect(inline.status == 0 && inline.output != defaults.output)
        let file = try temporaryFile("params.json", "{\"parameters\": \(weights)}")
        #expect(await run("states", path, "--format", "csv", "--now", "2026-11-10T00:00:00Z", "--params", file).output == inline.output)
        weights.removeLast()
        let wrong = await run("states", path, "--params", "\(weights)")
        #expect(wrong.status == 65)
        #expect(wrong.error.contains("expected 21 FSRS-6 parameters"))
    }

    @Test("scheduler options: steps, fuzz and the elapsed-days policy")
    func schedulerOptions() async throws {
        let path = try temporaryFile("log.csv", Self.log)
        func cards(_ extra: String...) async throws -> [[String: Any]] {
            let result = await run(["states", path, "--format", "json", "--now", "2026-11-10T00:00:00Z"] + extra)
            #expect(result.status == 0, "\(result.error)")
            return try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        }
        // Without learning steps every card goes straight to review.
        let noSteps = try await cards("--learning-steps", "none", "--relearning-steps", "none")
        #expect(noSteps.allSatisfy { $0["state"] as? String == "review" && $0["step"] is NSNull })
        // Long steps keep card 202 in learning; a step ending on a later study day is due when it starts.
        let longSteps = try await cards("--learning-steps", "1d,2d", "--no-fuzz")
        #expect(longSteps[1]["state"] as? String == "learning" && longSteps[1]["step"] as? Int == 1)
        #expect(longSteps[1]["due"] as? String == "2026-11-03T04:00:00Z")
        // 24-hour periods put the due date at the review's time of day.
        let wholeDays = try await cards("--elapsed", "24h", "--no-fuzz")
        #expect((wholeDays[0]["due"] as? String)?.hasSuffix("T10:00:00Z") == true)
        #expect(await run("states", path, "--learning-steps", "10x").error.contains("--learning-steps '10x' is not valid: give durations such as 30s"))
        #expect(await run("states", path, "--elapsed", "weekly").status == 64)
    }

    @Test("a card's history is what Anki's rules keep: from the last learning phase, as optimize reads it")
    func ankiRules() async throws {
        // Card 7 was learned, reviewed, forgotten (manual) and learned again; card 8 was never learned in this log.
        let path = try temporaryFile("log.csv", """
        card_id,review_time,review_rating,review_state
        7,2026-10-01T10:00:00Z,3,0
        7,2026-10-03T10:00:00Z,1,2
        7,2026-10-20T10:00:00Z,0,5
        7,2026-10-21T10:00:00Z,3,0
        7,2026-10-21T10:10:00Z,3,1
        7,2026-10-25T10:00:00Z,4,2
        8,2026-10-02T10:00:00Z,3,2
        8,2026-10-09T10:00:00Z,3,2
        """)
        let result = await run("states", path, "--format", "json", "--now", "2026-11-01T00:00:00Z")
        #expect(result.status == 0, "\(result.error)")
        let cards = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(cards.map { $0["reviews"] as? Int } == [3, 2], "card 7 from its second learning phase on")
        #expect(result.error.contains("Anki's rules leave out 3 rows before the start of a card's history"), "\(result.error)")
        #expect(result.error.contains("1 card's history does not start at a learning step"))
        // The same as a card learned on 21 October alone.
        let alone = try temporaryFile("alone.csv", """
        card_id,review_time,review_rating,review_state
        7,2026-10-21T10:00:00Z,3,0
        7,2026-10-21T10:10:00Z,3,1
        7,2026-10-25T10:00:00Z,4,2
        """)
        let single = await run("states", alone, "--format", "csv", "--now", "2026-11-01T00:00:00Z")
        let first = await run("states", path, "--format", "csv", "--now", "2026-11-01T00:00:00Z")
        #expect(first.output.split(separator: "\n")[1] == single.output.split(separator: "\n")[1])
    }

    @Test("--elapsed anki counts days back from the next day start after --now, at the offset in force then")
    func ankiDays() async throws {
        // Reviewed at 03:30 EST on 19 January after an evening review: the same study day in winter,
        // the next day when counted from summer (03:30 EST is 04:30 EDT, after the 04:00 day start).
        let path = try temporaryFile("log.csv", """
        card_id,review_time,review_rating
        5,2026-01-17T23:30:00-05:00,3
        5,2026-01-18T19:30:00-05:00,3
        5,2026-01-19T03:30:00-05:00,3
        """)
        func stability(_ extra: String...) async throws -> Double {
            let result = await run(["states", path, "--format", "json", "--timezone", "America/New_York", "--no-fuzz"] + extra)
            #expect(result.status == 0, "\(result.error)")
            let cards = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
            return try #require(cards.first?["stability"] as? Double)
        }
        let calendar = try await stability("--now", "2026-06-04T12:00:00-04:00")
        let winter = try await stability("--now", "2026-12-01T12:00:00-05:00", "--elapsed", "anki")
        let summer = try await stability("--now", "2026-06-04T12:00:00-04:00", "--elapsed", "anki")
        #expect(winter == calendar, "in winter Anki's count is the calendar's for winter reviews")
        #expect(summer != winter, "in summer the 03:30 review falls on the next day")
    }

    @Test("a malformed row exits 65 and names the file, line and column")
    func badRow() async throws {
        let path = try temporaryFile("bad.csv", Self.log + "\n303,2026-11-02T10:00:00Z,good,100\n")
        let result = await run("states", path)
        #expect(result.status == 65)
        #expect(result.error.contains("bad.csv: line 6, column review_rating: \"good\" is not a rating"))
        #expect(result.output.isEmpty)
    }
}

@Suite("zhixi-review states: logs from the wild")
struct StatesInputTests {
    @Test("old-Mac line ends, epoch seconds, duplicate rows: read, and the warnings say what happened")
    func wildLogs() async throws {
        let text = "card_id,review_time,review_rating\r=HYPERLINK(\"x\"),1711744352,3\r=HYPERLINK(\"x\"),1711744352,3\r2,1711830752,4\r"
        let path = try temporaryFile("log.csv", text)
        let result = await run("states", path, "--format", "csv", "--now", "2024-04-01T00:00:00Z")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("read as epoch seconds"))
        #expect(result.error.contains("1 row repeats an earlier row exactly"))
        let rows = result.output.split(separator: "\n")
        #expect(rows.count == 3)
        // A cell a spreadsheet would run as a formula is written with a leading apostrophe.
        #expect(rows.contains { $0.hasPrefix("\"'=HYPERLINK(\"\"x\"\")\",1,") })
        #expect(rows.contains { $0.hasPrefix("2,1,") })
    }

    @Test("a log on standard input, and invalid UTF-8 named by its line")
    func standardInputAndUTF8() async throws {
        let log = Data("card_id,review_time,review_rating\n1,1711744352250,3\n".utf8)
        let piped = await run(["states", "-", "--format", "json", "--now", "2024-04-01T00:00:00Z"], standardInput: log)
        #expect(piped.status == 0 && piped.output.contains("\"cardId\": \"1\""))
        let broken = Data("card_id,review_time,review_rating\n1,1711744352250,3\n".utf8) + Data([0xC3, 0x28]) + Data(",1711744352250,3\n".utf8)
        let result = await run(["states", "-"], standardInput: broken)
        #expect(result.status == 65)
        #expect(result.error.contains("standard input: line 3, column card_id"))
    }
}
