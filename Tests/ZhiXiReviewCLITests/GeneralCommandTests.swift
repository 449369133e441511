import Testing
import ZhiXiReviewCLI

@Suite("zhixi-review: help, version and usage errors")
struct GeneralCommandTests {
    @Test("--help lists the commands and --version prints the version")
    func helpAndVersion() {
        let help = run("--help")
        #expect(help.status == 0)
        for command in ["plan", "record", "states"] { #expect(help.output.contains("  \(command) ")) }
        #expect(run("--version").output == "zhixi-review \(ZhiXiReview.version)\n")
        for command in ["plan", "record", "states"] {
            let commandHelp = run(command, "--help")
            #expect(commandHelp.status == 0 && commandHelp.output.hasPrefix("usage: zhixi-review \(command)"))
        }
    }

    @Test("usage errors exit 64 with the message and the synopsis on standard error", arguments: [
        (["frobnicate"], "unknown command 'frobnicate'"),
        ([], "no command given"),
        (["states"], "states needs a review log"),
        (["states", "a.csv", "--bogus"], "unknown option '--bogus'"),
        (["states", "a.csv", "--retention", "1.5"], "--retention '1.5' must be a probability"),
        (["states", "a.csv", "--day-start", "25"], "day-start hour 25 is outside 0–23"),
        (["states", "a.csv", "--timezone", "Mars/Base"], "unknown time zone 'Mars/Base'"),
        (["states", "a.csv", "--format", "xml"], "unknown format 'xml'"),
        (["plan", "w.json", "--lang", "fr"], "--lang 'fr' must be en or zh"),
        (["record", "w.json", "--lesson", "x", "--score", "101"], "--score '101' must be a whole number from 0 to 100"),
        (["record", "w.json", "--score", "80"], "record needs --lesson ID"),
    ])
    func usageErrors(arguments: [String], message: String) {
        let result = run(arguments)
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(result.error.contains(message), "stderr was: \(result.error)")
        #expect(result.error.contains("usage: zhixi-review"))
    }

    @Test("a missing input file exits 66 and names the file", arguments: ["states", "plan"])
    func missingInput(command: String) {
        let result = run(command, "/nonexistent/input-file")
        #expect(result.status == 66)
        #expect(result.error.contains("/nonexistent/input-file: no such file"))
    }
}
