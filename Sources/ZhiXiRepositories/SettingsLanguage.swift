import ZhiXiCore
import ZhiXiModel

/// The language the learner chose in the app's settings, `nil` until they choose one: set by
/// the app, read by the plans its repositories make (``PlanLanguage/chosen(_:device:)``), so
/// that a plan made after the choice is in it whatever the learner's profile says.
public final class SettingsLanguage: Sendable, Hashable {
    private let chosen = Locked<AppLanguage?>(nil)

    /// No language chosen yet.
    public init() {}

    /// The language chosen, `nil` before the learner chooses.
    /// - Complexity: O(1).
    public var language: AppLanguage? { chosen.withLock { $0 } }

    /// The learner chose `language` (`nil`: they took their choice back).
    /// - Complexity: O(1).
    public func choose(_ language: AppLanguage?) {
        chosen.withLock { $0 = language }
    }

    /// The same choice (the very object).
    public static func == (lhs: SettingsLanguage, rhs: SettingsLanguage) -> Bool { lhs === rhs }

    /// Hashes the object's identity, as `==` compares it.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
