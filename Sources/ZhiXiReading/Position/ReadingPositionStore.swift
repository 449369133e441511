/// Where the device keeps the last reading position of each material: the fallback of
/// ``ReadingPositionRestoreService`` and ``ContinueLearningService`` when the server cannot
/// be asked. Implementations are called from many tasks and must be safe for that.
package protocol ReadingPositionStore: Sendable {
    /// The position kept for `materialID`, if any.
    func position(for materialID: String) -> StoredReadingPosition?

    /// The position recorded last, over all materials, if any.
    func mostRecent() -> StoredReadingPosition?

    /// Keeps `position`, replacing an older one of the same material (a newer one kept
    /// already wins).
    /// - Throws: when the store cannot be written.
    func save(_ position: StoredReadingPosition) throws
}
