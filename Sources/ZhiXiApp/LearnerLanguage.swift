import ZhiXiAuth
import ZhiXiDomain
import ZhiXiModel
import ZhiXiRepositories

/// The app's language as it follows the learner: the one chosen in settings, else the
/// configuration's, else the signed-in learner's — their `preferredLanguage`, then their
/// profile's, then the device's languages, then Simplified Chinese, the first that some
/// language's files serve (`AppLanguage/init(user:profile:device:files:)`). It keeps its
/// ``setting`` (what the pages watch) in that language: when the learner signs in or out, when
/// their profile is read (a plan read the workspace) and when they choose a language, every
/// page made on the setting draws itself again in the new language.
@MainActor
final class LearnerLanguage {
    /// What the pages watch.
    let setting: LanguageSetting
    /// The language the learner chose, as the plans made on the device read it.
    let choice = SettingsLanguage()
    /// The language the learner chose in settings, `nil` before they do.
    var chosen: AppLanguage? {
        didSet {
            choice.choose(chosen)
            update()
        }
    }

    private let session: AppSession
    private let configured: AppLanguage?
    private let device: [String]
    /// Each learner's profile as last read, by user id.
    private var profiles: [String: UserLearningProfile] = [:]
    private var watcher: LoginStateWatcher?

    /// The language of `session`'s learner; `configured` (the configuration's) overrides the
    /// learner's, `device` comes after it.
    init(session: AppSession, sessionRepository: any SessionRepository, configured: AppLanguage?, device: [String]) {
        self.session = session
        self.configured = configured
        self.device = device
        setting = LanguageSetting(configured ?? AppLanguage(user: session.currentUser, profile: nil, device: device))
        watcher = LoginStateWatcher(session: sessionRepository) { [weak self] _ in self?.update() }
    }

    /// The language now (see the type's description).
    /// - Complexity: O(number of languages with files · number of identifiers).
    var current: AppLanguage {
        if let language = chosen ?? configured { return language }
        let user = session.currentUser
        return AppLanguage(user: user, profile: user.flatMap { profiles[$0.id] }, device: device)
    }

    /// The profile of learner `userID` was read: the language follows it (when it is the
    /// signed-in learner's and nothing before it in the order says otherwise).
    func profileRead(_ profile: UserLearningProfile, of userID: String) {
        guard profiles[userID] != profile else { return }
        profiles[userID] = profile
        update()
    }

    /// The language of the plans made on the device: `configured`, else the one chosen, else
    /// the learner's as the plan's workspace has it.
    var planLanguage: PlanLanguage {
        configured.map(PlanLanguage.fixed) ?? .chosen(choice, device: device)
    }

    /// The setting brought to ``current``.
    func update() {
        let language = current
        if setting.language != language { setting.language = language }
    }
}
