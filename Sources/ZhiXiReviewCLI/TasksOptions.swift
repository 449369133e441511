import Foundation
import ZhiXiCore
import ZhiXiModel

/// The options the `tasks` commands share, declared once.
enum TasksOptions {
    /// `--outbox DIR`: where completions and skips wait while the server cannot be reached.
    static let outbox = CommandOption<String>.text(
        "outbox", placeholder: "DIR", defaultDescription: "the learner's own beside the store: STORE-outbox/LEARNER-ID",
        example: "/tmp/zhixi-outbox", file: .keptDirectory,
        help: "where completions and skips wait until the server has them (one file per action, mode 0600); it holds one learner's")

    /// `--status S`: a review task status.
    static let status = CommandOption<ReviewTaskStatus>(
        name: "status", placeholder: "S", help: "only tasks in this status: pending, completed, skipped or cancelled",
        defaultDescription: "all", isFlag: false, isRepeatable: false, example: "pending",
        expectation: "a status such as pending, completed, skipped or cancelled",
        parse: { $0.isEmpty ? nil : ReviewTaskStatus(rawValue: $0) })

    /// A day `YYYY-MM-DD`.
    static func day(_ name: String, help: String) -> CommandOption<CivilDate> {
        CommandOption(name: name, placeholder: "D", help: help, defaultDescription: nil, isFlag: false, isRepeatable: false,
                      example: "2026-11-29", expectation: "a date such as 2026-11-29, in the years \(SupportedYears.description)",
                      parse: { CivilDate(iso8601Date: $0).flatMap { SupportedYears.contains($0) ? $0 : nil } })
    }

    /// The directory beside the store that holds each learner's default outbox: the store's
    /// directory with `-outbox` added.
    static func sharedOutboxDirectory(connection: AuthConnection) -> URL {
        let store = connection.storeDirectory.standardizedFileURL
        return store.deletingLastPathComponent().appendingPathComponent(store.lastPathComponent + "-outbox", isDirectory: true)
    }

    /// The exit statuses of the `tasks` commands, for their help.
    static let exitStatuses = """
    exit status: 0 ok; 64 wrong command line; 65 the outbox holds a file that is not an action;
    69 the server cannot be reached or failed (tasks list); 74 the outbox cannot be written;
    75 completions or skips wait in the outbox for a later 'tasks sync' (no answer, a 5xx after
    the retries, a redirect: give the final address as --server); 76 the server's answer is
    malformed (an action sent waits in the outbox, as the message says); 77 not signed in (nothing is kept), the
    outbox holds another learner's actions, the outbox (or a file in it) is not this user's
    private one (a link, another user's, open to others: nothing in it is read or sent), or the
    server refused the action for good (the task is gone: it left the outbox).
    """
}
