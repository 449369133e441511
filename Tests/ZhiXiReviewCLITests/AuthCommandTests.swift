import Foundation
import Testing
@testable import ZhiXiReviewCLI
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiTestServer

/// The `auth` commands against the fake API on a loopback server, run in-process.
@Suite("zhixi-review auth: sign-in, status, whoami, sign-out against a server")
struct AuthCommandTests {
    /// A fake API and a store directory for one test.
    struct Setup {
        let api: FakeZhiXiAPI
        let store: String

        init() throws {
            api = try FakeZhiXiAPI()
            store = try temporaryFolder().appendingPathComponent("store").path
        }

        var server: String { api.apiBaseURL.absoluteString }
        var tokenFile: URL { URL(fileURLWithPath: store).appendingPathComponent("session-tokens") }

        func auth(_ command: String, _ extra: [String] = [], retries: Int = 1, standardInput: Data = Data()) async -> CommandRun {
            await run(["auth", command, "--server", server, "--store", store, "--retries", String(retries)] + extra,
                      standardInput: standardInput)
        }

        func signIn(_ appleUserID: String = "apple-001", _ extra: [String] = []) async -> CommandRun {
            await auth("sign-in", ["--identity-token", "eyJ.id.\(UUID().uuidString)", "--authorization-code", "c.\(UUID().uuidString)",
                                   "--user-identifier", appleUserID, "--given-name", "晓", "--family-name", "林",
                                   "--email", "lin@example.com"] + extra)
        }

        /// Output lines holding a secret of the server.
        func leaks(_ runs: [CommandRun]) -> [String] {
            let secrets = api.secrets
            return runs.flatMap { ($0.output + $0.error).split(separator: "\n").map(String.init) }
                .filter { line in secrets.contains { line.contains($0) } }
        }
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("first sign-in → onboarding; the store is 0700 with a 0600 file")
    func firstSignIn() async throws {
        let setup = try Setup()
        defer { setup.api.server.stop() }
        let result = await setup.signIn("apple-001", ["--format", "json"])
        #expect(result.status == 0, "\(result.error)")
        let report = try Self.json(result.output)
        #expect(report["route"] as? String == "onboarding")
        let user = try #require(report["user"] as? [String: Any])
        #expect(user["appleUserId"] as? String == "apple-001" && user["displayName"] as? String == "晓 林")
        let attributes = try FileManager.default.attributesOfItem(atPath: setup.tokenFile.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let directory = try FileManager.default.attributesOfItem(atPath: setup.store)
        #expect((directory[.posixPermissions] as? NSNumber)?.intValue == 0o700)

        let text = await setup.signIn()
        #expect(text.output == "signed in\nroute: onboarding\nuser: 晓 林 <lin@example.com> (id user-1, Apple user apple-001)\n")
    }

    @Test("second launch with a valid refresh token → main, without signing in")
    func statusAfterSignIn() async throws {
        let setup = try Setup()
        defer { setup.api.server.stop() }
        #expect(await setup.signIn().status == 0)
        setup.api.setOnboardingCompleted(true, appleUserID: "apple-001")
        let result = await setup.auth("status", ["--format", "json"])
        #expect(result.status == 0, "\(result.error)")
        let report = try Self.json(result.output)
        #expect(report["route"] as? String == "main")
        #expect((report["user"] as? [String: Any])?["onboardingCompleted"] as? Bool == true)
        #expect(setup.api.server.requestCount("POST", "/api/auth/apple") == 1)
        #expect(setup.api.refreshCount == 1)
    }

    @Test("no saved session → login with user null, nothing asked of the server")
    func statusSignedOut() async throws {
        let setup = try Setup()
        defer { setup.api.server.stop() }
        let result = await setup.auth("status", ["--format", "json"])
        #expect(result.status == 0)
        #expect(result.output.contains("\"user\" : null") && result.output.contains("\"route\" : \"login\""))
        #expect(setup.api.server.totalRequestCount == 0)
        #expect(await setup.auth("status").output == "route: login\nuser: none (signed out)\n")
    }

    @Test("an expired refresh token → login, the store emptied, a note on standard error")
    func expiredRefreshToken() async throws {
        let setup = try Setup()
        defer { setup.api.server.stop() }
        #expect(await setup.signIn().status == 0)
        setup.api.expireRefreshTokens()
        let result = await setup.auth("status", ["--format", "json"])
        #expect(result.status == 0)
        #expect(try Self.json(result.output)["route"] as? String == "login")
        #expect(result.error.contains("REFRESH_TOKEN_EXPIRED") && result.error.contains("note:"))
        #expect(!FileManager.default.fileExists(atPath: setup.tokenFile.path))
        #expect(await setup.auth("whoami").status == 77)
    }

    @Test("whoami refreshes once on a 401 and prints the user")
    func whoamiRefreshes() async throws {
        let setup = try Setup()
        defer { setup.api.server.stop() }
        #expect(await setup.signIn().status == 0)
        setup.api.expireAccessTokens()
        let result = await setup.auth("whoami")
        #expect(result.status == 0, "\(result.error)")
        let user = try ZhiXiJSON.makeDecoder().decode(User.self, from: Data(result.output.utf8))
        #expect(user.appleUserID == "apple-001" && user.id == "user-1")
        #expect(setup.api.refreshCount == 1)
        #expect(await setup.auth("whoami", ["--format", "text"]).output == "晓 林 <lin@example.com> (id user-1, Apple user apple-001)\n")
    }

    @Test("signed out or refused → 77", arguments: ["signed out", "refused credential", "refused after refresh"])
    func notSignedIn(kind: String) async throws {
        let setup = try Setup()
        defer { setup.api.server.stop() }
        let result: CommandRun
        switch kind {
        case "signed out":
            result = await setup.auth("whoami")
            #expect(result.error.contains("not signed in"))
        case "refused credential":
            result = await setup.auth("sign-in", ["--identity-token", FakeZhiXiAPI.refusedIdentityToken, "--authorization-code", "c",
                                                  "--user-identifier", "u"])
            #expect(result.error.contains("INVALID_APPLE_CREDENTIAL"))
            #expect(!FileManager.default.fileExists(atPath: setup.tokenFile.path))
        default:
            #expect(await setup.signIn().status == 0)
            setup.api.server.faults.inject(.respond(.error(401, code: "ACCOUNT_LOCKED", message: "locked")),
                                           method: "GET", path: "/api/users/me", times: nil)
            result = await setup.auth("whoami")
            #expect(result.error.contains("ACCOUNT_LOCKED"))
        }
        #expect(result.status == 77)
        #expect(result.output.isEmpty)
    }

    @Test("server down → 69 with a clear network error", arguments: ["sign-in", "status", "whoami"])
    func serverDown(command: String) async throws {
        let setup = try Setup()
        #expect(await setup.signIn().status == 0)
        await setup.api.server.stopAndWait()
        let result = command == "sign-in" ? await setup.signIn() : await setup.auth(command)
        #expect(result.status == 69)
        #expect(result.error.contains("zhixi-review: auth \(command): the server cannot be reached"), "\(result.error)")
        #expect(result.output.isEmpty)
        #expect(FileManager.default.fileExists(atPath: setup.tokenFile.path))
    }

    @Test("5xx after the retries → 69, with the server's code and message")
    func serverErrorAfterRetries() async throws {
        let setup = try Setup()
        defer { setup.api.server.stop() }
        #expect(await setup.signIn().status == 0)
        setup.api.server.faults.inject(.respond(.error(503, code: "MAINTENANCE", message: "back at 10:00")), method: "GET",
                                       path: "/api/users/me", times: nil)
        let result = await setup.auth("whoami", retries: 2)
        #expect(result.status == 69)
        #expect(result.error.contains("HTTP 503 (MAINTENANCE: back at 10:00)"))
        #expect(setup.api.server.requestCount("GET", "/api/users/me") == 3)
    }

    @Test("a malformed answer → 76, naming the field", arguments: [
        ("whoami", "GET", "/api/users/me", "createdAt"),
        ("sign-in", "POST", "/api/auth/apple", "user.createdAt"),
        ("status", "POST", "/api/auth/refresh", "user.createdAt"),
    ])
    func malformedAnswer(command: String, method: String, path: String, field: String) async throws {
        let setup = try Setup()
        defer { setup.api.server.stop() }
        #expect(await setup.signIn().status == 0)
        setup.api.server.faults.inject(.rewrite { response in
            var response = response
            let text = String(decoding: response.body, as: UTF8.self)
            response.body = Data(text.replacingOccurrences(of: "\"createdAt\":\"2026-01-01T00:00:00Z\"", with: "\"createdAt\":\"soon\"").utf8)
            return response
        }, method: method, path: path)
        let result = command == "sign-in" ? await setup.signIn() : await setup.auth(command)
        #expect(result.status == 76, "\(result.error)")
        #expect(result.error.contains("wrong field \(field)"), "\(result.error)")

        setup.api.server.faults.inject(.malformedJSON, method: "GET", path: "/api/users/me")
        let malformed = await setup.auth("whoami")
        #expect(malformed.status == 76 && malformed.error.contains("not valid JSON"))
    }

    @Test("a corrupted token file → signed out: status login with a note, whoami 77")
    func corruptedTokenFile() async throws {
        let setup = try Setup()
        defer { setup.api.server.stop() }
        #expect(await setup.signIn().status == 0)
        try Data("{\"version\":1,\"accessToken\":\"at-".utf8).write(to: setup.tokenFile)
        let status = await setup.auth("status")
        #expect(status.status == 0 && status.output.hasPrefix("route: login"))
        #expect(status.error.contains("cannot be used") && status.error.contains("damaged"))
        #expect(await setup.auth("whoami").status == 77)
    }

    @Test("sign-out revokes the session and empties the store; without a server it empties the store all the same")
    func signOut() async throws {
        let setup = try Setup()
        #expect(await setup.signIn().status == 0)
        let result = await setup.auth("sign-out", ["--format", "json"])
        #expect(result.status == 0)
        #expect(try Self.json(result.output)["serverConfirmed"] as? Bool == true)
        #expect(!FileManager.default.fileExists(atPath: setup.tokenFile.path))
        #expect(await setup.auth("sign-out").output == "already signed out\n")

        #expect(await setup.signIn().status == 0)
        await setup.api.server.stopAndWait()
        let offline = await setup.auth("sign-out")
        #expect(offline.status == 0 && offline.output == "signed out\n")
        #expect(offline.error.contains("warning: the server was not told") && offline.error.contains("cannot be reached"))
        #expect(!FileManager.default.fileExists(atPath: setup.tokenFile.path))
    }

    @Test("--verbose logs method, path, status and milliseconds; no output line holds a token")
    func verboseNeverShowsTokens() async throws {
        let setup = try Setup()
        defer { setup.api.server.stop() }
        var runs = [await setup.signIn("apple-001", ["--verbose", "--format", "json"])]
        setup.api.expireAccessTokens()
        runs.append(await setup.auth("whoami", ["--verbose"]))
        runs.append(await setup.auth("status", ["--verbose", "--format", "json"]))
        runs.append(await setup.auth("sign-out", ["--verbose"]))
        #expect(runs.allSatisfy { $0.status == 0 })
        let logged = runs.flatMap { $0.error.split(separator: "\n").map(String.init) }
        let pattern = #/^zhixi-review: request (GET|POST) [a-z/]+ \d{3} \d+ ms \d+ B( \(bearer <redacted>\))?$/#
        // sign-in 1; whoami 401, refresh, retry; status's refresh; sign-out's logout.
        #expect(logged.count == 6, "\(logged)")
        #expect(logged.allSatisfy { $0.wholeMatch(of: pattern) != nil }, "\(logged)")
        #expect(logged.contains { $0.hasPrefix("zhixi-review: request GET users/me 401 ") })
        #expect(setup.api.secrets.count >= 8)
        #expect(setup.leaks(runs).isEmpty, "\(setup.leaks(runs))")
    }

    @Test("- reads the identity token and the authorization code from standard input")
    func credentialFromStandardInput() async throws {
        let setup = try Setup()
        defer { setup.api.server.stop() }
        let result = await setup.auth("sign-in", ["--identity-token", "-", "--authorization-code", "-", "--user-identifier", "apple-9"],
                                      standardInput: Data("eyJ.from-stdin\ncode-from-stdin\n".utf8))
        #expect(result.status == 0, "\(result.error)")
        let body = try #require(setup.api.server.receivedRequests.first?.body)
        let login = try ZhiXiJSON.makeDecoder().decode(AppleLoginRequest.self, from: body)
        #expect(login.identityToken == "eyJ.from-stdin" && login.authorizationCode == "code-from-stdin")
        let short = await setup.auth("sign-in", ["--identity-token", "-", "--authorization-code", "-", "--user-identifier", "u"],
                                     standardInput: Data("only-one-line\n".utf8))
        #expect(short.status == 64 && short.error.contains("--authorization-code -: standard input has no line left"))
    }

    @Test("the store defaults to the user's configuration directory")
    func defaultStore() async throws {
        let api = try FakeZhiXiAPI()
        defer { api.server.stop() }
        let configuration = try temporaryFolder()
        let result = await run(["auth", "sign-in", "--server", api.apiBaseURL.absoluteString, "--identity-token", "t",
                                "--authorization-code", "c", "--user-identifier", "u"],
                               environment: ["XDG_CONFIG_HOME": configuration.path, "HOME": "/nonexistent"])
        #expect(result.status == 0, "\(result.error)")
        #expect(FileManager.default.fileExists(atPath: configuration.appendingPathComponent("zhixi-review/session-tokens").path))
    }

    @Test("usage errors exit 64", arguments: [
        (["auth", "whoami", "--store", "/tmp/x"], "auth whoami needs --server URL"),
        (["auth", "status", "--server", "ftp://h/api"], "--server 'ftp://h/api' is not valid: give an http or https URL"),
        (["auth", "sign-in", "--server", "http://127.0.0.1:9/api"], "auth sign-in needs --identity-token T"),
        (["auth", "sign-in", "--server", "http://127.0.0.1:9/api", "--identity-token", "t", "--authorization-code", "c"],
         "auth sign-in needs --user-identifier U"),
        (["auth", "status", "--server", "http://h/api", "--timeout", "0"], "--timeout '0' is not valid"),
        (["auth", "frobnicate"], "'auth' needs a subcommand"),
    ])
    func usageErrors(arguments: [String], message: String) async {
        let result = await run(arguments)
        #expect(result.status == 64)
        #expect(result.error.contains(message), "\(result.error)")
    }

    @Test("help: the auth group and each command (the group alone is a usage error: issue 16)")
    func help() async {
        let group = await run("auth")
        #expect(group.status == 64)
        let groupHelp = await run("auth", "--help")
        #expect(groupHelp.status == 0)
        for name in ["sign-in", "status", "whoami", "sign-out"] {
            #expect(group.error.contains("usage: zhixi-review auth \(name)"))
            #expect(groupHelp.output.contains("usage: zhixi-review auth \(name)"))
            let help = await run("auth", name, "--help")
            #expect(help.status == 0 && help.output.hasPrefix("usage: zhixi-review auth \(name)"))
            #expect(help.output.contains("77 not signed in"))
        }
        #expect(await run("--help").output.contains("  auth sign-in "))
    }

    @Test("each auth command reads every option it declares", arguments: ["auth sign-in", "auth status", "auth whoami", "auth sign-out"])
    func readsEveryOption(name: String) async throws {
        let setup = try Setup()
        defer { setup.api.server.stop() }
        #expect(await setup.signIn().status == 0)
        let (failure, unread) = try await runWithEveryOption(name, value: { option in
            switch option.name {
            case "server": setup.server
            case "store": setup.store
            default: nil
            }
        }, context: CommandContext())
        #expect(failure == nil, "\(name) failed with every option given: \(failure ?? "")")
        #expect(unread.isEmpty, "\(name) declares but never reads \(unread.sorted())")
    }
}
