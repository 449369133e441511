import Foundation
import ZhiXiCore
import ZhiXiLocalization

/// A progress line on standard error for long commands: nothing during the first second,
/// then `simulating: 23/80 runs, 4.1 s` rewritten in place four times a second, and erased
/// at the end. Only when standard error is a terminal; safe to update from any thread.
final class ProgressLine: Sendable {
    private struct State {
        var done = 0
        var shown = false
        var finished = false
    }

    private let start = DispatchTime.now().uptimeNanoseconds
    private let label: String
    private let words: Localization
    private let total: Int
    private let state = Locked(State())

    /// A progress line for `total` steps (0: unknown), shown when `enabled`; `label` is the key
    /// of its name in `Commands.strings` (`progress.*`), said in `words`' language.
    init(label: String, words: Localization, total: Int, enabled: Bool) {
        self.label = words.text(label, in: .commands)
        self.words = words
        self.total = total
        guard enabled else { return }
        drawAgain(after: 1)
    }

    /// Whether a progress line belongs on standard error: it is a terminal (and the command
    /// runs as the process, which has a `TERM`).
    static func wanted(environment: [String: String]) -> Bool {
        environment["TERM"] != nil && isatty(STDERR_FILENO) != 0
    }

    /// Records that `done` of the steps are finished.
    func update(done: Int) {
        state.withLock { $0.done = done }
    }

    /// Stops and erases the line.
    func finish() {
        let wasShown = state.withLock { state -> Bool in
            defer {
                state.finished = true
                state.shown = false
            }
            return state.shown
        }
        if wasShown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    /// Draws the line after `seconds`, and again every quarter of a second until it is
    /// finished: on Dispatch, so the line moves while the cooperative pool is busy.
    private func drawAgain(after seconds: Double) {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + seconds) { [weak self] in
            guard let self, self.draw() else { return }
            self.drawAgain(after: 0.25)
        }
    }

    /// The line's text: `simulating: 23/80 runs, 4.1 s` (the runs left out when `total` is 0),
    /// in `words`' language.
    static func text(label: String, done: Int, total: Int, seconds: Double, words: Localization) -> String {
        let counts = total > 0 ? words.sentence("progress.runs", in: .commands, ["done": String(done), "total": String(total)]) : ""
        return words.sentence("progress.line", in: .commands, ["label": label, "counts": counts, "seconds": TextFormatting.fixed(seconds, 1)])
    }

    /// Draws the line once; `false` when the line is finished.
    private func draw() -> Bool {
        let text = state.withLock { state -> String? in
            guard !state.finished else { return nil }
            state.shown = true
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            return "\r" + Self.text(label: label, done: state.done, total: total, seconds: seconds, words: words) + "\u{1B}[K"
        }
        guard let text else { return false }
        FileHandle.standardError.write(Data(text.utf8))
        return true
    }
}
