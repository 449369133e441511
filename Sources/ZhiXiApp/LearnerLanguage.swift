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
///
/// The choice is each learner's own: kept in their directory on the device
/// (`LearnerStorage.saveChosenLanguage(_:ofUser:)`), restored when they sign in, dropped when
/// they sign out, so the next learner on the device never inherits it. A choice made while
/// nobody is signed in (on the login page) goes to the learner who signs in next, unless they
/// chose one before.
@MainActor
final class LearnerLanguage {
    /// What the pages watch.
    let setting: LanguageSetting
    /// The language the learner chose, as the plans made on the device read it.
    let choice = SettingsLanguage()
    /// The language the signed-in learner chose in settings (saved for them on the device),
    /// `nil` before they do.
    var chosen: AppLanguage? {
        get {
            followLearner()
            return chosenNow
        }
        set {
            followLearner()
            chosenNow = newValue
            if let userID = session.currentUser?.id { try? storage.saveChosenLanguage(newValue, ofUser: userID) }
            choice.choose(newValue)
            update()
        }
    }

    private var chosenNow: AppLanguage?
    /// The learner whose choice ``chosenNow`` is (`nil`: nobody signed in).
    private var chosenFor: String?
    private let storage: LearnerStorage
    private let session: AppSession
    private let configured: AppLanguage?
    private let device: [String]
    /// Each learner's profile as last read, by user id.
    private var profiles: [String: UserLearningProfile] = [:]
    private var watcher: LoginStateWatcher?

    /// The language of `session`'s learner; `configured` (the configuration's) overrides the
    /// learner's, `device` comes after it; each learner's choice is kept in `storage`.
    init(session: AppSession, sessionRepository: any SessionRepository, storage: LearnerStorage, configured: AppLanguage?,
         device: [String]) {
        self.session = session
        self.storage = storage
        self.configured = configured
        self.device = device
        setting = LanguageSetting(configured ?? AppLanguage(user: session.currentUser, profile: nil, device: device))
        watcher = LoginStateWatcher(session: sessionRepository) { [weak self] _ in self?.learnerChanged() }
        learnerChanged()
    }

    /// Someone signed in or out: the pages follow.
    private func learnerChanged() {
        followLearner()
        update()
    }

    /// When the learner signed in is not the one ``chosenNow`` is for (someone signed in or
    /// out since), the choice becomes the one the learner now signed in saved (a choice made
    /// while signed out is theirs when they saved none), none when signed out. Asked before
    /// every read, so the language is the right learner's at once, before the login state's
    /// stream reaches ``learnerChanged()``.
    private func followLearner() {
        let userID = session.currentUser?.id
        guard userID != chosenFor else { return }
        let saved = userID.flatMap(storage.chosenLanguage(ofUser:))
        let carried = chosenFor == nil ? chosenNow : nil
        chosenFor = userID
        chosenNow = userID == nil ? nil : saved ?? carried
        if let userID, saved == nil, let carried { try? storage.saveChosenLanguage(carried, ofUser: userID) }
        choice.choose(chosenNow)
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
