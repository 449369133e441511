import Foundation
import ZhiXiCore
import ZhiXiDomain
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiReading

/// `ReadingRepository` on the reading pipeline (ZhiXiReading), one per learner: the signed-in
/// learner's positions and durable upload queue in their own directory
/// (``LearnerPlace/positions``, ``LearnerPlace/readingQueueDirectory``), the session manager
/// on them, the server's calls bound to that learner (`LearnerBoundReadingServer`).
///
/// - The pipeline is made when the learner first needs it (their queue reloaded as at a
///   launch: events a dead process was sending are pending again) and ended when they sign
///   out (``signedOut()``): the open material closed, the timers stopped, a flush under way
///   cancelled; what waits stays in their queue until they sign in again on the device.
/// - The app's lifecycle (``willEnterForeground()``, ``didEnterBackground()``,
///   ``networkDidRecover()``) goes to the manager as the design's timing table says; in the
///   foreground the queue is flushed every 30 s whether a material is open or not
///   (`ReadingSessionManagerConfiguration.flushesWhileIdle`).
/// - Every flush's events dropped for good are told as ``uploadNotices()``, with their
///   rejection codes (one notice per material and code).
package actor LearnerReadingRepository: ReadingRepository {
    /// The services asked.
    package nonisolated let services: AppServices
    /// Where each learner's files are kept.
    package nonisolated let storage: LearnerStorage
    /// The manager's rhythm and what each event says about the app (its `appVersion`);
    /// `flushesWhileIdle` is always on.
    package nonisolated let configuration: ReadingSessionManagerConfiguration
    private nonisolated let userID: @Sendable () async -> String?
    private nonisolated let scheduler: any ReadingScheduler
    private nonisolated let queueConfiguration: ReadingEventUploadQueueConfiguration
    private nonisolated let notices = Broadcast<ReadingUploadNotice>()
    private var pipeline: Pipeline?
    private var generation = 0
    private var isInForeground = true

    /// Creates the repository.
    /// - Parameters:
    ///   - services: the API's services (their reading calls).
    ///   - storage: where the learners' files are kept.
    ///   - configuration: the manager's rhythm and the app's version.
    ///   - queueConfiguration: batching and retries of the upload queue.
    ///   - scheduler: the clock and timers (the system's by default).
    ///   - userID: the signed-in learner's id, `nil` when signed out.
    package init(services: AppServices, storage: LearnerStorage, configuration: ReadingSessionManagerConfiguration = ReadingSessionManagerConfiguration(),
                queueConfiguration: ReadingEventUploadQueueConfiguration = ReadingEventUploadQueueConfiguration(),
                scheduler: any ReadingScheduler = SystemReadingScheduler(), userID: @escaping @Sendable () async -> String?) {
        self.services = services
        self.storage = storage
        var configuration = configuration
        configuration.flushesWhileIdle = true
        self.configuration = configuration
        self.queueConfiguration = queueConfiguration
        self.scheduler = scheduler
        self.userID = userID
    }

    // MARK: - The reading page

    /// Where the learner left `material` (the server's progress, else the device's), then
    /// the material opened there (the one open before closed).
    package func openMaterial(_ material: ReadingMaterial) async throws(RepositoryFailure) -> ReadingOpening {
        let reading = try await current()
        let type = Self.targetType(of: material.kind)
        let restore = await ReadingPositionRestoreService(server: reading.server, store: reading.positions)
            .restorePosition(for: material.materialID, targetType: type)
        guard !Task.isCancelled else { throw .cancelled }
        guard await userID() == reading.userID else { throw .signedOut }
        await reading.manager.open(ReadingMaterialContext(materialID: material.materialID, readingTargetType: type, title: material.title),
                                   position: restore.position)
        return ReadingOpening(resumeAt: restore.position.map(Self.location), isFromDevice: restore.source == .device)
    }

    /// The manager's `updatePosition(_:materialID:)`.
    package func updateLocation(_ location: ReadingLocation, of materialID: String) async throws(RepositoryFailure) {
        let reading = try await current()
        do throws(ReadingRuntimeError) {
            try await reading.manager.updatePosition(Self.position(location), materialID: materialID)
        } catch {
            throw .notFound(id: materialID)
        }
    }

    /// The manager's `markAsRead(materialID:)`.
    package func markAsRead(materialID: String) async throws(RepositoryFailure) {
        let reading = try await current()
        do throws(ReadingRuntimeError) {
            try await reading.manager.markAsRead(materialID: materialID)
        } catch {
            throw .notFound(id: materialID)
        }
    }

    /// The manager's `close(materialID:)`; nothing without a pipeline.
    package func closeMaterial(materialID: String) async {
        guard let reading = await running() else { return }
        await reading.manager.close(materialID: materialID)
    }

    /// The server's refusals of the learner's reading, from now on.
    package nonisolated func uploadNotices() -> AsyncStream<ReadingUploadNotice> {
        notices.stream()
    }

    // MARK: - The app's lifecycle

    /// At launch, and when a learner signs in: the signed-in learner's pipeline made (their
    /// queue reloaded, the 30-second flush started in the foreground). Nothing when signed out.
    package func prepare() async {
        _ = try? await current()
    }

    /// The app went to the background: the manager's `didEnterBackground()` (the position
    /// recorded, the session paused, the timers stopped, the queue flushed). Returns the
    /// flush's result, `nil` when no learner is signed in.
    @discardableResult
    package func didEnterBackground() async -> FlushResult? {
        isInForeground = false
        guard let reading = try? await current() else { return nil }
        return await reading.manager.didEnterBackground()
    }

    /// The app came back: the manager's `willEnterForeground()` (stale events pending again,
    /// sessions idle for half an hour closed, the open one resumed, the timers restarted).
    package func willEnterForeground() async {
        isInForeground = true
        guard let reading = try? await current() else { return }
        await reading.manager.willEnterForeground()
    }

    /// The network is back: the manager's `flush()` (failed events requeued and sent).
    /// Returns the flush's result, `nil` when no learner is signed in.
    @discardableResult
    package func networkDidRecover() async -> FlushResult? {
        await flush()
    }

    /// Uploads the signed-in learner's queue now (failed events included); `nil` when no
    /// learner is signed in.
    @discardableResult
    package func flush() async -> FlushResult? {
        guard let reading = try? await current() else { return nil }
        return await reading.manager.flush()
    }

    /// The learner signed out: their pipeline ended (see the type's description). Nothing
    /// when the pipeline is the one of the learner signed in now.
    package func signedOut() async {
        let user = await userID()
        guard let pipeline, user != pipeline.userID else { return }
        self.pipeline = nil
        if case .success(let reading) = await pipeline.task.value { await reading.shutDown() }
    }

    /// What the signed-in learner's queue holds (for the app's diagnostics and the tests);
    /// `nil` when no learner is signed in.
    package func queueSnapshot() async -> ReadingQueueSnapshot? {
        guard let reading = try? await current() else { return nil }
        return try? await reading.queue.snapshot()
    }

    // MARK: - The pipeline

    /// A learner's pipeline, being made or made.
    private struct Pipeline {
        let userID: String
        let generation: Int
        let task: Task<Result<LearnerReading, RepositoryFailure>, Never>
    }

    /// The signed-in learner's pipeline, made when first needed; another learner's is ended.
    private func current() async throws(RepositoryFailure) -> LearnerReading {
        guard let user = await userID() else { throw .signedOut }
        if let pipeline, pipeline.userID != user {
            self.pipeline = nil
            if case .success(let reading) = await pipeline.task.value { await reading.shutDown() }
        }
        if let pipeline, pipeline.userID == user {
            return try await settled(pipeline)
        }
        generation += 1
        let task = Task { await self.make(forUser: user) }
        let made = Pipeline(userID: user, generation: generation, task: task)
        pipeline = made
        return try await settled(made)
    }

    /// The pipeline once made; one that failed is forgotten, so the next call tries again.
    private func settled(_ made: Pipeline) async throws(RepositoryFailure) -> LearnerReading {
        let result = await made.task.value
        if case .failure = result, pipeline?.generation == made.generation { pipeline = nil }
        return try result.get()
    }

    /// The signed-in learner's pipeline if it is made, without making one.
    private func running() async -> LearnerReading? {
        guard let pipeline, await userID() == pipeline.userID, case .success(let reading) = await pipeline.task.value else { return nil }
        return reading
    }

    private func make(forUser user: String) async -> Result<LearnerReading, RepositoryFailure> {
        let place: LearnerPlace
        let queue: ReadingEventUploadQueue
        let server = LearnerBoundReadingServer(base: services.reading, userID: user, currentUserID: userID)
        do throws(RepositoryFailure) {
            place = try storage.place(forUser: user)
        } catch {
            return .failure(error)
        }
        do throws(ReadingQueueError) {
            queue = try ReadingEventUploadQueue(directory: place.readingQueueDirectory, server: server, configuration: queueConfiguration)
            try await queue.reloadOnLaunch()
        } catch {
            return .failure(.storage(reason: error.description))
        }
        let manager = ReadingRuntimeSessionManager(queue: queue, positionStore: place.positions, scheduler: scheduler,
                                                   configuration: configuration)
        let forwarding = TaskSlot()
        let (results, positions, notices, userID) = (manager.flushResults(), place.positions, notices, userID)
        forwarding.replace(with: Task {
            for await result in results {
                let told = LearnerReading.notices(of: result, positions: positions)
                guard !told.isEmpty, await userID() == user else { continue }
                for notice in told { notices.yield(notice) }
            }
        })
        if isInForeground {
            await manager.willEnterForeground()
        } else {
            await manager.didEnterBackground()
        }
        return .success(LearnerReading(userID: user, positions: place.positions, queue: queue, manager: manager, server: server,
                                       forwarding: forwarding))
    }

    // MARK: - Domain and pipeline values

    static func targetType(of kind: ReadingMaterialKind) -> ReadingTargetType {
        kind == .temporaryFile ? .temporaryFile : .knowledgeSource
    }

    static func kind(of type: ReadingTargetType) -> ReadingMaterialKind {
        type == .temporaryFile ? .temporaryFile : .knowledgeSource
    }

    static func location(_ position: ReadingPosition) -> ReadingLocation {
        ReadingLocation(progress: position.progress, pageIndex: position.pageIndex, anchor: position.anchor)
    }

    static func position(_ location: ReadingLocation) -> ReadingPosition {
        ReadingPosition(progress: location.progress, pageIndex: location.pageIndex, anchor: location.anchor)
    }
}
