/// The signed-in learner's reading, as a reading page drives it: open a material where the
/// learner left it, note where they are, mark it read, close it; and the server's refusals
/// of what was read, for the app to tell. Each learner's reading is kept apart on the device
/// (positions and the upload queue in their own directory).
package protocol ReadingRepository: Sendable {
    /// Opens `material` (closing the one open before) and returns where to resume it.
    /// - Throws: ``RepositoryFailure/signedOut`` without a learner, `.storage` when the
    ///   device's files cannot be opened.
    func openMaterial(_ material: ReadingMaterial) async throws(RepositoryFailure) -> ReadingOpening

    /// Notes where the learner is in `materialID` (recorded once it has stayed put a moment).
    /// - Throws: ``RepositoryFailure/notFound(id:)`` when that material is not the one open
    ///   (it was closed, or closed as stale while the app was away: open it again), `.signedOut`.
    func updateLocation(_ location: ReadingLocation, of materialID: String) async throws(RepositoryFailure)

    /// Records that the learner finished `materialID`.
    /// - Throws: as ``updateLocation(_:of:)``.
    func markAsRead(materialID: String) async throws(RepositoryFailure)

    /// Closes `materialID` when it is the material open; another one open stays open.
    func closeMaterial(materialID: String) async

    /// The server's refusals of the learner's reading from now on (each upload's, the timed
    /// ones included), in order. Each call makes a new stream; it ends when its reader stops.
    func uploadNotices() -> AsyncStream<ReadingUploadNotice>
}
