import Foundation
import ZhiXiCore

/// A language's plural rules as its own `Common.strings` states them (key `pluralRules`), in the
/// Unicode CLDR's rule syntax for whole numbers: `one: n = 1`, or
/// `one: n % 10 = 1 and n % 100 != 11; few: n % 10 = 2..4 and n % 100 != 12..14; many: …`.
/// A category not named is `other`; an empty rule (Chinese) makes every count `other`.
///
/// The rules travel with the language's files, so a new language brings its own and needs no
/// Swift; Foundation's own resolution of `.stringsdict` plural rules is not available on Linux.
/// Counts are whole numbers, so of CLDR's operands `n` and `i` are the count, and `v`, `w`,
/// `f`, `t`, `c` and `e` are 0.
enum PlatformPluralRules {
    /// The rules of `language` read from `files` (the base's where the language has none, or
    /// where its rule does not parse).
    static func rules(for language: String, files: LanguageFiles) -> PluralRules {
        for candidate in [language, LanguageFiles.baseLanguage] {
            guard let text = files.text(of: candidate, .common, key: "pluralRules") else { continue }
            if case .success(let rules) = parse(text, identifier: candidate + ": " + text) { return rules }
        }
        return .otherOnly
    }

    /// A rule that cannot be read, and where.
    struct Problem: Error, Equatable { var text: String }

    /// The rules of a CLDR rule text, or what is wrong with it.
    /// - Complexity: O(length of `text`) to parse; the rules then fill their table.
    static func parse(_ text: String, identifier: String) -> Result<PluralRules, Problem> {
        var conditions: [(PluralCategory, Condition)] = []
        for part in text.split(separator: ";") where !part.allSatisfy(\.isWhitespace) {
            guard let colon = part.firstIndex(of: ":") else { return .failure(Problem(text: "\"\(part)\" has no \"category:\"")) }
            let name = part[..<colon].trimmingCharacters(in: .whitespaces)
            guard let category = PluralCategory(rawValue: name), category != .other else {
                return .failure(Problem(text: "\"\(name)\" is not one of zero, one, two, few, many"))
            }
            switch Condition.parse(String(part[part.index(after: colon)...])) {
            case .success(let condition): conditions.append((category, condition))
            case .failure(let problem): return .failure(problem)
            }
        }
        let found = conditions
        return .success(PluralRules(identifier: identifier) { count in
            found.first { $0.1.holds(for: count) }?.0 ?? .other
        })
    }

    /// `or` of `and`s of relations.
    struct Condition: Sendable {
        var alternatives: [[Relation]]

        func holds(for count: Int) -> Bool {
            alternatives.contains { $0.allSatisfy { $0.holds(for: count) } }
        }

        static func parse(_ text: String) -> Result<Condition, Problem> {
            let words = text.replacingOccurrences(of: "!=", with: " != ").replacingOccurrences(of: "%", with: " % ")
                .split(whereSeparator: \.isWhitespace).map(String.init)
            // CLDR's samples (`@integer …`, `@decimal …`) end a rule.
            let tokens = Array(words.prefix { !$0.hasPrefix("@") }).flatMap(Self.splitEquals)
            guard !tokens.isEmpty else { return .failure(Problem(text: "an empty condition")) }
            var alternatives: [[Relation]] = [[]]
            var index = 0
            while index < tokens.count {
                switch Relation.parse(tokens, at: &index) {
                case .success(let relation): alternatives[alternatives.count - 1].append(relation)
                case .failure(let problem): return .failure(problem)
                }
                guard index < tokens.count else { break }
                switch tokens[index] {
                case "and": break
                case "or": alternatives.append([])
                default: return .failure(Problem(text: "\"\(tokens[index])\" where \"and\" or \"or\" was expected"))
                }
                index += 1
                guard index < tokens.count else { return .failure(Problem(text: "a condition ends with \"\(tokens[index - 1])\"")) }
            }
            return .success(Condition(alternatives: alternatives))
        }

        /// `n=1` → `n`, `=`, `1` (`!=` is already apart).
        private static func splitEquals(_ word: String) -> [String] {
            guard word != "!=", word.contains("=") else { return [word] }
            var parts: [String] = []
            for (offset, piece) in word.split(separator: "=", omittingEmptySubsequences: false).enumerated() {
                if offset > 0 { parts.append("=") }
                if !piece.isEmpty { parts.append(String(piece)) }
            }
            return parts
        }
    }

    /// `operand [% modulus] (=|!=) range, range, …`.
    struct Relation: Sendable {
        var operandIsCount: Bool
        var modulus: Int?
        var equal: Bool
        var ranges: [ClosedRange<Int>]

        func holds(for count: Int) -> Bool {
            var value = operandIsCount ? Int(clamping: count.magnitude) : 0
            if let modulus { value %= modulus }
            return ranges.contains { $0.contains(value) } == equal
        }

        static func parse(_ tokens: [String], at index: inout Int) -> Result<Relation, Problem> {
            func next() -> String? {
                guard index < tokens.count else { return nil }
                defer { index += 1 }
                return tokens[index]
            }
            guard let operand = next() else { return .failure(Problem(text: "a relation without an operand")) }
            let isCount: Bool
            switch operand {
            case "n", "i": isCount = true
            case "v", "w", "f", "t", "c", "e": isCount = false
            default: return .failure(Problem(text: "\"\(operand)\" is not an operand (n, i, v, w, f, t, c, e)"))
            }
            var modulus: Int?
            var symbol = next()
            if symbol == "%" {
                guard let text = next(), let value = Int(text), value > 0 else { return .failure(Problem(text: "% without a modulus")) }
                modulus = value
                symbol = next()
            }
            guard symbol == "=" || symbol == "!=" else {
                return .failure(Problem(text: "\"\(symbol ?? "")\" where \"=\" or \"!=\" was expected"))
            }
            guard let list = next() else { return .failure(Problem(text: "\(operand) \(symbol!) without a value")) }
            var ranges: [ClosedRange<Int>] = []
            for item in list.split(separator: ",", omittingEmptySubsequences: false) {
                let bounds = item.components(separatedBy: "..")
                guard (1...2).contains(bounds.count), let low = Int(bounds[0]), let high = Int(bounds[bounds.count - 1]), low <= high else {
                    return .failure(Problem(text: "\"\(item)\" is not a number or a range a..b"))
                }
                ranges.append(low ... high)
            }
            return .success(Relation(operandIsCount: isCount, modulus: modulus, equal: symbol == "=", ranges: ranges))
        }
    }
}
