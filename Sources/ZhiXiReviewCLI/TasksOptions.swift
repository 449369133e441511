import Foundation
import ZhiXiCore
import ZhiXiModel

/// The options the `tasks` commands share, declared once.
enum TasksOptions {
    /// `--outbox DIR`: where completions and skips wait while the server cannot be reached.
    static let outbox = CommandOption<String>.text(
        "outbox", placeholder: "DIR",
        example: "/tmp/zhixi-outbox", file: .keptDirectory)

    /// `--status S`: a review task status.
    static let status = CommandOption<ReviewTaskStatus>(
        name: "status", placeholder: "S", defaultDescription: nil, isFlag: false, isRepeatable: false, example: "pending",
        expectation: OptionExpectation("status"),
        parse: { $0.isEmpty ? nil : ReviewTaskStatus(rawValue: $0) })

    /// A day `YYYY-MM-DD`.
    static func day(_ name: String) -> CommandOption<CivilDate> {
        CommandOption(name: name, placeholder: "D", defaultDescription: nil, isFlag: false, isRepeatable: false,
                      example: "2026-11-29", expectation: OptionExpectation("day", ["years": SupportedYears.description]),
                      parse: { CivilDate(iso8601Date: $0).flatMap { SupportedYears.contains($0) ? $0 : nil } })
    }

    /// The directory beside the store that holds each learner's default outbox: the store's
    /// directory with `-outbox` added.
    static func sharedOutboxDirectory(connection: AuthConnection) -> URL {
        let store = connection.storeDirectory.standardizedFileURL
        return store.deletingLastPathComponent().appendingPathComponent(store.lastPathComponent + "-outbox", isDirectory: true)
    }
}
