import Foundation
import Testing
import ZhiXiApp

/// An app outside the package imports the products only: `ZhiXiApp` alone names everything an
/// `AppConfiguration` takes (this file imports no other target of the package).
@Suite("import ZhiXiApp is enough to build the app")
@MainActor
struct AppImportTests {
    @Test("a configuration and a container from ZhiXiApp's names alone")
    func configurationFromOneImport() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("app-import-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let credential = AppleCredential(identityToken: "token", userIdentifier: "learner")
        var client = APIClientConfiguration()
        client.retryPolicy = RetryPolicy()
        let configuration = AppConfiguration(
            apiBaseURL: try #require(URL(string: "http://127.0.0.1:9/api")), storageDirectory: directory,
            secureStore: FileSecureStore(directory: directory.appendingPathComponent("secrets")),
            credentials: FixedAppleCredentialProvider(credential), client: client, networkMonitor: nil,
            backgroundTime: nil)
        let container = AppContainer(configuration: configuration)
        #expect(container.configuration.apiBaseURL.absoluteString == "http://127.0.0.1:9/api")
        #expect(container.configuration.client == client)
    }
}
