import Foundation
import ZhiXiModel
import ZhiXiNetwork

/// Finds where to reopen a material: the server's saved progress first
/// (`GET materials/{id}/reading-progress`), the device's ``ReadingPositionStore`` as the
/// fallback, and the device's position when it is newer than the server's (events not
/// yet uploaded). A position the server gives is kept on the device for offline use.
public struct ReadingPositionRestoreService: Sendable {
    /// The server.
    public let server: any ReadingServerAPI
    /// The device's positions.
    public let store: any ReadingPositionStore

    /// Creates the service.
    public init(server: any ReadingServerAPI, store: any ReadingPositionStore) {
        self.server = server
        self.store = store
    }

    /// The position to reopen `materialID` at. Never throws: a server failure falls back
    /// to the device and is reported in ``ReadingPositionRestore/serverError``.
    public func restorePosition(for materialID: String) async -> ReadingPositionRestore {
        let local = store.position(for: materialID)
        let progress: ReadingProgress
        do {
            progress = try await server.readingProgress(materialID: materialID)
        } catch {
            return ReadingPositionRestore(position: local?.position, source: local == nil ? .none : .device,
                                          markedAsRead: false, serverError: error)
        }
        guard let serverPosition = progress.position?.normalized else {
            return ReadingPositionRestore(position: local?.position, source: local == nil ? .none : .device,
                                          markedAsRead: progress.markedAsRead, serverError: nil)
        }
        if let local, let updatedAt = progress.updatedAt, local.updatedAt > updatedAt {
            return ReadingPositionRestore(position: local.position, source: .device, markedAsRead: progress.markedAsRead,
                                          serverError: nil)
        }
        if let targetType = progress.readingTargetType ?? local?.readingTargetType {
            try? store.save(StoredReadingPosition(materialID: materialID, readingTargetType: targetType, title: local?.title,
                                                  position: serverPosition, updatedAt: progress.updatedAt ?? local?.updatedAt ?? Date(timeIntervalSince1970: 0)))
        }
        return ReadingPositionRestore(position: serverPosition, source: .server, markedAsRead: progress.markedAsRead, serverError: nil)
    }
}
