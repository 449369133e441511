/// The states of a page that shows one thing (the review plan, the study home, the library, a
/// learning path, progress).
public enum PreviewState: String, CaseIterable, Sendable {
    /// The load on its way (the server holds it).
    case loading
    /// The sample learner's data from the server.
    case success
    /// The server not reached: what the device keeps, with the offline banner.
    case offline
    /// No learner signed in.
    case loggedOut
    /// The server not reached and nothing kept: the error and its retry.
    case error
}

/// The states of the analysis page.
public enum AnalysisPreviewState: String, CaseIterable, Sendable {
    /// The lesson on its way.
    case loading
    /// The lesson's recall questions, waiting for the learner's text.
    case ready
    /// The text sent, the AI on its way.
    case analyzing
    /// The AI's analysis and the lesson's next review.
    case analyzed
    /// No learner signed in.
    case loggedOut
    /// The lesson could not be read (the server not reached, nothing kept).
    case error
}

/// The states of the AI tutor page.
public enum ChatPreviewState: String, CaseIterable, Sendable {
    /// Before the conversation is read.
    case loading
    /// No message yet: the greeting.
    case empty
    /// A question and its whole reply.
    case conversation
    /// A reply arriving: its first pieces on screen.
    case replying
    /// A reply cut off mid-way: what arrived, the notice and its retry.
    case interrupted
    /// The server not reached: the question kept, unanswered, with a retry.
    case failed
    /// No learner signed in.
    case loggedOut
    /// The conversation could not be read (the device's storage fails).
    case error
}

/// The states of the feedback page.
public enum FeedbackPreviewState: String, CaseIterable, Sendable {
    /// The form, filled in.
    case editing
    /// The form sent, the server's answer on its way.
    case submitting
    /// The server has it.
    case sent
    /// Not sent (the server not reached): the form kept, with a retry.
    case failed
    /// No learner signed in.
    case loggedOut
}

/// The states of the login page.
public enum LoginPreviewState: String, CaseIterable, Sendable {
    /// Signed out: the Sign in with Apple button.
    case signedOut
    /// Signing in: the button shows progress (`PreviewSessionRepository` holds the sign-in).
    case signingIn
    /// Sign in with Apple refused: the message.
    case failed
    /// Signed in: routed to the app.
    case signedIn
    /// Signed in as a learner not introduced yet: routed to onboarding.
    case newLearner
}

/// The states of the onboarding page (learning direction, daily minutes, language, time zone).
public enum OnboardingPreviewState: String, CaseIterable, Sendable {
    /// The settings the server holds on their way.
    case loading
    /// The form, a learning direction typed in.
    case editing
    /// The answers sent, the server's answer on its way.
    case submitting
    /// The server has them: the app goes on to the main pages.
    case finished
    /// No learner signed in.
    case loggedOut
    /// Not sent (the server not reached), with a retry.
    case error
}

/// The states of the reading page (the material around the reader: where it resumes, finished).
public enum ReaderPreviewState: String, CaseIterable, Sendable {
    /// Finding where the learner left the material (the server holds the answer).
    case loading
    /// Open where the server says the learner left it: 42 %, page 7.
    case resumedFromServer
    /// The server not reached: open where the device kept the learner (65 %).
    case resumedFromDevice
    /// A material not started: open at the beginning.
    case fromStart
    /// Marked as read.
    case finished
    /// Closed (the page left the screen).
    case closed
    /// No learner signed in.
    case loggedOut
    /// The material could not be opened (the device's storage fails), with a retry.
    case error
}

/// The states of the reading toasts over the app (the server's refusals of what was read).
public enum ReadingNoticesPreviewState: String, CaseIterable, Sendable {
    /// The reading accepted: no toast.
    case quiet
    /// `MATERIAL_ACCESS_DENIED`: 你已无法访问「…」.
    case accessDenied
    /// `SOURCE_DELETED`: 「…」已被删除.
    case sourceDeleted
}
