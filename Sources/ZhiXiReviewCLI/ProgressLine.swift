import Foundation

/// A progress line on standard error for long commands: nothing during the first second,
/// then `simulating: 23/80 runs, 4.1 s` rewritten in place four times a second, and erased
/// at the end. Only when standard error is a terminal; safe to update from any thread.
final class ProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private let start = DispatchTime.now().uptimeNanoseconds
    private let label: String
    private var done = 0
    private var total: Int
    private var shown = false
    private var timer: DispatchSourceTimer?

    /// A progress line for `total` steps (0: unknown), shown when `enabled`.
    init(label: String, total: Int, enabled: Bool) {
        self.label = label
        self.total = total
        guard enabled else { return }
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
        timer.schedule(deadline: .now() + 1, repeating: 0.25)
        timer.setEventHandler { [weak self] in self?.draw() }
        timer.resume()
        self.timer = timer
    }

    /// Whether a progress line belongs on standard error: it is a terminal (and the command
    /// runs as the process, which has a `TERM`).
    static func wanted(environment: [String: String]) -> Bool {
        environment["TERM"] != nil && isatty(STDERR_FILENO) != 0
    }

    /// Records that `done` of the steps are finished.
    func update(done: Int) {
        lock.lock()
        self.done = done
        lock.unlock()
    }

    /// Stops and erases the line.
    func finish() {
        lock.lock()
        timer?.cancel()
        timer = nil
        let wasShown = shown
        shown = false
        lock.unlock()
        if wasShown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    private func draw() {
        lock.lock()
        guard timer != nil else {
            lock.unlock()
            return
        }
        shown = true
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let counts = total > 0 ? " \(done)/\(total) runs," : ""
        let text = "\r\(label):\(counts) \(TextFormatting.fixed(seconds, 1)) s\u{1B}[K"
        lock.unlock()
        FileHandle.standardError.write(Data(text.utf8))
    }
}
