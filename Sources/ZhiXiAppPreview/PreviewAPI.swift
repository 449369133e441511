import Foundation
import ZhiXiCore
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiPlanner
import ZhiXiReading
import ZhiXiRepositories

/// The app's API played in memory for previews and UI tests, with no network: the sample
/// learner's data (or a workspace given), her review tasks planned as the server plans them
/// (the package's planner, as of the previews' clock), and every service of the app answering
/// from it as the contract says: the review tasks, sessions, analyses (a stand-in for the
/// model: the share of the lesson's key points the learner's text mentions), the tutor's chat
/// (streamed piece by piece), knowledge, profile, figures (`LearningFigures`), reading (the
/// progress of the sample's reading materials, ``PreviewSample/readingProgress``) and
/// feedback. ``mode`` makes every call hold or fail instead; ``setChatEnding(_:)`` ends the next
/// streamed replies early. Changes (completions, sessions, feedback) are kept in memory.
package final class PreviewAPI: Sendable {
    struct State {
        var mode: PreviewServerMode = .answering
        var chatEnding: PreviewChatEnding = .complete
        var user: User
        var workspace: LearnerWorkspace
        var feedback: [Feedback] = []
        /// What the server keeps of the learner's reading, by material.
        var readingProgress: [String: ReadingProgress] = PreviewSample.readingProgress
        /// The code every uploaded reading event is refused with; `nil`: every one accepted.
        var readingRefusal: ReadingEventRejectionCode?
        var nextID = 0

        mutating func makeID(_ prefix: String) -> String {
            nextID += 1
            return "\(prefix)-preview-\(nextID)"
        }
    }

    let state: Locked<State>
    /// The clock of what the API stores and of its figures.
    package let now: @Sendable () -> Date

    /// The API of `workspace`'s learner (default the sample learner), her review tasks planned
    /// as of `now()` with `planner`.
    package init(workspace: LearnerWorkspace = PreviewSample.workspace, user: User? = nil,
                planner: PlannerConfiguration = PlannerConfiguration(), now: @escaping @Sendable () -> Date = { PreviewSample.now }) {
        var workspace = workspace
        let user = user ?? workspace.user ?? PreviewSample.user
        if let result = try? ReviewPlanner(configuration: planner).plan(PlannerInput(workspace: workspace), now: now()) {
            let known = Set(workspace.reviewTasks.map(\.id))
            let planned = (result.plan.today + result.plan.tomorrow + result.plan.thisWeek + result.plan.later).map(\.task)
            workspace.reviewTasks += planned.filter { !known.contains($0.id) }
        }
        state = Locked(State(user: user, workspace: workspace))
        self.now = now
    }

    /// How calls are answered now.
    package var mode: PreviewServerMode { state.withLock { $0.mode } }

    /// Answers, holds or fails every call from now on.
    package func setMode(_ mode: PreviewServerMode) {
        state.withLock { $0.mode = mode }
    }

    /// How the next streamed replies of the tutor end (until changed).
    package func setChatEnding(_ ending: PreviewChatEnding) {
        state.withLock { $0.chatEnding = ending }
    }

    /// Refuses every reading event uploaded from now on with `code` (`nil`: accepts them).
    package func setReadingRefusal(_ code: ReadingEventRejectionCode?) {
        state.withLock { $0.readingRefusal = code }
    }

    /// The learner's data as the API holds it now.
    package var workspace: LearnerWorkspace { state.withLock { $0.workspace } }

    /// The feedback received.
    package var feedback: [Feedback] { state.withLock { $0.feedback } }

    /// The app's services on this API.
    package var services: AppServices {
        AppServices(currentUser: { [self] () async throws(APIError) -> User in
            try await answer()
            return state.withLock { $0.user }
        }, review: self, learning: self, ai: self, knowledge: self, profile: self, analytics: self, reading: self)
    }

    /// Waits or fails as ``mode`` says; returns at once when answering.
    /// - Throws: `.network(.unreachable)`, `.http(status…)`, or `.cancelled` once a held call is cancelled.
    func answer() async throws(APIError) {
        switch mode {
        case .answering:
            return
        case .unreachable:
            throw .network(.unreachable)
        case .failing(let status):
            throw .http(status: status, code: "PREVIEW_FAILURE", message: "the preview server fails on purpose")
        case .holding:
            while !Task.isCancelled { try? await Task.sleep(nanoseconds: 3_600_000_000_000) }
            throw .cancelled
        }
    }
}
