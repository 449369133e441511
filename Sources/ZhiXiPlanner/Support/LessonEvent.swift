/// One review of a lesson found in the input: a learning session (with its analysis, if
/// any) or an analysis of its own. Plain values only, so that a million of them sort fast.
struct LessonEvent: Sendable {
    /// When it happened, in seconds since 1970, and its study day.
    var second: Double
    var day: Int
    /// Position in the input, to keep the order of simultaneous events stable.
    var order: Int32
    /// The mastery score 0–100, or -1 when the event has none.
    var score: Int16
    /// The session (-1: none) and the analysis (-1: none) of the event.
    var sessionIndex: Int32
    var analysisIndex: Int32
    /// The weak points the event's assessment named, distinct:
    /// `mentions[mentionStart ..< mentionStart + mentionCount]` of the collected events.
    var mentionStart: Int32 = 0
    var mentionCount: Int32 = 0

    /// Whether the event is an assessment: it has a score, and its weak points are the ones
    /// the assessment named.
    var isAssessment: Bool { score >= 0 }
}

/// A weak point named by an assessment: the hash of its key and where its text stands.
struct WeakPointMention: Sendable {
    var hash: UInt64
    var source: WeakPointSource
}
