import Foundation


/// The sign-in endpoints of the app's API, relative to a base URL ending in `/api`. The
/// other endpoints are declared by the code that calls them, each with a typed body: the
/// reading pipeline (`ZhiXiReading`) and the services (`ZhiXiServices`).
extension APIEndpoint {
    /// `POST auth/apple`: sign in with Apple. No bearer token; answers `AuthResponse`.
    /// Not retried: the authorization code is single-use.
    package static func signInWithApple(_ request: AppleLoginRequest) -> APIEndpoint {
        APIEndpoint(method: .post, path: "auth/apple", body: request, sendsAccessToken: false)
    }

    /// `POST auth/refresh` with `{"refreshToken"}`: new tokens. No bearer token; answers
    /// `AuthResponse`. Not retried: servers rotate refresh tokens.
    package static func refreshTokens(refreshToken: String) -> APIEndpoint {
        APIEndpoint(method: .post, path: "auth/refresh", body: TokenRefreshRequest(refreshToken: refreshToken), sendsAccessToken: false)
    }

    /// `POST auth/logout` with `{"refreshToken"}`: the server forgets the refresh token.
    /// Bearer token sent; a 401 does not trigger a refresh (there is nothing to keep).
    package static func logout(refreshToken: String) -> APIEndpoint {
        APIEndpoint(method: .post, path: "auth/logout", body: TokenRefreshRequest(refreshToken: refreshToken),
                    refreshesOnUnauthorized: false, isIdempotent: true)
    }

    /// `GET users/me`: the signed-in `User`.
    package static var currentUser: APIEndpoint { APIEndpoint(method: .get, path: "users/me") }
}
