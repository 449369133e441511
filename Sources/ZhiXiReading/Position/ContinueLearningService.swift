import Foundation
import ZhiXiModel
import ZhiXiNetwork

/// "Continue where you left off": what the learner was reading last, as the server says
/// (`GET learning/continue`); the device's ``ReadingPositionStore`` only when the server
/// cannot be asked (no network, a timeout, a 5xx, an answer it could not read). An answer of
/// `type: none`, or of a type this version cannot open, offers nothing: the server knows the
/// learner's reading better than one device does, and a store that may hold what someone
/// else read on the device is never a stand-in for it. A session the server refuses
/// (`unauthorized`) offers nothing either. A material without a title is offered as
/// ``ContinueLearningItem/untitled(language:)``: 未命名, or "Untitled" in English.
package struct ContinueLearningService: Sendable {
    /// What to offer, and where it came from.
    package struct Suggestion: Sendable, Hashable {
        /// The material, its type, title and position.
        package var item: ContinueLearningItem
        /// `true` when it came from the device's store rather than the server.
        package var isFromDevice: Bool
    }

    /// The server.
    package let server: any ReadingServerAPI
    /// The device's positions (the signed-in learner's own).
    package let store: any ReadingPositionStore

    /// The language of the title given to a material without one.
    package let language: AppLanguage

    /// Creates the service.
    package init(server: any ReadingServerAPI, store: any ReadingPositionStore, language: AppLanguage = .default) {
        self.server = server
        self.store = store
        self.language = language
    }

    /// What to offer; `nil` when the server offers nothing, or it cannot be asked and the
    /// device knows nothing read.
    package func suggestion() async -> Suggestion? {
        var suggestion: Suggestion?
        do {
            let fromServer = try await server.continueLearning()
            if fromServer.type.readingTargetType != nil, fromServer.materialID != nil {
                suggestion = Suggestion(item: fromServer, isFromDevice: false)
            }
        } catch {
            if case .unauthorized = error { return nil }
            suggestion = store.mostRecent().map { stored in
                Suggestion(item: ContinueLearningItem(type: stored.readingTargetType == .temporaryFile ? .temporaryFile : .knowledgeSource,
                                                      materialID: stored.materialID, title: stored.title, lastPosition: stored.position,
                                                      lastProgress: stored.position.progress, lastReadAt: stored.updatedAt),
                           isFromDevice: true)
            }
        }
        if suggestion?.item.title?.isEmpty ?? false { suggestion?.item.title = nil }
        if suggestion != nil, suggestion?.item.title == nil { suggestion?.item.title = ContinueLearningItem.untitled(language: language) }
        return suggestion
    }
}
