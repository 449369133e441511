import Foundation
import ZhiXiCore
import ZhiXiScheduler

/// `zhixi-bench fleet --learners N --out FILE.jsonl [--seed S]`: a fleet of generated
/// learners, one workspace per line (the input of `zhixi-review plan --batch` and
/// `optimize --batch`), for tests, benchmarks and the Spark job.
///
/// Learner `i` depends only on the seed and `i`, so any prefix of a fleet is the smaller fleet
/// and a fleet can be written in parallel or in parts. The learners vary as a real fleet does:
/// - time zones on every continent, half- and quarter-hour offsets included; day starts
///   from midnight to 06:00 (mostly 04:00); budgets from none to 90 minutes a day; desired
///   retention 0.80–0.95; Chinese or English; weeks starting on Sunday or Monday;
/// - 3 to 60 lessons of 5 to 30 minutes; 0 to 300 sessions (a quarter of learners have up to
///   10, half up to 150, a quarter 150–300), over 2 weeks to a year that ends up to 60 days before
///   ``now`` (idle learners come back to a backlog), on the days each learner studies: the
///   lessons due first, then a new one now and then, each lesson due again when its memory
///   says (so first intervals cluster, as an app's schedule makes them);
/// - scores that follow a forgetting curve (a lesson reviewed soon after is remembered
///   better), weak points from each lesson's key points when the score is below 85, an AI
///   analysis for about three sessions in four (now and then one that disagrees with its
///   session's score, or one of a lesson without a session), a few unscored sessions.
///
/// Written straight as JSON text, streamed to the file in large blocks: O(N) time, memory for
/// one learner.
enum FleetGenerator {
    /// The moment the fleet is planned as of: 2026-11-29T01:00:00Z (09:00 in Shanghai).
    static let now = 1_795_914_000.0

    static let timeZones = [
        "Asia/Shanghai", "Asia/Shanghai", "Asia/Shanghai", "Asia/Taipei", "Asia/Tokyo", "Asia/Singapore", "Asia/Kolkata",
        "Asia/Kathmandu", "Australia/Adelaide", "Pacific/Auckland", "Europe/Berlin", "Europe/London", "Africa/Nairobi",
        "America/Sao_Paulo", "America/New_York", "America/St_Johns", "America/Los_Angeles", "Pacific/Honolulu", "UTC",
    ]
    static let dayStarts = [4, 4, 4, 4, 0, 2, 3, 5, 6]
    static let budgets = [0, 10, 15, 20, 30, 30, 45, 60, 90]
    static let retentions = [0.8, 0.85, 0.9, 0.9, 0.9, 0.92, 0.95]
    static let subjects: [(title: String, points: [String])] = [
        ("线性代数", ["矩阵乘法的维度规则", "向量空间与基", "特征值与特征向量", "转置与逆矩阵"]),
        ("概率论", ["条件概率", "贝叶斯公式", "期望与方差", "大数定律"]),
        ("梯度下降", ["学习率的选择", "链式法则的应用", "局部最小值", "动量"]),
        ("Organic chemistry", ["Chirality", "Nucleophilic substitution", "Resonance", "Functional groups"]),
        ("World history", ["Causes of the First World War", "The Silk Road", "Industrial revolution", "Decolonisation"]),
        ("神经网络", ["反向传播", "激活函数", "过拟合与正则化", "批归一化"]),
    ]

    static func run(arguments: [String]) throws {
        guard let path = BenchmarkSupport.option("out", in: arguments) else {
            throw BenchmarkError.usage("fleet needs --out FILE.jsonl (and --learners N)")
        }
        guard let count = Int(BenchmarkSupport.option("learners", in: arguments) ?? "1000"), count >= 0 else {
            throw BenchmarkError.usage("fleet --learners takes a whole number")
        }
        let seed = UInt64(BenchmarkSupport.option("seed", in: arguments) ?? "12") ?? 12
        guard let file = fopen(path, "w") else {
            throw BenchmarkError.usage("fleet: cannot write \(path) (\(String(cString: strerror(errno))))")
        }
        var block = UTF8Text(capacity: 1 << 21)
        var totals = Totals()
        var bytes = 0
        for index in 0 ..< count {
            write(learner: index, seed: seed, into: &block, totals: &totals)
            if block.count >= 1 << 20 || index == count - 1 {
                bytes += block.count
                let written = block.bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
                guard written == block.count else {
                    fclose(file)
                    throw BenchmarkError.usage("fleet: writing \(path) failed (\(String(cString: strerror(errno))))")
                }
                block = UTF8Text(capacity: 1 << 21)
            }
        }
        guard fclose(file) == 0 else { throw BenchmarkError.usage("fleet: closing \(path) failed") }
        print("wrote \(path): \(BenchmarkSupport.grouped(Double(count))) learners, "
            + "\(BenchmarkSupport.grouped(Double(totals.sessions))) sessions, \(BenchmarkSupport.grouped(Double(totals.analyses))) "
            + "analyses, \(BenchmarkSupport.grouped(Double(totals.lessons))) lessons, \(BenchmarkSupport.grouped(Double(bytes))) bytes; "
            + "plan it as of \(ISO8601Timestamp.string(from: Date(timeIntervalSince1970: now)))")
    }

    struct Totals {
        var sessions = 0
        var analyses = 0
        var lessons = 0
    }

    /// One lesson's memory while the learner's history is generated.
    private struct LessonMemory {
        var stability = 0.0
        var lastReview = -Double.infinity
        var reviews = 0
    }

    /// Appends learner `index` as one line of JSON.
    static func write(learner index: Int, seed: UInt64, into out: inout UTF8Text, totals: inout Totals) {
        var random = SplitMix64(seed: SplitMix64.mix(seed &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(index)))
        func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
        func uniform() -> Double { random.nextUnitInterval() }

        let userID = "learner-" + String(index)
        let zone = pick(timeZones)
        let chinese = zone.hasPrefix("Asia/Shanghai") || zone == "Asia/Taipei" || uniform() < 0.3
        let subject = pick(subjects)
        // A quarter of learners are new or light (up to 10 sessions), half are regular (up to
        // 150), a quarter are heavy (150–300 sessions over 20–60 lessons and four months or more).
        let kind = uniform()
        let heavy = kind >= 0.75
        let lessonCount = heavy ? 20 + Int(uniform() * 41) : 3 + Int(uniform() * 38)
        let sessionCount = kind < 0.25 ? Int(uniform() * 11) : heavy ? 150 + Int(uniform() * 151) : 10 + Int(pow(uniform(), 1.3) * 141)
        let ability = 0.6 + uniform() * 1.4  // how fast memories grow
        let firstScore = 62 + ability * 10  // the learner's usual score on a new lesson
        let spanDays = heavy ? 120 + uniform() * 245 : 14 + uniform() * 351
        let idleDays = uniform() < 0.2 ? uniform() * 60 : uniform() * 2
        let end = now - idleDays * 86_400
        let start = end - spanDays * 86_400

        out.append("{\"schemaVersion\":1,")
        if index % 3 == 0 {
            out.append("\"user\":{\"id\":")
            out.appendJSONString(userID)
            out.append(",\"appleUserId\":\"001873.\(String(index, radix: 16)).0421\",\"displayName\":")
            out.appendJSONString(chinese ? "学习者\(index)" : "Learner \(index)")
            out.append(",\"createdAt\":")
            date(start - 86_400, into: &out)
            out.append(",\"status\":\"active\"},")
        }
        out.append("\"profile\":{\"userId\":")
        out.appendJSONString(userID)
        out.append(",\"timeZone\":")
        out.appendJSONString(zone)
        out.append(",\"dayStartHour\":")
        out.append(pick(dayStarts))
        out.append(",\"dailyMinutes\":")
        out.append(pick(budgets))
        out.append(",\"desiredRetention\":")
        out.append(String(pick(retentions)))
        out.append(",\"preferredLanguage\":")
        out.append(chinese ? "\"zh-Hans\"" : "\"en\"")
        out.append(",\"firstWeekday\":")
        out.append(uniform() < 0.7 ? 2 : 1)
        out.append("},\"lessons\":[")
        for lesson in 0 ..< lessonCount {
            if lesson > 0 { out.append(byte: UInt8(ascii: ",")) }
            out.append("{\"id\":\"L\(lesson)\",\"knowledgeBaseId\":\"kb-1\",\"title\":")
            out.appendJSONString(subject.title + " \(lesson + 1)")
            out.append(",\"order\":")
            out.append(lesson)
            out.append(",\"estimatedMinutes\":")
            out.append(5 + (lesson * 7 + index) % 26)
            out.append("}")
        }
        out.append("],\"sessions\":[")

        // The learner's history, day by day: on the days they study (a share of days that is
        // theirs), the lessons that are due first (at most six), then now and then a new one.
        // A lesson is next due when its memory's stability says so, in whole days, so first
        // intervals cluster as an app's schedule makes them; the score follows the lesson's
        // forgetting curve from its last review.
        var history: [(time: Double, lesson: Int, score: Int)] = []
        var memories = [LessonMemory](repeating: LessonMemory(), count: lessonCount)
        var dueDay = [Int](repeating: Int.max, count: lessonCount)
        let activity = 0.35 + uniform() * 0.6
        var learned = 0
        func review(_ lesson: Int, at time: Double, day: Int) {
            var memory = memories[lesson]
            let expected = memory.reviews == 0 ? firstScore
                : 100 * pow(1 + (time - memory.lastReview) / 86_400 / (9 * memory.stability), -1)
            let score = max(0, min(100, Int((expected + (uniform() - 0.5) * 24).rounded())))
            if memory.reviews == 0 {
                memory.stability = 0.5 + ability
            } else if score < 50 {
                memory.stability = max(0.5, memory.stability * 0.5)
            } else {
                memory.stability *= 1.2 + ability * Double(score) / 100
            }
            memory.lastReview = time
            memory.reviews += 1
            memories[lesson] = memory
            dueDay[lesson] = day + max(1, Int((memory.stability * (0.8 + uniform() * 0.4)).rounded()))
            history.append((time, lesson, score))
        }
        var day = Int((start / 86_400).rounded(.down))
        let lastDay = Int((end / 86_400).rounded(.down))
        while day <= lastDay && history.count < sessionCount {
            if uniform() < activity {
                var clock = Double(day) * 86_400 + (1 + uniform() * 14) * 3_600
                var reviewed = 0
                for lesson in 0 ..< learned where dueDay[lesson] <= day && reviewed < 6 && history.count < sessionCount {
                    review(lesson, at: clock, day: day)
                    clock += 900
                    reviewed += 1
                }
                if learned < lessonCount && history.count < sessionCount && (learned == 0 || uniform() < 0.7) {
                    review(learned, at: clock, day: day)
                    learned += 1
                }
            }
            day += 1
        }

        var analyses = UTF8Text(capacity: 256)
        var analysisCount = 0
        for (number, (time, lesson, score)) in history.enumerated() {
            let scored = uniform() >= 0.03
            var weakPoints: [String] = []
            if scored && score < 85 {
                weakPoints.append(subject.points[(lesson + number) % subject.points.count])
                if score < 60 { weakPoints.append(subject.points[(lesson + number + 1) % subject.points.count]) }
            }
            let analysed = scored && uniform() < 0.75
            let sessionID = "s\(number)"
            if number > 0 { out.append(byte: UInt8(ascii: ",")) }
            out.append("{\"id\":\"\(sessionID)\",\"userId\":")
            out.appendJSONString(userID)
            out.append(",\"lessonId\":\"L\(lesson)\",\"startedAt\":")
            date(time, into: &out)
            out.append(",\"endedAt\":")
            date(time + 600 + Double(lesson % 5) * 120, into: &out)
            out.append(",\"userInput\":")
            out.appendJSONString(chinese ? "我用自己的话讲了一遍\(subject.title)第\(lesson + 1)课的要点。" : "I explained lesson \(lesson + 1) in my own words.")
            if scored {
                out.append(",\"masteryScore\":")
                out.append(score)
            }
            out.append(",\"weakPoints\":")
            strings(weakPoints, into: &out)
            if analysed {
                out.append(",\"analysisId\":\"a\(number)\"")
                let disagrees = uniform() < 0.02
                appendAnalysis(id: "a\(number)", sessionID: sessionID, userID: userID, lesson: lesson,
                               score: disagrees ? min(100, score + 7) : score, weakPoints: weakPoints, time: time + 700,
                               into: &analyses, first: analysisCount == 0)
                analysisCount += 1
            }
            out.append("}")
            // Now and then an analysis of a lesson without a session (a quiz in the app).
            if learned > 0 && uniform() < 0.04 {
                let quizLesson = Int(random.next() % UInt64(learned))
                appendAnalysis(id: "q\(number)", sessionID: nil, userID: userID, lesson: quizLesson,
                               score: 50 + Int(uniform() * 50), weakPoints: [], time: time + 3_600,
                               into: &analyses, first: analysisCount == 0)
                analysisCount += 1
            }
        }
        out.append("],\"analyses\":[")
        out.append(contentsOf: analyses.bytes)
        out.append("]}\n")
        totals.sessions += history.count
        totals.analyses += analysisCount
        totals.lessons += lessonCount
    }

    private static func appendAnalysis(id: String, sessionID: String?, userID: String, lesson: Int, score: Int,
                                       weakPoints: [String], time: Double, into out: inout UTF8Text, first: Bool) {
        if !first { out.append(byte: UInt8(ascii: ",")) }
        out.append("{\"id\":\"\(id)\",")
        if let sessionID { out.append("\"sessionId\":\"\(sessionID)\",") }
        out.append("\"userId\":")
        out.appendJSONString(userID)
        out.append(",\"lessonId\":\"L\(lesson)\",\"masteryScore\":")
        out.append(score)
        out.append(",\"weakPoints\":")
        strings(weakPoints, into: &out)
        out.append(",\"suggestions\":")
        strings(weakPoints.isEmpty ? [] : ["再讲一遍：" + weakPoints[0]], into: &out)
        out.append(",\"modelName\":\"qwen-plus\",\"createdAt\":")
        date(time, into: &out)
        out.append("}")
    }

    private static func strings(_ values: [String], into out: inout UTF8Text) {
        out.append(byte: UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { out.append(byte: UInt8(ascii: ",")) }
            out.appendJSONString(value)
        }
        out.append(byte: UInt8(ascii: "]"))
    }

    private static func date(_ seconds: Double, into out: inout UTF8Text) {
        out.append(byte: UInt8(ascii: "\""))
        out.appendISO8601(secondsSince1970: seconds.rounded(.down))
        out.append(byte: UInt8(ascii: "\""))
    }
}
