import ZhiXiModel
import ZhiXiPlanner

/// The language of the plans a repository makes on the device (the tasks' reasons, the
/// plan's notes): one fixed by the app's configuration, or the learner's own — the user's
/// `preferredLanguage`, then their profile's, then the device's languages, then Simplified
/// Chinese (`AppLanguage/init(user:profile:device:files:)`), read from the workspace planned,
/// so that a learner whose profile says `en` gets English reasons without any configuration.
package enum PlanLanguage: Sendable, Hashable {
    /// Always this language (the app's configuration names one).
    case fixed(AppLanguage)
    /// The learner's, with `device` (the device's languages in order) after the user's and
    /// the profile's.
    case learner(device: [String])
    /// The language the learner chose in the app's settings (`choice`) once they have, the
    /// learner's (as ``learner(device:)``) before.
    case chosen(SettingsLanguage, device: [String])

    /// The language of a plan of `workspace`.
    /// - Complexity: O(number of languages with files · number of identifiers).
    package func language(for workspace: LearnerWorkspace) -> AppLanguage {
        switch self {
        case .fixed(let language): language
        case .learner(let device): AppLanguage(user: workspace.user, profile: workspace.profile, device: device)
        case .chosen(let choice, let device): choice.language ?? AppLanguage(user: workspace.user, profile: workspace.profile, device: device)
        }
    }

    /// `planner` with its language set for a plan of `workspace` (`nil`: as configured).
    static func planner(_ planner: ReviewPlanner, language: PlanLanguage?, for workspace: LearnerWorkspace) -> ReviewPlanner {
        guard let language else { return planner }
        var planner = planner
        planner.configuration.language = language.language(for: workspace)
        return planner
    }
}
