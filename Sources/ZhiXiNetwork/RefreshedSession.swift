import ZhiXiModel

/// The outcome of one `POST auth/refresh`: the server's answer and the tokens saved from it.
struct RefreshedSession: Sendable {
    var response: AuthResponse
    var tokens: AuthTokens
}
