/// How the reading runtime counts active time.
package struct ReadingRuntimeConfiguration: Sendable, Hashable {
    /// The longest stretch counted as active between two moments the runtime hears of
    /// the session (heartbeat, position, pause, close), in seconds (default 60): a longer
    /// silence means the app was suspended without pausing, and only this much of it counts.
    package var maximumActiveGap: Double

    /// Creates a configuration; a negative gap counts as zero.
    package init(maximumActiveGap: Double = 60) {
        self.maximumActiveGap = max(0, maximumActiveGap)
    }
}
