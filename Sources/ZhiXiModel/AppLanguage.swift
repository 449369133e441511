import ZhiXiLocalization

/// A language the app's texts are written in: one that has files (`ZhiXiLocalization`'s
/// `LanguageFiles`), named by its BCP-47 tag (`"zh-Hans"`, `"en"`).
///
/// Where nothing says which language to use, it is ``default``, Simplified Chinese (the app's
/// design: 默认简体中文), the base every other language falls back to. A learner's language is
/// chosen by ``init(user:profile:device:)``: what the learner set, then their profile, then
/// the device, then Simplified Chinese; a language without files of its own is served by one
/// of the same language (Traditional Chinese by Simplified Chinese), else passed over.
///
/// The raw value is what JSON carries (`OnboardingRequest`, the AI's requests); the files a
/// language is read from go with it, the package's own unless given (a test's pseudo-language).
public struct AppLanguage: RawRepresentable, Sendable, Codable, Hashable, CaseIterable, CustomStringConvertible {
    /// The BCP-47 tag.
    public let rawValue: String
    /// Where the language's texts are read from.
    package let files: LanguageFiles

    /// The language `rawValue` names, read from the package's files (a tag without files of
    /// its own reads the one that serves it, else the base); `nil` for an empty tag.
    public init?(rawValue: String) {
        guard !rawValue.isEmpty else { return nil }
        self.init(tag: rawValue, files: .standard)
    }

    /// The language `tag` names, read from `files`.
    package init(tag: String, files: LanguageFiles) {
        rawValue = tag
        self.files = files
    }

    /// English.
    public static let english = AppLanguage(tag: "en", files: .standard)
    /// Simplified Chinese (简体中文), the base.
    public static let simplifiedChinese = AppLanguage(tag: LanguageFiles.baseLanguage, files: .standard)

    /// The language used where nothing says otherwise: Simplified Chinese.
    public static let `default` = AppLanguage.simplifiedChinese

    /// Every language the package has files for, Simplified Chinese first.
    public static var allCases: [AppLanguage] {
        LanguageFiles.standard.languages.map { AppLanguage(tag: $0, files: .standard) }
    }

    /// The language with files that serves a BCP-47 tag, an ICU identifier (`"zh_CN"`) or a
    /// POSIX locale (`"zh_TW.UTF-8"`), `nil` when none does (a language without files, `C`,
    /// `POSIX`, an empty text). Chinese of any script or region is served by Simplified
    /// Chinese unless files of its own script are there.
    package static func matching(_ identifier: String, files: LanguageFiles = .standard) -> AppLanguage? {
        files.language(for: identifier).map { AppLanguage(tag: $0, files: files) }
    }

    /// The language of a preference (a tag or a locale identifier), ``default`` when there is
    /// none or no files serve it.
    public init(preferredLanguage: String?) {
        self.init(choosingFrom: [preferredLanguage])
    }

    /// The language of a locale identifier as the system writes it (see `matching(_:files:)`),
    /// ``default`` when no files serve it.
    public init(localeIdentifier: String) {
        self.init(choosingFrom: [localeIdentifier])
    }

    /// The first of `identifiers` that the package's files serve, else ``default``.
    public init(choosingFrom identifiers: [String?]) {
        self.init(choosingFrom: identifiers, files: .standard)
    }

    /// The first of `identifiers` that `files` serve, else ``default``.
    package init(choosingFrom identifiers: [String?], files: LanguageFiles) {
        self.init(tag: files.language(choosingFrom: identifiers), files: files)
    }

    /// The learner's language: the user's `preferredLanguage`, then the profile's, then the
    /// device's languages in order (`Locale.preferredLanguages`, or `LANG` for the command
    /// line), then Simplified Chinese — the first that files serve.
    public init(user: User?, profile: UserLearningProfile?, device: [String] = []) {
        self.init(user: user, profile: profile, device: device, files: .standard)
    }

    /// ``init(user:profile:device:)`` with the languages `files` serve.
    package init(user: User?, profile: UserLearningProfile?, device: [String] = [], files: LanguageFiles) {
        self.init(choosingFrom: [user?.preferredLanguage, profile?.preferredLanguage] + device, files: files)
    }

    /// The lookup of the language's texts.
    package var localization: Localization { Localization(language: rawValue, files: files) }

    /// The language's own name (`languageName` in its `Common.strings`): 简体中文, English.
    public var nativeName: String { localization.text("languageName", in: .common) }

    /// The tag.
    public var description: String { rawValue }

    /// Equal when they name the same tag in the same files.
    public static func == (lhs: AppLanguage, rhs: AppLanguage) -> Bool {
        lhs.rawValue == rhs.rawValue && lhs.files === rhs.files
    }

    /// Hashes the tag.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
        hasher.combine(ObjectIdentifier(files))
    }
}
