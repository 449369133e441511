/// A language the app's texts are written in.
///
/// The raw values are BCP-47 language tags (`"en"`, `"zh-Hans"`). Where nothing says which
/// language to use, it is ``default``, Simplified Chinese (the app's design: 默认简体中文).
public enum AppLanguage: String, Sendable, Codable, Hashable, CaseIterable {
    /// English.
    case english = "en"
    /// Simplified Chinese (简体中文).
    case simplifiedChinese = "zh-Hans"

    /// The language used where nothing says otherwise: Simplified Chinese.
    public static let `default` = AppLanguage.simplifiedChinese

    /// The language of a BCP-47 tag or locale identifier (see ``init(localeIdentifier:)``),
    /// or ``default`` when there is none.
    public init(preferredLanguage: String?) {
        self = preferredLanguage.map(AppLanguage.init(localeIdentifier:)) ?? .default
    }

    /// The app language for a locale identifier as the system writes it: a BCP-47 tag
    /// (`"zh-Hans"`, `"zh-CN"`), an ICU identifier (`"zh_CN"`) or a POSIX locale
    /// (`"zh_CN.UTF-8"`, `"zh_CN@pinyin"`).
    ///
    /// Chinese (`zh`) maps to ``simplifiedChinese`` unless the identifier names the
    /// traditional script (`Hant`) or a region that writes it (TW, HK, MO); everything
    /// else, including `"C"` and `"POSIX"`, maps to ``english``.
    public init(localeIdentifier: String) {
        var identifier = Substring(localeIdentifier)
        if let cut = identifier.firstIndex(where: { $0 == "." || $0 == "@" }) {
            identifier = identifier[..<cut]
        }
        let parts = identifier.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        guard parts.first == "zh" else {
            self = .english
            return
        }
        let traditional: Set<String> = ["hant", "tw", "hk", "mo"]
        self = parts.dropFirst().contains(where: traditional.contains) ? .english : .simplifiedChinese
    }
}
