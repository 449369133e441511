import Foundation
import ZhiXiCore
import ZhiXiModel

/// The reading lifecycle of the app around one open material, on a reading runtime and a
/// durable upload queue:
///
/// - ``open(_:position:)`` closes the material open before, starts a session (`opened`)
///   and the heartbeat; ``close()`` records the last position and `closed` (with the
///   active seconds not yet reported) and stops the heartbeat; ``close(materialID:)`` does
///   so only when that material is the one open (a reader's `onDisappear` racing the next
///   reader's `onAppear` never closes the next one). Opening and closing change the state
///   without a suspension in between, so two of them running at once cannot leave a session
///   open that nothing tracks.
/// - A heartbeat every ``ReadingSessionManagerConfiguration/heartbeatInterval`` seconds
///   (15) while in the foreground carries the active seconds since the last one; paused
///   time never counts.
/// - While a material is open in the foreground, the queue is flushed every
///   ``ReadingSessionManagerConfiguration/flushInterval`` seconds (30); with
///   ``ReadingSessionManagerConfiguration/flushesWhileIdle``, in the foreground whether a
///   material is open or not (the app's upload timer), from the first
///   ``willEnterForeground()`` on.
/// - Every flush it runs (timed, on going to the background, or asked for) is told to the
///   readers of ``flushResults()``, warnings included, so that the app can show them.
/// - ``updatePosition(_:)`` is debounced: the position is recorded once it has stayed
///   ``ReadingSessionManagerConfiguration/positionDebounce`` seconds (2), or before any
///   other event; it is also kept in the ``ReadingPositionStore``.
/// - ``markAsRead()`` records `marked_as_read`.
/// - ``didEnterBackground()`` records the pending position, pauses the session (a
///   heartbeat with the active seconds so far), stops the heartbeat and flushes the queue.
/// - ``willEnterForeground()`` makes stale runtime events pending again, closes sessions
///   idle for longer than ``ReadingSessionManagerConfiguration/staleSessionAge``, and
///   resumes the open one with its heartbeat.
///
/// Every event is handed to the upload queue as soon as it is recorded (exported from the
/// runtime, enqueued, then acknowledged); when the queue cannot take it, it is marked
/// failed in the runtime and handed over again with the next event or on returning to the
/// foreground. Each event goes to the queue with the configuration's `platform`,
/// `appVersion` and the offset of its `timeZone` at the event's instant. The clock and the
/// timers come from the injected ``ReadingScheduler``.
package actor ReadingRuntimeSessionManager {
    /// The rhythm: heartbeat, debounce, stale age.
    package nonisolated let configuration: ReadingSessionManagerConfiguration
    /// The durable queue events are handed to.
    package nonisolated let queue: ReadingEventUploadQueue

    private var runtime: any ReadingRuntimeAdapter
    private let positionStore: (any ReadingPositionStore)?
    private let scheduler: any ReadingScheduler
    private var current: (sessionID: String, context: ReadingMaterialContext)?
    private var isInBackground = false
    private var heartbeat: (any ReadingTimer)?
    private var debounce: (any ReadingTimer)?
    private var flushTimer: (any ReadingTimer)?
    private var pendingPosition: ReadingPosition?
    private var timerGeneration = 0
    private var flushGeneration = 0
    private var isShutDown = false
    private let flushBroadcast = Broadcast<FlushResult>()

    /// The error of the last hand-off to the queue that failed, if the last one failed.
    package private(set) var lastHandOffError: ReadingQueueError?

    /// Creates a manager with no material open.
    ///
    /// - Parameters:
    ///   - runtime: the reading runtime (default: a new ``ReadingRuntime``).
    ///   - queue: the durable upload queue.
    ///   - positionStore: where positions are kept on the device, if anywhere.
    ///   - scheduler: the clock and timers (default: the system's).
    ///   - configuration: heartbeat interval, debounce, stale age.
    package init(runtime: any ReadingRuntimeAdapter = ReadingRuntime(), queue: ReadingEventUploadQueue,
                positionStore: (any ReadingPositionStore)? = nil, scheduler: any ReadingScheduler = SystemReadingScheduler(),
                configuration: ReadingSessionManagerConfiguration = ReadingSessionManagerConfiguration()) {
        self.runtime = runtime
        self.queue = queue
        self.positionStore = positionStore
        self.scheduler = scheduler
        self.configuration = configuration
    }

    /// The session of the open material, if one is open.
    package var currentSession: ReadingSession? { current.flatMap { runtime.session($0.sessionID) } }

    /// Events recorded but not yet in the queue, by buffer state.
    package func bufferedEventCount(in state: ReadingBufferState) -> Int { runtime.bufferedEventCount(in: state) }

    /// The material open, if one is.
    package var openMaterial: ReadingMaterialContext? { current?.context }

    /// The result of every flush this manager runs from now on (timed, on going to the
    /// background, or asked for with ``flush()``), in order. Each call makes a new stream;
    /// it ends when its reader stops or the manager goes away.
    package nonisolated func flushResults() -> AsyncStream<FlushResult> {
        flushBroadcast.stream()
    }

    // MARK: - Lifecycle

    /// Opens `context` at `position` (closing the material open before) and returns the
    /// new session's id.
    @discardableResult
    package func open(_ context: ReadingMaterialContext, position: ReadingPosition? = nil) async -> String {
        closeOpenSession()
        let event = runtime.startSession(context, position: position, at: scheduler.now())
        let sessionID = event.clientSessionID
        current = (sessionID, context)
        if let position { keepPosition(position.normalized, of: context) }
        if isInBackground {
            _ = try? runtime.pauseSession(sessionID, at: scheduler.now())
        } else {
            startHeartbeat()
            if !configuration.flushesWhileIdle || flushTimer == nil { startFlushTimer() }
        }
        await handOff()
        return sessionID
    }

    /// Notes the reading position; it is recorded once it has not changed for the
    /// debounce interval (or before the next event).
    /// - Throws: ``ReadingRuntimeError/noOpenMaterial``.
    package func updatePosition(_ position: ReadingPosition) throws(ReadingRuntimeError) {
        guard current != nil else { throw .noOpenMaterial }
        pendingPosition = position.normalized
        debounce?.cancel()
        let generation = timerGeneration
        debounce = scheduler.schedule(after: configuration.positionDebounce) { [weak self] in
            await self?.debounceFired(generation: generation)
        }
    }

    /// Notes the reading position of `materialID`, as ``updatePosition(_:)``, when that
    /// material is the one open.
    /// - Throws: ``ReadingRuntimeError/noOpenMaterial`` when another material (or none) is open.
    package func updatePosition(_ position: ReadingPosition, materialID: String) throws(ReadingRuntimeError) {
        guard current?.context.materialID == materialID else { throw .noOpenMaterial }
        try updatePosition(position)
    }

    /// Records `marked_as_read` (after the pending position).
    /// - Throws: ``ReadingRuntimeError/noOpenMaterial``.
    package func markAsRead() async throws(ReadingRuntimeError) {
        guard let current else { throw .noOpenMaterial }
        recordPendingPosition()
        _ = try runtime.markAsRead(in: current.sessionID, at: scheduler.now())
        await handOff()
    }

    /// Records `marked_as_read` of `materialID` when that material is the one open.
    /// - Throws: ``ReadingRuntimeError/noOpenMaterial`` when another material (or none) is open.
    package func markAsRead(materialID: String) async throws(ReadingRuntimeError) {
        guard current?.context.materialID == materialID else { throw .noOpenMaterial }
        try await markAsRead()
    }

    /// Closes the open material: records the pending position and `closed`, stops the
    /// heartbeat.
    /// - Throws: ``ReadingRuntimeError/noOpenMaterial``.
    package func close() async throws(ReadingRuntimeError) {
        guard current != nil else { throw .noOpenMaterial }
        closeOpenSession()
        await handOff()
    }

    /// Closes `materialID` as ``close()`` does, when it is the material open; returns
    /// whether it was. Another material open stays open.
    @discardableResult
    package func close(materialID: String) async -> Bool {
        guard current?.context.materialID == materialID else { return false }
        closeOpenSession()
        await handOff()
        return true
    }

    /// Ends the manager (its learner signed out): the open material is closed, every timer
    /// stopped for good, the events handed to the queue and a flush under way cancelled
    /// (what it did not deliver stays in the queue). Nothing restarts the timers afterwards.
    package func shutDown() async {
        closeOpenSession()
        isShutDown = true
        stopTimers()
        await handOff()
        await queue.cancelFlush()
    }

    /// Closes the open session, if any, without a suspension: records the pending position
    /// and `closed`, stops the heartbeat (and the flush timer, unless it runs while idle).
    private func closeOpenSession() {
        guard let open = current else { return }
        recordPendingPosition()
        stopReadingTimers()
        if !configuration.flushesWhileIdle { stopFlushTimer() }
        current = nil
        _ = try? runtime.closeSession(open.sessionID, at: scheduler.now())
    }

    /// The app went to the background: the pending position is recorded, the session
    /// paused (its active seconds reported), the heartbeat stopped, and the queue flushed
    /// (failed events included). Returns the flush's result.
    @discardableResult
    package func didEnterBackground() async -> FlushResult {
        isInBackground = true
        recordPendingPosition()
        stopTimers()
        if let current { _ = try? runtime.pauseSession(current.sessionID, at: scheduler.now()) }
        await handOff()
        return await flush()
    }

    /// The app came back: stale runtime events are pending again, sessions idle for longer
    /// than the stale age are closed, and the open session resumes with its heartbeat.
    /// With ``ReadingSessionManagerConfiguration/flushesWhileIdle`` the flush timer starts
    /// (or goes on) whether a material is open or not.
    package func willEnterForeground() async {
        isInBackground = false
        _ = runtime.reloadStale()
        let now = scheduler.now()
        let closed = runtime.closeStaleSessions(olderThan: configuration.staleSessionAge, at: now)
        if let open = current {
            if closed.contains(where: { $0.clientSessionID == open.sessionID }) {
                current = nil
            } else {
                try? runtime.resumeSession(open.sessionID, at: now)
                startHeartbeat()
                startFlushTimer()
            }
        }
        if configuration.flushesWhileIdle, flushTimer == nil { startFlushTimer() }
        await handOff()
    }

    /// Hands every recorded event to the queue and uploads what it holds, failed events
    /// included (``ReadingEventUploadQueue/retryFailed()``); the result is also told to the
    /// readers of ``flushResults()``.
    package func flush() async -> FlushResult {
        await handOff()
        let result = await queue.retryFailed()
        flushBroadcast.yield(result)
        return result
    }

    // MARK: - Timers

    private func startHeartbeat() {
        guard !isShutDown else { return }
        heartbeat?.cancel()
        let generation = timerGeneration
        heartbeat = scheduler.schedule(after: configuration.heartbeatInterval) { [weak self] in
            await self?.heartbeatFired(generation: generation)
        }
    }

    private func startFlushTimer() {
        guard !isShutDown else { return }
        flushTimer?.cancel()
        let generation = flushGeneration
        flushTimer = scheduler.schedule(after: configuration.flushInterval) { [weak self] in
            await self?.flushTimerFired(generation: generation)
        }
    }

    private func stopTimers() {
        stopReadingTimers()
        stopFlushTimer()
    }

    /// Stops the heartbeat and the debounce.
    private func stopReadingTimers() {
        timerGeneration += 1
        heartbeat?.cancel()
        heartbeat = nil
        debounce?.cancel()
        debounce = nil
    }

    private func stopFlushTimer() {
        flushGeneration += 1
        flushTimer?.cancel()
        flushTimer = nil
    }

    private func flushTimerFired(generation: Int) async {
        guard generation == flushGeneration, !isInBackground, current != nil || configuration.flushesWhileIdle else { return }
        startFlushTimer()
        _ = await flush()
    }

    private func heartbeatFired(generation: Int) async {
        guard generation == timerGeneration, !isInBackground, let current else { return }
        recordPendingPosition()
        _ = try? runtime.recordHeartbeat(in: current.sessionID, at: scheduler.now())
        startHeartbeat()
        await handOff()
    }

    private func debounceFired(generation: Int) async {
        guard generation == timerGeneration else { return }
        debounce = nil
        recordPendingPosition()
        await handOff()
    }

    // MARK: - Events

    /// Records the debounced position now, if there is one.
    private func recordPendingPosition() {
        guard let position = pendingPosition, let current else { return }
        pendingPosition = nil
        debounce?.cancel()
        debounce = nil
        _ = try? runtime.recordPosition(position, in: current.sessionID, at: scheduler.now())
        keepPosition(position, of: current.context)
    }

    private func keepPosition(_ position: ReadingPosition, of context: ReadingMaterialContext) {
        try? positionStore?.save(StoredReadingPosition(
            materialID: context.materialID, readingTargetType: context.readingTargetType, title: context.title,
            position: position, updatedAt: scheduler.now()))
    }

    /// Moves the runtime's pending events into the durable queue: exported, enqueued,
    /// acknowledged; on failure marked failed (and handed over again after
    /// ``willEnterForeground()``, or with the next hand-off).
    private func handOff() async {
        if lastHandOffError != nil { _ = runtime.reloadStale() }
        while true {
            let events = runtime.exportEvents(limit: configuration.handOffBatchSize)
            guard !events.isEmpty else { return }
            do {
                try await queue.enqueue(events.map { event in
                    ReadingEventUploadItem(event, platform: configuration.platform, appVersion: configuration.appVersion,
                                           timeZone: configuration.timeZone)
                })
                runtime.ackEvents(events.map(\.eventID))
                lastHandOffError = nil
            } catch {
                runtime.markFailed(events.map(\.eventID))
                lastHandOffError = error
                return
            }
        }
    }
}
