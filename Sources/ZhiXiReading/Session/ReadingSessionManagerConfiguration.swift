import Foundation
import ZhiXiModel

/// The rhythm of the session manager, and what it says about the app on every event.
package struct ReadingSessionManagerConfiguration: Sendable, Hashable {
    /// Seconds between two heartbeats while a material is open and the app in the
    /// foreground (default 15).
    package var heartbeatInterval: Double
    /// Seconds a position must stay unchanged before it is recorded (default 2): scrolling
    /// records one event, not hundreds.
    package var positionDebounce: Double
    /// Sessions without activity for longer than this, in seconds, are closed when the app
    /// returns to the foreground (default 1,800: half an hour).
    package var staleSessionAge: Double
    /// Events handed from the runtime to the upload queue per call (default 500).
    package var handOffBatchSize: Int
    /// Seconds between two flushes of the upload queue while a material is open and the app
    /// in the foreground (default 30, the design's upload timer).
    package var flushInterval: Double
    /// `true`: the queue is flushed every ``flushInterval`` seconds while the app is in the
    /// foreground, whether a material is open or not (the app's upload timer, from the first
    /// `willEnterForeground()`); `false` (default): only while a material is open.
    package var flushesWhileIdle: Bool
    /// The `platform` of the events (default `"ios"`).
    package var platform: String
    /// The `appVersion` of the events, such as `"1.4.0"`; `nil` leaves it out.
    package var appVersion: String?
    /// The device's time zone: each event's `clientTimezoneOffsetMinutes` is its offset at
    /// the event's instant (default: the system's).
    package var timeZone: TimeZone

    /// Creates a configuration; values are clamped to sensible minimums.
    package init(heartbeatInterval: Double = 15, positionDebounce: Double = 2, staleSessionAge: Double = 1_800,
                handOffBatchSize: Int = 500, flushInterval: Double = 30, platform: String = ReadingEventUploadItem.appPlatform,
                appVersion: String? = nil, timeZone: TimeZone = .current, flushesWhileIdle: Bool = false) {
        self.heartbeatInterval = max(0.001, heartbeatInterval)
        self.positionDebounce = max(0, positionDebounce)
        self.staleSessionAge = max(0, staleSessionAge)
        self.handOffBatchSize = max(1, handOffBatchSize)
        self.flushInterval = max(0.001, flushInterval)
        self.flushesWhileIdle = flushesWhileIdle
        self.platform = platform
        self.appVersion = appVersion
        self.timeZone = timeZone
    }
}
