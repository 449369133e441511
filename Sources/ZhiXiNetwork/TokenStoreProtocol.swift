/// Where ``APIClient`` finds the tokens it sends and keeps the ones a refresh returns.
///
/// The seam between the network layer and secure storage: `ZhiXiAuth`'s `TokenStore`
/// implements it on a Keychain, a file store or memory. Implementations are called from
/// many tasks at once and must be safe for that.
package protocol TokenStoreProtocol: Sendable {
    /// The saved tokens, or `nil` when signed out. A store that cannot be read, or whose
    /// contents are corrupted, answers `nil` (signed out) rather than failing.
    func loadTokens() -> AuthTokens?

    /// Saves `tokens`, replacing any saved before, whole or not at all.
    /// - Throws: when the store cannot be written; the message must not contain the tokens.
    func saveTokens(_ tokens: AuthTokens) throws

    /// Removes the saved tokens; afterwards ``loadTokens()`` answers `nil`.
    /// - Throws: when the store cannot be changed; the message must not contain the tokens.
    func clearTokens() throws
}
