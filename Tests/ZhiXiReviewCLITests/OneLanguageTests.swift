import Foundation
import Testing
import ZhiXiModel
import ZhiXiReviewCLI

/// One language per run: every command, run in Simplified Chinese and in English, prints no
/// line of the other language — results, warnings, notes and their prefix, diagnostics on
/// standard error — on standard output and standard error alike. What is not a sentence is set
/// aside before a line is judged: the user's own text (the workspace's strings, file paths),
/// identifiers (option names, file formats, the model's and Anki's names, JSON and CSV), numbers
/// and units.
@Suite("zhixi-review: one language per run", .serialized, .tags(.endToEnd))
struct OneLanguageTests {
    static let sample = packageRoot.appendingPathComponent("data/sample-workspace.json").path
    static let collection = packageRoot.appendingPathComponent("Tests/Fixtures/Anki/collection.anki2").path

    /// Every string of the sample workspace (titles, weak points, what the learner wrote, names),
    /// longest first: the learner's text, in whatever language they wrote it.
    static let learnerTexts: [String] = {
        guard let data = FileManager.default.contents(atPath: sample),
              let object = try? JSONSerialization.jsonObject(with: data) else { return [] }
        var texts = Set<String>()
        func collect(_ value: Any) {
            if let text = value as? String { texts.insert(text) }
            if let array = value as? [Any] { array.forEach(collect) }
            if let dictionary = value as? [String: Any] { dictionary.values.forEach(collect) }
        }
        collect(object)
        return texts.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
    }()

    /// Names that are no language's words: formats, programs, the model, fields and units.
    static let identifierPattern =
        // A JSON field or value quoted, an option of a synopsis, an option with its value, a command's name,
        // a name-with-hyphens (review-tasks), a placeholder in capitals (FROM:TO), the product's name.
        #"("[^"]*")|(\[--[^\]]*\])|((^|[^\w-])--[a-z][a-z-]* [a-z][a-z0-9|,]*\b)|(\b[a-z]+(-[a-z]+)+\b)|(\b[A-Z][A-Z0-9_,|:=.+-]*(?![a-z]))|知习|"#
            + #"(\b(plan|record|lessons|states|simulate|optimize|evaluate|auth|events|pull|tasks|analyze)\b)|"#
            + #"([!-~]*[0-9][!-~]*)|"#
            + #"((^|\s)--?[a-z][a-z-]*(=\S*)?)|(\S*/\S*)|(\S+\.(json|csv|anki2|colpkg|apkg|svg|ics))|(\b[A-Za-z]+_[A-Za-z_]+\b)|(\b[a-z]+[A-Z]\w*\b)"#
            + #"|(zhixi-review [a-z]+)|\b(FSRS-6|FSRS|fsrs-rs|py-fsrs|SM-2|Anki|AnkiDroid|JSON|CSV|ICS|SVG|UTC|GMT|AUC|RMSE|ZhiXi|zhixi-review|NaN|id|ids|TZ)\b"#
            + #"|\bw\[\d+\]|\b(Default|Science|Languages|Spanish|French)\b|\b\d+(\.\d+)?(m|h|d|s|ms|min|KiB|MiB|GiB)\b"#

    /// Words that only an English sentence has.
    static let englishWords: Set<String> = [
        "the", "of", "and", "or", "to", "in", "on", "for", "with", "is", "are", "was", "not", "no", "from", "by", "at", "as", "be",
        "a", "an", "it", "its", "this", "that", "which", "when", "than", "then", "only", "each", "every", "all", "after", "before",
        "note", "warning", "error", "usage", "options", "default", "day", "days", "review", "reviews", "card", "cards", "items",
        "item", "minutes", "retention", "lesson", "lessons", "learner", "training", "epoch", "objective", "kept", "rows", "dropped",
        "skipped", "fitted", "parameters", "held", "folds", "simulating", "need", "cap", "queue", "signed", "server", "tasks",
        "session", "sessions", "weak", "points", "drills", "plan", "today", "tomorrow", "week", "later", "recorded", "score",
    ]

    static func isChinese(_ scalar: Unicode.Scalar) -> Bool {
        (0x4E00...0x9FFF).contains(scalar.value) || (0x3000...0x303F).contains(scalar.value) || (0xFF00...0xFFEF).contains(scalar.value)
    }

    /// `line` without the learner's text and the identifiers.
    static func sentencePart(_ line: Substring, identifiers: Regex<AnyRegexOutput>) -> String {
        var text = String(line)
        for learnerText in learnerTexts where text.contains(learnerText) { text = text.replacingOccurrences(of: learnerText, with: " ") }
        return text.replacing(identifiers, with: " ")
    }

    /// The lines of `text` in the other language than `language`: in English, a line with a
    /// Chinese character; in Chinese, a line with an English word.
    static func foreignLines(_ text: String, language: String) -> [Substring] {
        // Words as ASCII and the languages' own letters part them: a Chinese mark next to a name is a boundary.
        let identifiers = try! Regex(identifierPattern).wordBoundaryKind(.simple)
        return text.split(separator: "\n").filter { line in
            let part = sentencePart(line, identifiers: identifiers)
            guard language != "en" else { return part.unicodeScalars.contains(where: isChinese) }
            return part.split(whereSeparator: { !($0.isASCII && $0.isLetter) && $0 != "'" }).contains { englishWords.contains($0.lowercased()) }
        }
    }

    /// The command lines run, each in both languages: every command, its text and its machine
    /// formats (whose notes and warnings go to standard error), a workspace, a review log and an
    /// Anki collection; the commands of the account against the fake API.
    static func commandLines(_ setup: LearnerLoopTests.Setup, events: EventsCommandTests.Server, workspace: String,
                             queue: String) -> [[String]] {
        let now = ["--now", "2026-11-29T09:00:00+08:00"]
        return [
            ["plan", sample] + now,
            ["plan", sample, "--format", "json", "--postpone", "3", "--daily-minutes", "5"] + now,
            ["plan", sample, "--format", "csv", "--weekday-minutes", "sat=10,sun=0"] + now,
            ["lessons", sample] + now,
            ["record", workspace, "--lesson", "lesson-4-2", "--score", "72", "--weak-point", "链式法则", "--at", "2026-11-29T09:00:00+08:00"],
            ["record", workspace, "--lesson", "lesson-4-2", "--at", "2026-11-29T09:30:00+08:00", "--format", "json"],
            ["states", collection, "--now", "2026-11-29T00:00:00Z", "--preview"],
            ["states", collection, "--now", "2026-11-29T00:00:00Z", "--format", "json"],
            ["simulate", "--days", "30", "--deck", "100", "--seeds", "2"],
            ["simulate", "--days", "30", "--deck", "100", "--seeds", "2", "--format", "json"],
            ["simulate", "--days", "30", "--deck", "300", "--seeds", "2", "--sweep", "0.80:0.90:0.05", "--budget", "4"],
            ["simulate", "--workspace", sample, "--days", "30", "--seeds", "2", "--sweep", "0.80:0.90:0.05"] + now,
            ["simulate", "--revlog", collection, "--preset", "Science", "--days", "20", "--seeds", "2"],
            ["simulate", "--revlog", collection, "--preset", "Science", "--days", "20", "--seeds", "2", "--format", "csv"],
            ["optimize", sample, "--seed", "7"],
            ["optimize", collection, "--preset", "Science", "--timezone", "UTC"],
            ["evaluate", sample],
            ["evaluate", collection, "--preset", "Science", "--timezone", "UTC", "--format", "json"],
            ["auth", "status"] + setup.connection,
            ["auth", "whoami"] + setup.connection,
            ["pull", "--out", setup.path("pulled.json")] + setup.connection,
            ["tasks", "list"] + setup.connection,
            ["events", "enqueue", queue],
            ["events", "inspect", queue],
            ["events", "flush", queue, "--server", events.url, "--token-file", events.tokenFile],
            ["tasks", "sync", "--outbox", setup.outbox] + setup.connection,
            ["auth", "sign-out"] + setup.connection,
        ]
    }

    @Test("every command in zh and in en: no line of the other language on standard output or standard error")
    func everyCommand() async throws {
        var found: [String] = []
        for language in ["zh", "en"] {
            // A learner signed in afresh for each language (the last command signs out).
            let setup = try await LearnerLoopTests.Setup()
            let events = try EventsCommandTests.Server()
            defer {
                setup.api.server.stop()
                events.reading.api.server.stop()
            }
            let workspace = setup.path("workspace-\(language).json")
            try? FileManager.default.removeItem(atPath: workspace)
            try FileManager.default.copyItem(atPath: Self.sample, toPath: workspace)
            let queue = setup.path("queue-\(language)")
            for arguments in Self.commandLines(setup, events: events, workspace: workspace, queue: queue) {
                let input = arguments.starts(with: ["events", "enqueue"])
                    ? EventsCommandTests.input([EventsCommandTests.line(sequence: 1), EventsCommandTests.line(sequence: 2)]) : Data()
                let result = await run(arguments + ["--lang", language], environment: [:], standardInput: input)
                #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(result.error)")
                // JSON, CSV and ICS are for programs: their standard output is the same in every language.
                let isMachine = ["json", "csv", "ics"].contains { arguments.contains($0) }
                for line in (isMachine ? [] : Self.foreignLines(result.output, language: language)) + Self.foreignLines(result.error, language: language) {
                    found.append("--lang \(language) \(arguments.prefix(2).joined(separator: " ")): \(line.prefix(300))")
                }
            }
        }
        #expect(found.isEmpty, "\(found.count) lines in the other language:\n\(found.joined(separator: "\n"))")
    }

    @Test("the rule: --lang, then LC_ALL, LC_MESSAGES, LANG (C, C.UTF-8, POSIX and languages without files choose none), then the learner's, then the base")
    func rule() async throws {
        let english = try temporaryFile("en.json", String(contentsOfFile: Self.sample, encoding: .utf8)
            .replacingOccurrences(of: #""preferredLanguage": "zh-Hans""#, with: #""preferredLanguage": "en""#))
        for (path, learner) in [(Self.sample, "zh"), (english, "en")] {
            let now = ["--now", "2026-11-29T09:00:00+08:00"]
            let zh = await run(["lessons", path, "--lang", "zh"] + now, environment: [:]).output
            let en = await run(["lessons", path, "--lang", "en"] + now, environment: [:]).output
            #expect(zh != en && zh.contains("课程") && en.contains("Lessons"))
            let cases: [([String: String], String)] = [
                (["LC_ALL": "C.UTF-8", "LANG": "en_US.UTF-8"], "en"), (["LC_MESSAGES": "en_US.UTF-8", "LANG": "zh_CN.UTF-8"], "en"),
                (["LC_ALL": "zh_CN.UTF-8", "LC_MESSAGES": "en_US.UTF-8"], "zh"), (["LC_ALL": "", "LANG": "zh_TW.UTF-8"], "zh"),
                (["LANG": "POSIX"], learner), (["LANG": "C"], learner), (["LANG": "fr_FR.UTF-8"], learner), ([:], learner),
            ]
            for (environment, expected) in cases {
                let output = await run(["lessons", path] + now, environment: environment).output
                #expect(output == (expected == "zh" ? zh : en), "\(path): \(environment) → \(expected)")
                let flagged = await run(["lessons", path, "--lang", expected == "zh" ? "en" : "zh"] + now, environment: environment).output
                #expect(flagged == (expected == "zh" ? en : zh), "--lang before \(environment)")
            }
        }
        // Without a workspace, no language chosen is the base's, Simplified Chinese, for every command alike.
        let simulate = ["simulate", "--days", "10", "--deck", "20", "--seeds", "1"]
        let base = await run(simulate, environment: ["LANG": "C.UTF-8"]).output
        #expect(base == (await run(simulate + ["--lang", "zh"], environment: [:])).output && base.contains("模拟"))
        #expect(await run(simulate, environment: ["LC_MESSAGES": "en_GB.UTF-8", "LANG": "C"]).output.hasPrefix("Simulation:"))
    }

    @Test("record's refusals in zh and in en: a lesson it does not know, a session id taken")
    func recordErrors() async throws {
        for language in ["zh", "en"] {
            let workspace = try temporaryFile("w.json", String(contentsOfFile: Self.sample, encoding: .utf8))
            let lines = [["--lesson", "梯度"], ["--lesson", "nope42"], ["--lesson", "lesson-4-2", "--session-id", "session-0237"]]
            for arguments in lines {
                let result = await run(["record", workspace] + arguments + ["--lang", language], environment: [:])
                #expect(result.status == 65, "\(result.error)")
                // What the learner typed ('梯度', quoted) is theirs, in whatever language.
                let error = result.error.replacingOccurrences(of: "'梯度'", with: "''").replacingOccurrences(of: "“梯度”", with: "“”")
                #expect(Self.foreignLines(error, language: language).isEmpty, "--lang \(language): \(result.error)")
            }
        }
    }

    @Test("the judge finds English in a Chinese line and Chinese in an English one, and passes over names and the learner's text")
    func judge() {
        #expect(!Self.foreignLines("note: 已停止专项练习。", language: "zh").isEmpty, "an English prefix")
        #expect(!Self.foreignLines("weak-point drills (薄弱)", language: "en").isEmpty, "a Chinese word in English")
        #expect(Self.foreignLines("参数：FSRS-6 默认参数，--lang zh，data/x.json，w[3] = 1.0，10m", language: "zh").isEmpty)
        #expect(Self.foreignLines("Review plan for 林晓: 反向传播 tomorrow", language: "en").isEmpty, "the learner's name and title")
    }
}
