import ZhiXiDomain
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiReading
import ZhiXiServices

/// `LearningRepository` on the analytics service (the totals) and the reading pipeline's
/// continue-learning service: the server's answer, and the signed-in learner's own reading
/// positions on the device (``LearnerPlace/positions``) only when the server cannot be asked.
package struct LearningProgressRepository: LearningRepository {
    /// The services asked.
    package let services: AppServices
    /// Where each learner's reading positions are kept.
    package let storage: LearnerStorage
    /// The language of the title of an untitled material.
    package let language: AppLanguage
    private let userID: @Sendable () async -> String?

    /// Creates the repository; `userID` gives the signed-in learner's id, `nil` when signed out.
    package init(services: AppServices, storage: LearnerStorage, language: AppLanguage = .default,
                userID: @escaping @Sendable () async -> String?) {
        self.services = services
        self.storage = storage
        self.language = language
        self.userID = userID
    }

    /// `GET learning/summary`.
    package func learningTotals() async throws(RepositoryFailure) -> LearningSummary {
        do {
            return try await services.analytics.summary()
        } catch {
            throw RepositoryFailure(error)
        }
    }

    /// `ContinueLearningService.suggestion()` over the learner's own positions; `nil` when
    /// signed out, or when another learner signed in while it was asked.
    package func continueReading() async -> ContinueReading? {
        guard let user = await userID(), let place = try? storage.place(forUser: user) else { return nil }
        let service = ContinueLearningService(server: services.reading, store: place.positions, language: language)
        guard let suggestion = await service.suggestion(), let materialID = suggestion.item.materialID,
              let type = suggestion.item.type.readingTargetType, await userID() == user else { return nil }
        return ContinueReading(materialID: materialID, readingTargetType: LearnerReadingRepository.kind(of: type),
                               title: suggestion.item.title ?? ContinueLearningItem.untitled(language: language),
                               progress: suggestion.item.lastProgress ?? suggestion.item.lastPosition?.progress,
                               isFromDevice: suggestion.isFromDevice)
    }
}
