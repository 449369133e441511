import Foundation
import ZhiXiCore
import ZhiXiDomain
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiPlanner
import ZhiXiServices

/// The review repository of the app, offline first.
///
/// - **The plan** (``reviewPlan(now:)``): first the completions and skips waiting in the
///   learner's outbox are sent; then what the plan needs is asked for
///   (``WorkspaceRefresh/current(kept:)``: everything the first time, else the review tasks
///   only), merged into the workspace kept on the device, and the server's tasks are the
///   plan; the rest (settings, knowledge that changed, sessions and analyses since the newest
///   kept) is refreshed after, in the background, once the page has shown the plan
///   (``refreshInBackground()``, ``WorkspaceRefresh/history(kept:)``).
///   ``cachedReviewPlan(now:)`` gives the plan kept, at once, for a page to show meanwhile. When the server does not answer (no network, a timeout, a 5xx, an
///   unreadable answer), the planner on the device plans the workspace kept there instead:
///   the same tasks, marked offline. Without a workspace kept, the server's failure is the
///   error.
/// - **Done and skip** (``complete(_:at:)``, ``skip(_:at:)``): the action goes to the
///   learner's durable outbox (`ReviewTaskOutbox`, on disk before the call goes on) and into
///   the workspace kept, then the outbox is sent. What the server did not take waits there and
///   is sent by the next plan or action, exactly once in effect, after a relaunch too (a new
///   repository on the same ``LearnerStorage`` root finds it). An action the server refuses
///   for good (404 or 410: the task is gone) is dropped, its task marked cancelled in the
///   workspace kept, and reported once.
/// - **Why offline:** a plan made on the device carries the server's failure as its
///   `offlineCause` (not reached, its 5xx, its refusal, its unreadable answer), so the page
///   says what happened.
/// - **Changes told:** each completion or skip, once kept, and each task found gone is told to
///   the readers of ``changes()`` (the study home draws it in without loading again).
/// - **Never planned again:** a completed task counts as a review in the device's plan, and
///   the server's list has it completed, so it is not open again either way.
/// - **Signed out:** no learner, or a session the server refuses, is
///   `RepositoryFailure.signedOut`.
package struct OfflineFirstReviewRepository: ReviewRepository {
    /// The services asked.
    package let services: AppServices
    /// Where each learner's workspace and outbox are kept.
    package let storage: LearnerStorage
    let userID: @Sendable () async -> String?
    let assembler: ReviewPlanAssembler
    let changeBroadcast = Broadcast<ReviewPlanChange>()
    private let historyRefresh = HistoryRefresh()
    /// Told the learner's profile each time a plan reads the workspace (kept, or just
    /// refreshed from the server), so that the app's language can follow the learner's.
    let profileRead: (@Sendable (_ userID: String, _ profile: UserLearningProfile) async -> Void)?

    /// Creates the repository.
    /// - Parameters:
    ///   - services: the API's services.
    ///   - storage: where the learners' files are kept.
    ///   - planner: the planner's configuration for the plans made on the device (the
    ///     reasons' language, durations, week grouping); the learner's profile supplies the rest.
    ///   - language: the reasons' language (the learner's, or fixed); `nil`: the planner configuration's.
    ///   - userID: the signed-in learner's id, `nil` when signed out.
    ///   - profileRead: told the learner's id and profile each time a plan reads the workspace
    ///     (the one kept, or the one just refreshed from the server); `nil`: no one is told.
    package init(services: AppServices, storage: LearnerStorage, planner: PlannerConfiguration = PlannerConfiguration(),
                language: PlanLanguage? = nil, userID: @escaping @Sendable () async -> String?,
                profileRead: (@Sendable (_ userID: String, _ profile: UserLearningProfile) async -> Void)? = nil) {
        self.services = services
        self.storage = storage
        self.userID = userID
        self.profileRead = profileRead
        assembler = ReviewPlanAssembler(planner: ReviewPlanner(configuration: planner), language: language)
    }

    /// The plan as of `now`, from the server or, when it does not answer, made on the device.
    package func reviewPlan(now: Date) async throws(RepositoryFailure) -> ReviewPlanSnapshot {
        let (user, place) = try await learner()
        let sync = await place.outbox.sync(with: services.review)
        let refusals = await settle(sync, in: place)
        var serverFailure = try Self.failure(stopping: sync)
        var serverTasks: [ReviewTask]?
        if serverFailure == nil {
            let kept = try await place.cache.read()
            let pulled: Result<WorkspaceRefresh.Update, APIError>
            do throws(APIError) {
                pulled = .success(try await WorkspaceRefresh(services: services).current(kept: kept).mergeable(into: kept))
            } catch {
                pulled = .failure(error)
            }
            switch pulled {
            case .success(let update):
                // What came back with another learner's session is not this learner's.
                guard await userID() == user else { throw .signedOut }
                try await place.cache.update { $0 = update.merged(into: $0) }
                serverTasks = update.reviewTasks
                if kept != nil { historyRefresh.markDue(user) }
            case .failure(let error):
                let failure = RepositoryFailure(error)
                guard failure.allowsOfflinePlan else { throw failure }
                serverFailure = failure
            }
        }
        guard !Task.isCancelled else { throw .cancelled }
        guard let workspace = try await place.cache.read() else { throw serverFailure ?? .unreachable }
        await profileRead?(user, workspace.profile)
        let waiting = try await waitingActions(in: place)
        var snapshot = try assembler.snapshot(workspace: workspace, serverTasks: serverTasks, waiting: waiting, now: now)
        snapshot.waitingActions = waiting.count
        snapshot.refusals = refusals
        if snapshot.isOffline { snapshot.offlineCause = serverFailure.flatMap(OfflineCause.init) }
        return snapshot
    }

    /// Keeps the completion, writes it into the workspace kept, and sends the outbox.
    package func complete(_ item: ReviewItem, at completedAt: Date) async throws(RepositoryFailure) -> ReviewActionResult {
        try await record(.complete(taskID: item.id, at: completedAt, recordedAt: completedAt), of: item) { task in
            guard task.status != .completed else { return }
            task.status = .completed
            task.completedAt = completedAt
        }
    }

    /// Keeps the skip, writes it into the workspace kept, and sends the outbox.
    package func skip(_ item: ReviewItem, at skippedAt: Date) async throws(RepositoryFailure) -> ReviewActionResult {
        try await record(.skip(taskID: item.id, recordedAt: skippedAt), of: item) { task in
            if task.status == .pending { task.status = .skipped }
        }
    }

    /// The completions and skips recorded through this repository (or a copy of it) from now
    /// on, each once it is kept on the device, and the tasks the server was found not to have
    /// any more.
    package func changes() -> AsyncStream<ReviewPlanChange> {
        changeBroadcast.stream()
    }

    /// The lesson's next review in the plan made on the device from the workspace kept.
    /// - Throws: `RepositoryFailure.unreachable` when nothing is kept yet.
    package func nextReview(ofLesson lessonID: String, now: Date) async throws(RepositoryFailure) -> ReviewItem? {
        let place = try await place()
        guard let workspace = try await place.cache.read() else { throw .unreachable }
        return try assembler.nextReview(ofLesson: lessonID, workspace: workspace, waiting: try await waitingActions(in: place), now: now)
    }

    // MARK: - Steps

    func place() async throws(RepositoryFailure) -> LearnerPlace {
        try await learner().place
    }

    /// The signed-in learner's id and files.
    func learner() async throws(RepositoryFailure) -> (user: String, place: LearnerPlace) {
        guard let user = await userID() else { throw .signedOut }
        return (user, try storage.place(forUser: user))
    }

    /// The rest of the workspace kept (settings, knowledge that changed, sessions and analyses
    /// since the newest kept: ``WorkspaceRefresh/history(kept:)``) refreshed in the
    /// background, when the last plan from the server left it due; returns at once.
    package func refreshInBackground() async {
        guard let (user, place) = try? await learner() else { return }
        historyRefresh.startIfDue(user: user, place: place, services: services, currentUserID: userID)
    }

    /// Returns once the background refreshes running now (the second step of a plan's
    /// refresh) have ended: for tests and measurements that need the workspace kept settled.
    package func backgroundRefreshesEnded() async {
        await historyRefresh.wait()
    }

    func waitingActions(in place: LearnerPlace) async throws(RepositoryFailure) -> [ReviewTaskAction] {
        do {
            return try await place.outbox.waiting()
        } catch {
            throw .storage(reason: error.description)
        }
    }

    /// `action` kept, `change` written into its task in the workspace kept (the task added
    /// when the workspace does not have it), then the outbox sent.
    private func record(_ action: ReviewTaskAction, of item: ReviewItem,
                        _ change: @escaping @Sendable (inout ReviewTask) -> Void) async throws(RepositoryFailure) -> ReviewActionResult {
        let place = try await place()
        do {
            try await place.outbox.enqueue(action)
        } catch {
            throw .storage(reason: error.description)
        }
        let task = item.task
        // The workspace kept is a cache: the outbox holds the action, so a failed write loses nothing.
        _ = try? await place.cache.update { workspace in
            guard workspace != nil else { return }
            if let index = workspace!.reviewTasks.firstIndex(where: { $0.id == task.id }) {
                change(&workspace!.reviewTasks[index])
            } else {
                var added = task
                change(&added)
                workspace!.reviewTasks.append(added)
            }
        }
        changeBroadcast.yield(action.kind == .complete ? .completed(item, at: action.completedAt ?? action.recordedAt)
                                                       : .skipped(taskID: item.id))
        let sync = await place.outbox.sync(with: services.review)
        var refusals = await settle(sync, in: place)
        let outcome: ReviewActionOutcome
        if sync.delivered.contains(where: { $0.action.key == action.key }) {
            outcome = .delivered
        } else if let index = refusals.firstIndex(where: { $0.taskID == action.taskID && $0.kind.rawValue == action.kind.rawValue }) {
            refusals.remove(at: index)
            outcome = .refused
        } else {
            outcome = .waiting
        }
        if case .request(_, .unauthorized) = sync.stopReason { throw .signedOut }
        return ReviewActionResult(outcome: outcome, otherRefusals: refusals, waitingActions: sync.remaining)
    }

    /// Writes what a sync settled into the workspace kept (tasks as the server answered them;
    /// tasks the server no longer has marked cancelled) and returns its refusals.
    func settle(_ sync: OutboxSyncResult, in place: LearnerPlace) async -> [ReviewRefusal] {
        guard !sync.delivered.isEmpty || !sync.refused.isEmpty else { return [] }
        let answered = sync.delivered.map(\.task)
        let gone = Set(sync.refused.filter { Self.isGone($0.error) }.map(\.action.taskID))
        let written = try? await place.cache.update { workspace in
            guard workspace != nil else { return }
            workspace!.merge(reviewTasks: answered)
            for index in workspace!.reviewTasks.indices where gone.contains(workspace!.reviewTasks[index].id) {
                workspace!.reviewTasks[index].status = .cancelled
            }
        }
        let workspace = written ?? nil
        for refusal in sync.refused { changeBroadcast.yield(.gone(taskID: refusal.action.taskID)) }
        return sync.refused.map { refusal in
            let lessonID = workspace?.reviewTasks.first { $0.id == refusal.action.taskID }?.lessonID
            let title = lessonID.flatMap { id in workspace?.lessons.first { $0.id == id }?.title }
            return ReviewRefusal(taskID: refusal.action.taskID, kind: refusal.action.kind == .complete ? .complete : .skip, lessonTitle: title)
        }
    }

    /// `nil` when the sync reached the server (or another one is running); the server's
    /// failure when a plan made on the device may stand in.
    /// - Throws: `.signedOut`, `.cancelled`, `.storage`: what no offline plan answers.
    private static func failure(stopping sync: OutboxSyncResult) throws(RepositoryFailure) -> RepositoryFailure? {
        switch sync.stopReason {
        case nil, .anotherSyncRunning?:
            return nil
        case .cancelled?:
            throw .cancelled
        case .storage(let error)?:
            throw .storage(reason: error.description)
        case .request(_, let error)?:
            let failure = RepositoryFailure(error)
            guard failure.allowsOfflinePlan else { throw failure }
            return failure
        }
    }

    /// `true` for the refusals that mean the task is gone: 404 and 410.
    private static func isGone(_ error: APIError) -> Bool {
        if case .http(let status, _, _) = error { return status == 404 || status == 410 }
        return false
    }
}
