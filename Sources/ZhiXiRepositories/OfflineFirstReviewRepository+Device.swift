import Foundation
import ZhiXiDomain
import ZhiXiModel

extension OfflineFirstReviewRepository {
    /// The plan kept on the device, at once and without the network: the server's tasks of
    /// the last refresh in the workspace kept, with the completions and skips waiting in the
    /// outbox, as of `now` (`isCached` true); `nil` when nothing is kept or signed out.
    /// - Complexity: reading the workspace kept and one run of the planner on it (the
    ///   reasons and the order), O(records).
    package func cachedReviewPlan(now: Date) async -> ReviewPlanSnapshot? {
        guard let (user, place) = try? await learner(), let workspace = try? await place.cache.read(),
              let waiting = try? await waitingActions(in: place),
              var snapshot = try? assembler.snapshot(workspace: workspace, serverTasks: workspace.reviewTasks, waiting: waiting, now: now)
        else { return nil }
        await profileRead?(user, workspace.profile)
        snapshot.waitingActions = waiting.count
        snapshot.isCached = true
        return snapshot
    }

    /// Sends the completions and skips waiting in the signed-in learner's outbox (what the
    /// app does when the network is back) and writes what the server answered into the
    /// workspace kept; a refusal for good (the task is gone) is told to ``changes()`` readers
    /// as `.gone`. Returns how many still wait.
    /// - Throws: `RepositoryFailure.signedOut`, `.storage`.
    @discardableResult
    package func sendWaitingActions() async throws(RepositoryFailure) -> Int {
        let place = try await place()
        let sync = await place.outbox.sync(with: services.review)
        _ = await settle(sync, in: place)
        return sync.remaining
    }
}
