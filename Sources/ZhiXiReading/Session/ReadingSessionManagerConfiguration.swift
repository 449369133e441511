import Foundation
import ZhiXiModel

/// The rhythm of the session manager, and what it says about the app on every event.
public struct ReadingSessionManagerConfiguration: Sendable, Hashable {
    /// Seconds between two heartbeats while a material is open and the app in the
    /// foreground (default 15).
    public var heartbeatInterval: Double
    /// Seconds a position must stay unchanged before it is recorded (default 2): scrolling
    /// records one event, not hundreds.
    public var positionDebounce: Double
    /// Sessions without activity for longer than this, in seconds, are closed when the app
    /// returns to the foreground (default 1,800: half an hour).
    public var staleSessionAge: Double
    /// Events handed from the runtime to the upload queue per call (default 500).
    public var handOffBatchSize: Int
    /// Seconds between two flushes of the upload queue while a material is open and the app
    /// in the foreground (default 30, the design's upload timer).
    public var flushInterval: Double
    /// `true`: the queue is flushed every ``flushInterval`` seconds while the app is in the
    /// foreground, whether a material is open or not (the app's upload timer, from the first
    /// `willEnterForeground()`); `false` (default): only while a material is open.
    public var flushesWhileIdle: Bool
    /// The `platform` of the events (default `"ios"`).
    public var platform: String
    /// The `appVersion` of the events, such as `"1.4.0"`; `nil` leaves it out.
    public var appVersion: String?
    /// The device's time zone: each event's `clientTimezoneOffsetMinutes` is its offset at
    /// the event's instant (default: the system's).
    public var timeZone: TimeZone

    /// Creates a configuration; values are clamped to sensible minimums.
    public init(heartbeatInterval: Double = 15, positionDebounce: Double = 2, staleSessionAge: Double = 1_800,
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
