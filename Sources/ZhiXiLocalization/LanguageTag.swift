/// A language as a learner, a profile or a device names it — a BCP-47 tag (`"zh-Hans"`,
/// `"en-GB"`), an ICU identifier (`"zh_CN"`) or a POSIX locale (`"zh_TW.UTF-8"`,
/// `"en_US@euro"`) — split into its language, script and region, so that it can be matched
/// to the languages that have files (``LanguageFiles``).
///
/// Chinese without a script takes it from the region: Hong Kong, Macao and Taiwan write
/// Traditional Chinese (`Hant`), everywhere else Simplified (`Hans`).
package struct LanguageTag: Sendable, Hashable, CustomStringConvertible {
    /// The language subtag, lowercased: `zh`, `en`, `qps`.
    package var language: String
    /// The script, title-cased (`Hans`, `Latn`), `nil` when neither named nor implied.
    package var script: String?
    /// The region, uppercased (`CN`, `GB`) or a UN M.49 number (`419`), `nil` when none.
    package var region: String?
    /// Subtags after those (variants, extensions, private use), as written, lowercased.
    package var rest: [String]

    /// Parses `identifier`; `nil` for an empty one, `C`, `POSIX` and anything whose first
    /// part is not a language subtag (2–8 letters).
    /// - Complexity: O(length of `identifier`).
    package init?(_ identifier: String) {
        var text = Substring(identifier)
        if let cut = text.firstIndex(where: { $0 == "." || $0 == "@" }) { text = text[..<cut] }
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let first = parts.first, (2...8).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return nil
        }
        let language = first.lowercased()
        guard language != "c", language != "posix" else { return nil }
        self.language = language
        script = nil
        region = nil
        rest = []
        for part in parts.dropFirst() {
            let isLetters = part.allSatisfy { $0.isASCII && $0.isLetter }
            let isDigits = part.allSatisfy { $0.isASCII && $0.isNumber }
            if script == nil, region == nil, rest.isEmpty, part.count == 4, isLetters {
                script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
            } else if region == nil, rest.isEmpty, (part.count == 2 && isLetters) || (part.count == 3 && isDigits) {
                region = part.uppercased()
            } else {
                rest.append(part.lowercased())
            }
        }
        if language == "zh", script == nil {
            script = ["HK", "MO", "TW"].contains(region ?? "") ? "Hant" : "Hans"
        }
    }

    /// The tag in BCP-47's form: `zh-Hant-TW`, `en-GB`.
    package var description: String {
        ([language] + [script, region].compactMap { $0 } + rest).joined(separator: "-")
    }

    /// The tags to look for files under, most specific first: `zh-Hant-TW`, `zh-Hant`,
    /// `zh-TW`, `zh`; `en-GB`, `en`.
    package var fallbacks: [String] {
        var tags: [String] = []
        func add(_ parts: [String?]) {
            let tag = parts.compactMap { $0 }.joined(separator: "-")
            if !tags.contains(tag) { tags.append(tag) }
        }
        if !rest.isEmpty { add([description]) }
        add([language, script, region])
        add([language, script])
        add([language, region])
        add([language])
        return tags
    }
}
