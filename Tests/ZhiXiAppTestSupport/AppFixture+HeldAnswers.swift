import ZhiXiApp
import ZhiXiModel

extension AppFixture {
    /// A first launch, signed in with Sign in with Apple, whose client waits long for the
    /// server (60 s for a byte, 120 s in all) instead of ``configuration(language:)``'s short
    /// timeouts: for tests that hold an answer at a gate while they look at the page, so that a
    /// loaded machine does not time the held answer out.
    @MainActor
    package func launchHoldingAnswers(language: AppLanguage = .default) async throws -> AppContainer {
        var configuration = configuration(language: language)
        configuration.client.requestTimeout = 60
        configuration.client.resourceTimeout = 120
        let container = AppContainer(configuration: configuration)
        _ = try await container.sessionRepository.signIn()
        guard container.sessionRepository.isSignedIn else { throw AppFixtureError.notSignedIn(container.session.authError) }
        return container
    }
}
