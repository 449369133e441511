import ZhiXiCore
import ZhiXiModel

/// The language the learner chose in the app's settings, `nil` until they choose one: set by
/// the app, read by the plans its repositories make (``PlanLanguage/chosen(_:device:)``), so
/// that a plan made after the choice is in it whatever the learner's profile says.
package final class SettingsLanguage: Sendable, Hashable {
    private let chosen = Locked<AppLanguage?>(nil)

    /// No language chosen yet.
    package init() {}

    /// The language chosen, `nil` before the learner chooses.
    /// - Complexity: O(1).
    package var language: AppLanguage? { chosen.withLock { $0 } }

    /// The learner chose `language` (`nil`: they took their choice back).
    /// - Complexity: O(1).
    package func choose(_ language: AppLanguage?) {
        chosen.withLock { $0 = language }
    }

    /// The same choice (the very object).
    package static func == (lhs: SettingsLanguage, rhs: SettingsLanguage) -> Bool { lhs === rhs }

    /// Hashes the object's identity, as `==` compares it.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
