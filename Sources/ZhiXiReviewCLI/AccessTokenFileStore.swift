import Foundation
import ZhiXiModel
import ZhiXiNetwork

/// The tokens of `events flush --token-file`: an access token read from a file, without a
/// refresh token, so the session cannot be renewed; nothing is ever written.
struct AccessTokenFileStore: TokenStoreProtocol {
    /// The access token.
    let accessToken: String

    /// Reads the token from `path` (a file, a pipe, or `-` for standard input; at most 64 KiB):
    /// the text without surrounding white space.
    /// - Throws: 66 when the file cannot be read, 65 when it is empty or holds no token.
    init(path: String, context: CommandContext) throws(CommandError) {
        let data: Data
        do {
            data = try FileAccess.read(path, limit: InputLimits.secret, context: context)
        } catch {
            throw CommandError(exitCode: error.exitCode, message: "events flush: the token file \(error.message)")
        }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty, !token.contains(where: \.isWhitespace) else {
            throw .dataError("events flush: the token file \(path) must hold one access token and nothing else")
        }
        accessToken = token
    }

    func loadTokens() -> AuthTokens? {
        AuthTokens(accessToken: accessToken, refreshToken: "", expiresAt: .distantFuture)
    }

    func saveTokens(_ tokens: AuthTokens) throws {}

    func clearTokens() throws {}
}
