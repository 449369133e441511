/// How long a test waits for something that is coming — a state another task is about to
/// reach, a request at a gate, a child process — before it calls it a hang: ten minutes.
///
/// A guard, never a measurement: the whole suite takes about seven minutes on a machine with
/// four busy loops beside it on two cores, and a test may wait most of that for its turn on
/// the cooperative threads (or the main actor) while others compute. A bound shorter than
/// that would let a busy machine decide a verdict; this one is reached only by a test that
/// hangs. ``eventually(within:isolation:_:)`` also counts its chances, so even a test starved
/// past it gets its checks.
package enum HangGuard {
    /// Ten minutes, in seconds.
    package static let seconds: Double = 600
}
