import ZhiXiModel

/// The app's language as the learner sets it at run time (settings): the one source the
/// pages read their language from. Setting ``language`` redraws, at once and on the main
/// actor, every page made on it (each re-renders its texts from what it has, without asking
/// the network again); a SwiftUI view redraws with the page's observable state.
///
/// ```swift
/// let setting = LanguageSetting(.simplifiedChinese)
/// let page = ReviewPlanViewModel(repository: reviews, session: session, languageSetting: setting)
/// setting.language = .english    // the page's texts are English now
/// ```
@MainActor
public final class LanguageSetting {
    /// The language of the pages. Setting another one tells every page watching.
    public var language: AppLanguage {
        didSet {
            guard language != oldValue else { return }
            observers.removeAll { $0.owner == nil }
            for observer in observers { observer.onChange(language) }
        }
    }

    private var observers: [Observer] = []

    /// A setting of `language`.
    public init(_ language: AppLanguage) {
        self.language = language
    }

    /// Calls `onChange` with the new language each time ``language`` changes, for as long as
    /// `owner` lives (a page passes itself; it is held weakly).
    /// - Complexity: O(pages watching).
    public func watch(owner: AnyObject, _ onChange: @escaping @MainActor (AppLanguage) -> Void) {
        observers.removeAll { $0.owner == nil }
        observers.append(Observer(owner: owner, onChange: onChange))
    }

    private struct Observer {
        weak var owner: AnyObject?
        var onChange: @MainActor (AppLanguage) -> Void
    }
}
