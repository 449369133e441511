/// What opening a material found: where to resume it.
package struct ReadingOpening: Sendable, Hashable {
    /// Where to resume: the server's saved progress, else the device's; `nil` for a material
    /// never read (start at the beginning).
    package var resumeAt: ReadingLocation?
    /// `true` when ``resumeAt`` came from the device (the server could not be asked, knew
    /// nothing, or is behind what the device recorded since).
    package var isFromDevice: Bool

    /// Creates an opening.
    package init(resumeAt: ReadingLocation?, isFromDevice: Bool) {
        self.resumeAt = resumeAt
        self.isFromDevice = isFromDevice
    }
}
