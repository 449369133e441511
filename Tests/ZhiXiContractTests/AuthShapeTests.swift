import Foundation
import Testing
import ZhiXiModel
@testable import ZhiXiNetwork

/// Samples of the sign-in shapes with every field set.
enum AuthSamples {
    static let user = User(id: "u-1", appleUserID: "001234.abcdef.0987", displayName: "小明", email: "xiaoming@privaterelay.appleid.com",
                           preferredLanguage: "zh-Hans", onboardingCompleted: true, createdAt: timestamp("2025-01-02T03:04:05.123Z"),
                           lastLoginAt: timestamp("2025-03-14T09:30:00Z"), status: .active)

    static let fullName = AppleFullName(givenName: "明", familyName: "李", nickname: nil)

    static let loginRequest = AppleLoginRequest(
        identityToken: "eyJraWQiOiJXNldjT0tCIiwiYWxnIjoiUlMyNTYifQ.payload.signature",
        authorizationCode: "c1a2b3",
        userIdentifier: "001234.abcdef.0987",
        fullName: fullName,
        email: "xiaoming@privaterelay.appleid.com",
        nonce: "n-0f9e"
    )

    static let authResponse = AuthResponse(accessToken: "access.jwt", refreshToken: "refresh.opaque", expiresIn: 3600,
                                           tokenType: "Bearer", user: user)

    static let completeFullName = AppleFullName(givenName: "明", familyName: "李", nickname: "小明")

    static let completeLoginRequest = AppleLoginRequest(
        identityToken: loginRequest.identityToken, authorizationCode: loginRequest.authorizationCode,
        userIdentifier: loginRequest.userIdentifier, fullName: completeFullName, email: loginRequest.email, nonce: loginRequest.nonce)
}

@Suite("The sign-in shapes (ZhiXiNetwork): the API's JSON, round trips, coding keys")
struct AuthShapeTests {
    @Test("an AuthResponse with fractional-second dates and no token type")
    func authResponse() throws {
        let response = try decode(AuthResponse.self, """
            {
              "accessToken": "eyJhbGciOiJIUzI1NiJ9.e30.sig",
              "refreshToken": "r-123",
              "expiresIn": 3600,
              "user": {
                "id": "u-1",
                "appleUserId": "001234.abcdef.0987",
                "displayName": "小明",
                "email": null,
                "onboardingCompleted": true,
                "createdAt": "2025-01-02T03:04:05.123Z",
                "lastLoginAt": "2025-03-14T17:30:00.5+08:00",
                "status": "active",
                "avatarUrl": "https://example.invalid/a.png"
              }
            }
            """)
        #expect(response.tokenType == "Bearer")
        #expect(response.expiresIn == 3600)
        #expect(response.user.displayName == "小明")
        #expect(response.user.email == nil)
        #expect(response.user.preferredLanguage == nil)
        #expect(response.user.onboardingCompleted)
        #expect(response.user.createdAt == timestamp("2025-01-02T03:04:05.123Z"))
        #expect(response.user.lastLoginAt == timestamp("2025-03-14T09:30:00.500Z"))
        #expect(response.user.status == .active)
    }

    @Test("an Apple login request with and without the first-time fields")
    func appleLogin() throws {
        let first = try decode(AppleLoginRequest.self, """
            {"identityToken":"jwt","authorizationCode":"code","userIdentifier":"001.a.1",
             "fullName":{"givenName":"明","familyName":"李"},"email":"a@b.c","nonce":"n"}
            """)
        #expect(first.fullName == AppleFullName(givenName: "明", familyName: "李"))
        let later = try decode(
            AppleLoginRequest.self, #"{"identityToken":"jwt","authorizationCode":"code","userIdentifier":"001.a.1"}"#)
        #expect(later.fullName == nil && later.email == nil && later.nonce == nil)
    }

    @Test("an Apple login request without an authorization code (Apple can return none)")
    func appleLoginWithoutCode() throws {
        let request = try decode(AppleLoginRequest.self, #"{"identityToken":"jwt","userIdentifier":"001.a.1"}"#)
        #expect(request.authorizationCode == nil)
        #expect(try jsonObject(request)["authorizationCode"] == nil, "an absent code is left out")
    }

    @Test("every sign-in shape survives a round trip")
    func roundTrips() throws {
        #expect(try roundTrip(AuthSamples.fullName) == AuthSamples.fullName)
        #expect(try roundTrip(AuthSamples.loginRequest) == AuthSamples.loginRequest)
        #expect(try roundTrip(AuthSamples.authResponse) == AuthSamples.authResponse)
    }

    @Test func authResponseKeys() throws { try CodingKeyCoverage.check(AuthSamples.authResponse, keys: AuthResponse.CodingKeys.self) }

    @Test("types with synthesized coding write one key per stored property")
    func synthesized() throws {
        for value in [AuthSamples.completeFullName as any Encodable, AuthSamples.completeLoginRequest] {
            #expect(CodingKeyCoverage.unsetProperties(of: value) == [])
            let labels = Set(Mirror(reflecting: value).children.compactMap(\.label))
            #expect(try CodingKeyCoverage.encodedKeys(of: value) == labels)
        }
    }
}
