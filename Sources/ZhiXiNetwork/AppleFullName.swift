/// The parts of a name that Sign in with Apple shares, the first time only.
public struct AppleFullName: Sendable, Codable, Hashable {
    /// The given (first) name, if shared.
    public var givenName: String?
    /// The family (last) name, if shared.
    public var familyName: String?
    /// The nickname, if shared.
    public var nickname: String?

    /// Creates a name from its parts.
    public init(givenName: String? = nil, familyName: String? = nil, nickname: String? = nil) {
        self.givenName = givenName
        self.familyName = familyName
        self.nickname = nickname
    }
}
