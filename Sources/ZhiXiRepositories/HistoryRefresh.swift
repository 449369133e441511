import ZhiXiCore
import ZhiXiModel
import ZhiXiNetwork

/// The second step of a page's refresh (``WorkspaceRefresh/history(kept:)``), due once a plan
/// came from the server for a workspace kept, run after the page has shown: one at a time per
/// learner (a refresh asked while one runs joins it), its
/// result merged into the learner's workspace kept only when the same learner is still signed
/// in (what came back with someone else's session is dropped). Failures are quiet: the next
/// refresh asks again from the same records.
final class HistoryRefresh: Sendable {
    private let running = Locked<[String: Task<Void, Never>]>([:])
    private let due = Locked<Set<String>>([])

    /// A refresh of `user`'s workspace is due (the plan's first step ran).
    func markDue(_ user: String) {
        _ = due.withLock { $0.insert(user) }
    }

    /// Starts the refresh of `user`'s workspace kept in `place` when one is due, unless one runs.
    func startIfDue(user: String, place: LearnerPlace, services: AppServices, currentUserID: @escaping @Sendable () async -> String?) {
        guard due.withLock({ $0.remove(user) != nil }) else { return }
        running.withLock { running in
            guard running[user] == nil else { return }
            running[user] = Task { [weak self] in
                defer { self?.finished(user) }
                guard let kept = try? await place.cache.read(),
                      let update = try? await WorkspaceRefresh(services: services).history(kept: kept),
                      await currentUserID() == user else { return }
                // Checked against the workspace as it is when written (WorkspacePull's rule); an
                // answer that may not be merged at all leaves it as it is.
                _ = try? await place.cache.update { $0 = (try? update.mergeable(into: $0))?.merged(into: $0) ?? $0 }
            }
        }
    }

    /// Returns once the refreshes running now have ended.
    func wait() async {
        for task in running.withLock({ Array($0.values) }) { await task.value }
    }

    private func finished(_ user: String) {
        _ = running.withLock { $0.removeValue(forKey: user) }
    }
}
