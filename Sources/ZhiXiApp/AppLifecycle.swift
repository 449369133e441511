import ZhiXiDomain
import ZhiXiReading
import ZhiXiRepositories

/// The app's lifecycle as the pipeline needs it, in one small API the app calls from
/// SwiftUI's `scenePhase` and from its network monitor, doing what the design's timing table
/// says:
///
/// | when | call | what happens |
/// | --- | --- | --- |
/// | launch (the root view's `.task`) | ``appDidLaunch()`` | the signed-in learner's reading queue reloaded (`reloadOnLaunch`: events a dead process was sending are pending again); the 30-second upload timer started; the network monitor followed |
/// | `scenePhase` → `.background` | ``didEnterBackground()`` | the position recorded, the reading session paused, the heartbeat and the timer stopped, the queue flushed |
/// | `scenePhase` → `.active` | ``willEnterForeground()`` | stale events pending again, sessions idle for half an hour closed, the open one resumed, the timer restarted |
/// | the network comes back | ``networkDidRecover()`` | the failed reading events requeued and sent; the completions and skips waiting in the outbox sent |
/// | every 30 s in the foreground | (the timer) | the queue flushed |
///
/// With a ``NetworkMonitor`` (the configuration's: `NWPathMonitor` on Apple platforms),
/// ``networkDidRecover()`` runs by itself each time the network goes from unusable to usable.
/// A learner signing in gets their reading pipeline made; signing out ends it (the open
/// material closed, a flush under way cancelled), what waits staying in that learner's own
/// queue. With a ``BackgroundTime`` (the configuration's: UIKit's `beginBackgroundTask` on
/// iOS), ``didEnterBackground()`` asks for background time before it flushes and ends the
/// task once the flush is done, or at once when the time runs out (the flush stopped; what it
/// had not sent stays in the learner's queue for the next flush).
@MainActor
public final class AppLifecycle {
    /// `true` between ``willEnterForeground()`` (or the launch) and ``didEnterBackground()``.
    public private(set) var isInForeground = true

    private let reading: LearnerReadingRepository
    private let reviews: OfflineFirstReviewRepository
    private let session: any SessionRepository
    private let monitor: (any NetworkMonitor)?
    private let backgroundTime: (any BackgroundTime)?
    private var hasLaunched = false
    private var watcher: LoginStateWatcher?
    private var networkWatcher: StreamWatcher<Bool>?
    private var isNetworkUsable: Bool?
    /// The last login change handed to the reading, so that changes reach it in order.
    private var lastLoginChange: Task<Void, Never>?

    /// The lifecycle of the app's reading and reviews.
    /// - Parameters:
    ///   - reading: the learner's reading pipeline.
    ///   - reviews: the review tasks (their outbox is sent when the network is back).
    ///   - session: the login state.
    ///   - monitor: tells when the network is back; `nil`: the app calls ``networkDidRecover()``.
    ///   - backgroundTime: gives the background flush its time; `nil`: the flush runs unguarded.
    package init(reading: LearnerReadingRepository, reviews: OfflineFirstReviewRepository, session: any SessionRepository,
                monitor: (any NetworkMonitor)?, backgroundTime: (any BackgroundTime)? = nil) {
        self.reading = reading
        self.reviews = reviews
        self.session = session
        self.monitor = monitor
        self.backgroundTime = backgroundTime
    }

    /// The name of the background task of ``didEnterBackground()``.
    public static let backgroundTaskName = "ZhiXi: reading flush"


    /// At launch (once; later calls do nothing): the signed-in learner's reading queue
    /// reloaded and the upload timer started; the login state and the network followed from
    /// now on.
    public func appDidLaunch() async {
        guard !hasLaunched else { return }
        hasLaunched = true
        watcher = LoginStateWatcher(session: session) { [weak self] isSignedIn in
            self?.loginStateChanged(isSignedIn)
        }
        if let monitor {
            networkWatcher = StreamWatcher(changes: monitor.reachability()) { [weak self] usable in
                self?.networkChanged(usable)
            }
        }
        await reading.prepare()
    }

    /// The app went to the background (see the type's description): background time asked
    /// for, the reading flushed, the time given back — after the flush, or as soon as the time
    /// runs out (the flush then cancelled). What the flush could not send shows on the reading
    /// notices page.
    public func didEnterBackground() async {
        await didEnterBackgroundFlushing()
    }

    /// ``didEnterBackground()``, returning the reading flush's result, `nil` when nobody is
    /// signed in (for the tests).
    @discardableResult
    package func didEnterBackgroundFlushing() async -> FlushResult? {
        isInForeground = false
        let reading = reading
        guard let backgroundTime else { return await reading.didEnterBackground() }
        let hold = BackgroundTaskHold(time: backgroundTime)
        hold.id = backgroundTime.beginTask(named: Self.backgroundTaskName) { hold.end() }
        let flush = Task { await reading.didEnterBackground() }
        hold.work = flush
        let result = await flush.value
        hold.end()
        return result
    }

    /// The app came back to the foreground (see the type's description).
    public func willEnterForeground() async {
        isInForeground = true
        await reading.willEnterForeground()
    }

    /// The network is back (see the type's description): the reading queue's failed events
    /// and the outbox's waiting actions sent, at once.
    public func networkDidRecover() async {
        await networkDidRecoverFlushing()
    }

    /// ``networkDidRecover()``, returning what the reading flush did (`nil` when nobody is
    /// signed in) and how many completions and skips still wait (for the tests).
    @discardableResult
    package func networkDidRecoverFlushing() async -> (reading: FlushResult?, waitingActions: Int?) {
        async let flushed = reading.networkDidRecover()
        async let waiting = try? reviews.sendWaitingActions()
        return (await flushed, await waiting)
    }

    private func loginStateChanged(_ isSignedIn: Bool) {
        let (reading, previous) = (reading, lastLoginChange)
        lastLoginChange = Task {
            await previous?.value
            if isSignedIn {
                await reading.prepare()
            } else {
                await reading.signedOut()
            }
        }
    }

    private func networkChanged(_ usable: Bool) {
        defer { isNetworkUsable = usable }
        guard usable, isNetworkUsable == false else { return }
        Task { [weak self] in await self?.networkDidRecover() }
    }
}

/// One background task of ``AppLifecycle/didEnterBackground()``: ended once, by whichever
/// comes first of the flush's end and the time running out (which also cancels the flush).
@MainActor
private final class BackgroundTaskHold {
    let time: any BackgroundTime
    var id: BackgroundTaskID?
    var work: Task<FlushResult?, Never>?

    init(time: any BackgroundTime) {
        self.time = time
    }

    func end() {
        work?.cancel()
        guard let id else { return }
        self.id = nil
        time.endTask(id)
    }
}
