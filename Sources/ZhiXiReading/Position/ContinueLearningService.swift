import Foundation
import ZhiXiModel
import ZhiXiNetwork

/// "Continue where you left off": what the learner was reading last, from the server
/// (`GET learning/continue`) first, the device's ``ReadingPositionStore`` as the fallback
/// (when the server fails, has nothing, names a type this version cannot open, or is older
/// than what the device read since). A material without a title is offered as
/// ``ContinueLearningItem/untitled(language:)``: 未命名, or "Untitled" in English.
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

    /// The language of the title given to a material without one.
    public let language: AppLanguage

    /// Creates the service.
    public init(server: any ReadingServerAPI, store: any ReadingPositionStore, language: AppLanguage = .default) {
        self.server = server
        self.store = store
        self.language = language
    }

    /// What to offer; `nil` when neither the server nor the device knows anything read.
    public func suggestion() async -> Suggestion? {
        let local = store.mostRecent().map { stored in
            ContinueLearningItem(type: stored.readingTargetType == .temporaryFile ? .temporaryFile : .knowledgeSource,
                                 materialID: stored.materialID, title: stored.title, lastPosition: stored.position,
                                 lastProgress: stored.position.progress, lastReadAt: stored.updatedAt)
        }
        var suggestion = local.map { Suggestion(item: $0, isFromDevice: true) }
        if let fromServer = try? await server.continueLearning(), fromServer.type.readingTargetType != nil,
           fromServer.materialID != nil {
            let localIsNewer = local.flatMap { local in
                fromServer.lastReadAt.flatMap { serverDate in local.lastReadAt.map { $0 > serverDate } }
            } ?? false
            if !localIsNewer { suggestion = Suggestion(item: fromServer, isFromDevice: false) }
        }
        if suggestion?.item.title?.isEmpty ?? false { suggestion?.item.title = nil }
        if suggestion != nil, suggestion?.item.title == nil { suggestion?.item.title = ContinueLearningItem.untitled(language: language) }
        return suggestion
    }
}
