import ZhiXiAuth
import ZhiXiCore
import ZhiXiLocalization
import ZhiXiModel

/// What `auth sign-in` and `auth status` report: the route the app would show and the
/// signed-in user. JSON: `{"route": "login"|"onboarding"|"main", "user": {…}|null}`.
struct SessionReport: Encodable {
    /// The route.
    var route: AppRoute
    /// The signed-in user, `nil` when signed out.
    var user: User?

    private enum CodingKeys: String, CodingKey { case route, user }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(route.rawValue, forKey: .route)
        if let user {
            try container.encode(user, forKey: .user)
        } else {
            try container.encodeNil(forKey: .user)
        }
    }

    /// `route: main` and, when signed in, the user's name, e-mail and ids, in `words`' language.
    func text(words: Localization) -> String {
        var lines = [words.sentence("auth.route", in: .commands, ["route": route.rawValue])]
        lines.append(user.map { words.sentence("auth.user", in: .commands, ["user": Self.describe($0, words: words)]) }
            ?? words.text("auth.noUser", in: .commands))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `晓 林 <lin@example.com> (id user-1, Apple user apple-001)`.
    /// The server's text has its control characters made visible (it is printed on a terminal).
    static func describe(_ user: User, words: Localization) -> String {
        var parts: [String] = []
        if let name = user.displayName, !name.isEmpty { parts.append(name) }
        if let email = user.email, !email.isEmpty { parts.append("<\(email)>") }
        parts.append(words.sentence("auth.userIdentity", in: .commands, ["id": user.id, "apple": user.appleUserID]))
        return parts.joined(separator: " ").escapingControlCharacters()
    }

    /// `value` as pretty-printed JSON of the model's contract, with a final newline.
    static func json(_ value: some Encodable) throws(CommandError) -> String {
        do {
            return String(decoding: try ZhiXiJSON.makeEncoder(prettyPrinted: true).encode(value), as: UTF8.self) + "\n"
        } catch {
            throw .dataError("the answer cannot be written as JSON (\(error))")
        }
    }
}
