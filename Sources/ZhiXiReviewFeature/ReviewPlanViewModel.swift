import Foundation
import Observation
import ZhiXiDomain
import ZhiXiModel

/// The review-plan page (复习计划): today's, tomorrow's and this week's review tasks with
/// their type labels, minutes, reasons and done boxes, offline first.
///
/// - ``load()`` shows `ReviewPlanUiState.loading` and then the plan or an error; when the
///   page has no plan on screen yet and the device kept one from its last refresh, that plan
///   shows at once (``isRefreshing`` on) while the server is asked (the page opens fast).
///   ``refresh()`` keeps the plan on screen (``isRefreshing``) while a new one is made. Each
///   load cancels the one before: only the latest result lands.
/// - Behind sign-in: while no learner is signed in the page is
///   `ReviewPlanUiState.loggedOut`, and it becomes so the moment the session signs out,
///   mid-load too (the load is cancelled; no error, no stale data). Signing in again loads
///   anew once the page has been loaded.
/// - ``complete(taskID:)`` checks the row at once, then keeps the completion on the device
///   and sends it; ``skip(taskID:)`` removes the row at once. A completion the server refuses
///   (the task is gone) removes the row and says so once (``ReviewPlanScreen/notice``).
/// - Offline, the banner says why (the server not reached, its failure, its refusal, its
///   unreadable answer). A session restored at launch without the server (the learner as
///   the device remembers them) is confirmed by the first plan that comes from the server.
/// - Texts are in the language given (Simplified Chinese by default), or in a
///   `LanguageSetting`'s: when it changes, the page draws what it shows (the plan, its error,
///   its notice) in the new language at once, without asking the server again, and then the
///   plan's reasons as the device plans them now (`ReviewRepository.cachedReviewPlan(now:)`).
///
/// Without SwiftUI: call ``load()``, read ``uiState`` (observable with
/// `withObservationTracking`), call the actions.
@MainActor
@Observable
public final class ReviewPlanViewModel {
    /// What the page draws.
    public private(set) var uiState: ReviewPlanUiState
    /// `true` while a new plan is made with one on screen: ``refresh()``, or a ``load()``
    /// showing the plan the device kept.
    public private(set) var isRefreshing = false

    /// The wording of the page's texts.
    @ObservationIgnored public private(set) var wording: LearnerWording
    @ObservationIgnored private let repository: any ReviewRepository
    @ObservationIgnored private let session: any SessionRepository
    @ObservationIgnored private let now: @Sendable () -> Date
    @ObservationIgnored private let loads = LatestLoad()
    @ObservationIgnored private var watcher: LoginStateWatcher?
    @ObservationIgnored private var hasBeenLoaded = false
    /// The plan last made, and the learner's actions since (drawn over it).
    @ObservationIgnored private var snapshot: ReviewPlanSnapshot?
    @ObservationIgnored private var done: Set<String> = []
    @ObservationIgnored private var hidden: Set<String> = []
    @ObservationIgnored private var waitingCount = 0
    @ObservationIgnored private var notice: Notice?
    /// The failure the page shows as its error, kept to draw it again in another language.
    @ObservationIgnored private var shownFailure: RepositoryFailure?
    /// The plan's reasons being made again in a new language, from the plan the device keeps.
    @ObservationIgnored private let rewording = TaskSlot()

    /// What the notice shown once says, kept as facts so that it can be drawn in any language.
    private enum Notice {
        /// Tasks the server refused (gone).
        case refusals([ReviewRefusal])
        /// A refresh that failed with the plan on screen.
        case failure(RepositoryFailure)
        /// An action that could not be kept.
        case actionNotSaved
    }

    /// Creates the page's view model.
    /// - Parameters:
    ///   - repository: where the plan comes from and the actions go.
    ///   - session: the login state (the page is behind sign-in).
    ///   - language: the language of the page's texts (default Simplified Chinese).
    ///   - now: the clock (the plan's "now", the time of completions and skips).
    ///   - languageSetting: the app's language at run time; when given, the page is in its
    ///     language (not `language`) and redraws when it changes.
    package init(repository: any ReviewRepository, session: any SessionRepository, language: AppLanguage = .default,
                now: @escaping @Sendable () -> Date = { Date() }, languageSetting: LanguageSetting? = nil) {
        self.repository = repository
        self.session = session
        self.now = now
        wording = .forLanguage(languageSetting?.language ?? language)
        uiState = session.isSignedIn ? .loading : .loggedOut
        watcher = LoginStateWatcher(session: session) { [weak self] isSignedIn in
            self?.loginStateChanged(isSignedIn)
        }
        languageSetting?.watch(owner: self) { [weak self] language in self?.languageChanged(language) }
    }

    /// The app's language changed: what the page shows, drawn again in it; then the plan's
    /// reasons (the planner's sentences, written when the plan was made) made again on the
    /// device from the plan it keeps, in the language the repository plans in now.
    private func languageChanged(_ language: AppLanguage) {
        wording = .forLanguage(language)
        if case .error = uiState, let shownFailure {
            uiState = .error(ScreenError(shownFailure, wording: wording))
        } else {
            redraw()
        }
        guard snapshot != nil else { return }
        rewording.replace(with: Task { [weak self, repository, now] in
            guard let kept = await repository.cachedReviewPlan(now: now()), !Task.isCancelled else { return }
            self?.reword(from: kept)
        })
    }

    /// The reasons of the plan on screen replaced by those `kept` gives the same tasks (a task
    /// done, which shows none, stays without).
    private func reword(from kept: ReviewPlanSnapshot) {
        guard var snapshot else { return }
        var reasons: [String: String] = [:]
        for item in kept.allItems where reasons[item.id] == nil { reasons[item.id] = item.reason }
        func reword(_ items: inout [ReviewItem]) {
            for index in items.indices where items[index].reason != nil {
                if let reason = reasons[items[index].id] { items[index].reason = reason }
            }
        }
        reword(&snapshot.today)
        reword(&snapshot.tomorrow)
        reword(&snapshot.thisWeek)
        guard snapshot != self.snapshot else { return }
        self.snapshot = snapshot
        redraw()
    }

    // MARK: - Loading

    /// Makes the plan: `ReviewPlanUiState.loading`, then the plan (or the error). Cancels a
    /// load under way; returns when this one has landed or was overtaken.
    public func load() async {
        await run(keepingScreen: false)
    }

    /// Makes the plan again with the current one on screen (pull to refresh); a failure
    /// keeps the plan and says why in its notice.
    public func refresh() async {
        await run(keepingScreen: true)
    }

    /// After an error: loads again.
    public func retry() async {
        await load()
    }

    /// Clears the notice shown once.
    public func dismissNotice() {
        guard notice != nil else { return }
        notice = nil
        redraw()
    }

    private func run(keepingScreen: Bool) async {
        hasBeenLoaded = true
        guard session.isSignedIn else {
            showLoggedOut()
            return
        }
        await loads.run { [weak self] isCurrent in
            await self?.performLoad(keepingScreen: keepingScreen, isCurrent: isCurrent)
        }
    }

    private func performLoad(keepingScreen: Bool, isCurrent: @MainActor () -> Bool) async {
        var keeps = keepingScreen && snapshot != nil
        if isRefreshing != keeps { isRefreshing = keeps }
        if !keeps, uiState != .loading { uiState = .loading }
        if !keepingScreen, snapshot == nil, let cached = await repository.cachedReviewPlan(now: now()) {
            guard isCurrent() else { return }
            snapshot = cached
            waitingCount = cached.waitingActions
            redraw(landing: true)
            isRefreshing = true
            keeps = true
        }
        let result: Result<ReviewPlanSnapshot, RepositoryFailure>
        do {
            result = .success(try await repository.reviewPlan(now: now()))
        } catch {
            result = .failure(error)
        }
        guard isCurrent() else { return }
        if isRefreshing { isRefreshing = false }
        switch result {
        case .success(let snapshot):
            self.snapshot = snapshot
            waitingCount = snapshot.waitingActions
            hidden.formUnion(snapshot.refusals.map(\.taskID))
            notice = snapshot.refusals.isEmpty ? nil : .refusals(snapshot.refusals)
            redraw(landing: true)
            if !snapshot.isOffline { await repository.refreshInBackground() }
            await verifySessionIfReached(snapshot)
        case .failure(.signedOut):
            await endSession()
        case .failure(.cancelled):
            break
        case .failure(let failure):
            if keeps {
                notice = .failure(failure)
                redraw()
            } else {
                snapshot = nil
                shownFailure = failure
                uiState = .error(ScreenError(failure, wording: wording))
            }
        }
    }

    /// The plan came from the server while the session was restored without it: the session
    /// asks the server to confirm it (refused: signed out, and the page with it).
    private func verifySessionIfReached(_ snapshot: ReviewPlanSnapshot) async {
        guard !snapshot.isOffline, !snapshot.isCached, session.isUnverified else { return }
        await session.verify()
        if !session.isSignedIn { showLoggedOut() }
    }

    // MARK: - Actions

    /// Marks a task done: its row is checked at once; the completion is kept on the device and
    /// sent (now, or when the network is back). A task the server no longer has is removed
    /// with a notice; a completion that could not be kept is unchecked with a notice.
    public func complete(taskID: String) async {
        guard let item = openItem(taskID) else { return }
        done.insert(taskID)
        redraw()
        await settle(taskID, .complete, item: item) { [repository, now] () async throws(RepositoryFailure) -> ReviewActionResult in
            try await repository.complete(item, at: now())
        }
    }

    /// Skips a task: its row is removed at once; the skip is kept on the device and sent.
    public func skip(taskID: String) async {
        guard let item = openItem(taskID) else { return }
        hidden.insert(taskID)
        redraw()
        await settle(taskID, .skip, item: item) { [repository, now] () async throws(RepositoryFailure) -> ReviewActionResult in
            try await repository.skip(item, at: now())
        }
    }

    /// The task's item when its row is shown and not done.
    private func openItem(_ taskID: String) -> ReviewItem? {
        guard case .success = uiState, let item = snapshot?.allItems.first(where: { $0.id == taskID }),
              !item.isDone, !done.contains(taskID), !hidden.contains(taskID) else { return nil }
        return item
    }

    private func settle(_ taskID: String, _ kind: ReviewActionKind, item: ReviewItem,
                        _ action: @escaping @Sendable () async throws(RepositoryFailure) -> ReviewActionResult) async {
        let outcome: Result<ReviewActionResult, RepositoryFailure>
        do {
            outcome = .success(try await action())
        } catch {
            outcome = .failure(error)
        }
        guard session.isSignedIn else { return }
        switch outcome {
        case .success(let result):
            waitingCount = result.waitingActions
            var refusals = result.otherRefusals
            if result.outcome == .refused {
                refusals.insert(ReviewRefusal(taskID: taskID, kind: kind, lessonTitle: item.lessonTitle), at: 0)
            }
            if !refusals.isEmpty {
                hidden.formUnion(refusals.map(\.taskID))
                done.subtract(refusals.map(\.taskID))
                notice = .refusals(refusals)
            }
            redraw()
        case .failure(.signedOut):
            await endSession()
        case .failure(let failure):
            // Not kept: the row goes back as it was.
            done.remove(taskID)
            hidden.remove(taskID)
            notice = failure == .cancelled ? notice : .actionNotSaved
            redraw()
        }
    }

    // MARK: - State

    /// The notice in the page's language.
    private var noticeText: String? {
        switch notice {
        case nil: nil
        case .refusals(let refusals):
            refusals.map { wording.fill(wording.taskGone, [.title: ScreenText.line($0.lessonTitle) ?? wording.untitledLesson]) }
                .joined(separator: "\n")
        case .failure(let failure): wording.message(for: failure)
        case .actionNotSaved: wording.actionNotSaved
        }
    }

    /// Draws the plan with the learner's actions: when a plan lands (`landing`), or over the
    /// plan on screen (not over a load, an error or the logged-out page).
    private func redraw(landing: Bool = false) {
        guard let snapshot else { return }
        if !landing {
            guard case .success = uiState else { return }
        }
        uiState = .success(ReviewPlanScreen(snapshot: snapshot, done: done, hidden: hidden, waitingCount: waitingCount, notice: noticeText,
                                            wording: wording))
    }

    private func loginStateChanged(_ isSignedIn: Bool) {
        if isSignedIn {
            guard hasBeenLoaded else {
                uiState = .loading
                return
            }
            Task { [weak self] in await self?.load() }
        } else {
            showLoggedOut()
        }
    }

    /// The page signed out: the load under way cancelled, the plan and the actions forgotten.
    private func showLoggedOut() {
        loads.cancel()
        rewording.replace(with: nil)
        isRefreshing = false
        snapshot = nil
        done = []
        hidden = []
        waitingCount = 0
        notice = nil
        uiState = .loggedOut
    }

    /// The server refused the session: the page is logged out, and so is the app.
    private func endSession() async {
        showLoggedOut()
        await session.signOut()
    }
}
