import ZhiXiAnalyticsService
import ZhiXiDomain
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiReading

/// `LearningRepository` on the analytics service (the totals) and the reading pipeline's
/// continue-learning service (the server's word, else the device's reading positions).
public struct LearningProgressRepository: LearningRepository {
    /// The services asked.
    public let services: AppServices
    /// The device's reading positions.
    public let positions: any ReadingPositionStore
    /// The language of the title of an untitled material.
    public let language: AppLanguage

    /// Creates the repository.
    public init(services: AppServices, positions: any ReadingPositionStore, language: AppLanguage = .default) {
        self.services = services
        self.positions = positions
        self.language = language
    }

    /// `GET learning/summary`.
    public func learningTotals() async throws(RepositoryFailure) -> LearningSummary {
        do {
            return try await services.analytics.summary()
        } catch {
            throw RepositoryFailure(error)
        }
    }

    /// `ContinueLearningService.suggestion()`.
    public func continueReading() async -> ContinueReading? {
        let service = ContinueLearningService(server: services.reading, store: positions, language: language)
        guard let suggestion = await service.suggestion(), let materialID = suggestion.item.materialID else { return nil }
        return ContinueReading(materialID: materialID,
                               title: suggestion.item.title ?? ContinueLearningItem.untitled(language: language),
                               progress: suggestion.item.lastProgress ?? suggestion.item.lastPosition?.progress,
                               isFromDevice: suggestion.isFromDevice)
    }
}
