import Testing
import ZhiXiReviewCLI

@Suite("zhixi-review: help, version and usage errors")
struct GeneralCommandTests {
    @Test("--help lists the commands and --version prints the version")
    func helpAndVersion() async {
        let help = await run("--help")
        #expect(help.status == 0)
        for command in ["plan", "record", "states"] { #expect(help.output.contains("  \(command) ")) }
        #expect(await run("--version").output == "zhixi-review \(ZhiXiReview.version)\n")
        for command in ["plan", "record", "states"] {
            let commandHelp = await run(command, "--help")
            #expect(commandHelp.status == 0 && commandHelp.output.hasPrefix("usage: zhixi-review \(command)"))
        }
    }

    @Test("usage errors exit 64 with the message and the synopsis on standard error", arguments: [
        (["frobnicate"], "unknown command 'frobnicate'"),
        ([], "no command given"),
        (["states"], "states needs REVLOG.csv"),
        (["states", "a.csv", "--bogus"], "unknown option '--bogus'"),
        (["states", "a.csv", "--retention", "1.5"], "--retention '1.5' is not valid: give a number between 0 and 1, exclusive"),
        (["states", "a.csv", "--day-start", "25"], "--day-start '25' is not valid: give a whole number from 0 to 23"),
        (["states", "a.csv", "--timezone", "Mars/Base"], "--timezone 'Mars/Base' is not valid: give an IANA time zone"),
        (["states", "a.csv", "--format", "xml"], "--format 'xml' is not valid: give one of text, csv, json"),
        (["plan", "w.json", "--lang", "fr"], "--lang 'fr' is not valid: give en, zh or the tag of a language with files (zh-Hans, en)"),
        (["record", "w.json", "--lesson", "x", "--score", "101"], "--score '101' is not valid: give a whole number from 0 to 100"),
        (["record", "w.json", "--score", "80"], "record needs --lesson ID"),
    ])
    func usageErrors(arguments: [String], message: String) async {
        let result = await run(arguments)
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(result.error.contains(message), "stderr was: \(result.error)")
        #expect(result.error.contains("usage: zhixi-review"))
    }

    @Test("a missing input file exits 66 and names the file", arguments: ["states", "plan"])
    func missingInput(command: String) async {
        let result = await run(command, "/nonexistent/input-file")
        #expect(result.status == 66)
        #expect(result.error.contains("/nonexistent/input-file: no such file"))
    }
}
