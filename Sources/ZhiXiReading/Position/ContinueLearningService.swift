import Foundation
import ZhiXiModel
import ZhiXiNetwork

/// "Continue where you left off": what the learner was reading last, from the server
/// (`GET learning/continue`) first, the device's ``ReadingPositionStore`` as the fallback
/// (when the server fails, has nothing, names a type this version cannot open, or is older
/// than what the device read since).
public struct ContinueLearningService: Sendable {
    /// What to offer, and where it came from.
    public struct Suggestion: Sendable, Hashable {
        /// The material, its type, title and position.
        public var item: ContinueLearningItem
        /// `true` when it came from the device's store rather than the server.
        public var isFromDevice: Bool
    }

    /// The server.
    public let server: any ReadingServerAPI
    /// The device's positions.
    public let store: any ReadingPositionStore

    /// Creates the service.
    public init(server: any ReadingServerAPI, store: any ReadingPositionStore) {
        self.server = server
        self.store = store
    }

    /// What to offer; `nil` when neither the server nor the device knows anything read.
    public func suggestion() async -> Suggestion? {
        let local = store.mostRecent().map { stored in
            ContinueLearningItem(type: stored.readingTargetType == .temporaryFile ? .temporaryFile : .knowledgeSource,
                                 materialID: stored.materialID, title: stored.title, position: stored.position,
                                 lastReadAt: stored.updatedAt)
        }
        let fromServer = try? await server.continueLearning()
        if let fromServer, fromServer.type.readingTargetType != nil, fromServer.materialID != nil {
            if let local, let localDate = local.lastReadAt, let serverDate = fromServer.lastReadAt, localDate > serverDate {
                return Suggestion(item: local, isFromDevice: true)
            }
            return Suggestion(item: fromServer, isFromDevice: false)
        }
        return local.map { Suggestion(item: $0, isFromDevice: true) }
    }
}
