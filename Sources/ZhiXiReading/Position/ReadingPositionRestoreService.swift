import Foundation
import ZhiXiModel
import ZhiXiNetwork

/// Finds where to reopen a material: the server's saved progress first
/// (`GET materials/{id}/reading-progress?targetType=T`: its `lastPosition`, unless its
/// `status` is `not_started`), the device's ``ReadingPositionStore`` as the fallback, and
/// the device's position when it is newer than the server's (events not yet uploaded). A
/// position the server gives is kept on the device for offline use.
package struct ReadingPositionRestoreService: Sendable {
    /// The server.
    package let server: any ReadingServerAPI
    /// The device's positions.
    package let store: any ReadingPositionStore

    /// Creates the service.
    package init(server: any ReadingServerAPI, store: any ReadingPositionStore) {
        self.server = server
        self.store = store
    }

    /// The position to reopen `materialID` (a material of `targetType`) at. Never throws: a
    /// server failure falls back to the device and is reported in
    /// ``ReadingPositionRestore/serverError``.
    package func restorePosition(for materialID: String, targetType: ReadingTargetType) async -> ReadingPositionRestore {
        let local = store.position(for: materialID)
        let progress: ReadingProgress
        do {
            progress = try await server.readingProgress(materialID: materialID, targetType: targetType)
        } catch {
            return ReadingPositionRestore(position: local?.position, source: local == nil ? .none : .device,
                                          status: nil, serverError: error)
        }
        guard let serverPosition = progress.restorablePosition?.normalized else {
            return ReadingPositionRestore(position: local?.position, source: local == nil ? .none : .device,
                                          status: progress.status, serverError: nil)
        }
        if let local, let updatedAt = progress.updatedAt, local.updatedAt > updatedAt {
            return ReadingPositionRestore(position: local.position, source: .device, status: progress.status, serverError: nil)
        }
        try? store.save(StoredReadingPosition(
            materialID: materialID, readingTargetType: progress.readingTargetType ?? targetType, title: local?.title,
            position: serverPosition, updatedAt: progress.updatedAt ?? local?.updatedAt ?? Date(timeIntervalSince1970: 0)))
        return ReadingPositionRestore(position: serverPosition, source: .server, status: progress.status, serverError: nil)
    }
}
