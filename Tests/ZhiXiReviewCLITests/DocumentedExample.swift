import Foundation

/// A command line shown in README.md or docs/*.md, with the lines the document quotes as its
/// output, read from the Markdown as a reader sees it.
///
/// **The format.** Every fenced block (```` ``` ````, ```` ```sh ````, ```` ```console ````)
/// that shows commands is an example:
/// - a line starting with `$ ` is a command (a line ending in `\` continues on the next), and
///   the lines after it, up to the next command or the end of the block, are what the
///   document says it prints (on standard output or standard error); a line that is only `…`
///   stands for lines left out;
/// - in a ```` ```sh ```` block without `$ `, every line that is not a comment is a command,
///   quoted with no output: it must succeed.
/// `swift run zhixi-review` and `.build/release/zhixi-review` run the built `zhixi-review`;
/// `swift build` and `swift test` lines are the reader's build steps and are not run.
///
/// **Marks.** An HTML comment on the line just before the fence changes how the block is run:
/// - `<!-- example: not run — REASON -->`: never run (it needs a server, another program, a
///   placeholder); the reason is required and says where it is run instead, if anywhere;
/// - `<!-- example: slow -->`: run only when `ZHIXI_SLOW_EXAMPLES=1` (a minute or more of a
///   debug build); otherwise the test says that it skipped it.
/// A command that reads `../shared/data/` runs when that directory is beside the clone, and is
/// skipped with a message otherwise.
struct DocumentedExample: Sendable, CustomStringConvertible {
    /// The document, relative to the package root (`docs/COMMANDS.md`).
    var document: String
    /// The line of the command in the document (1-based).
    var line: Int
    /// The command as the shell runs it, continuations joined.
    var command: String
    /// The lines the document quotes after it (`…` for lines left out).
    var quoted: [String]
    /// `<!-- example: slow -->` before its block.
    var isSlow: Bool
    /// Whether it reads the shared review log (`../shared/data/`).
    var needsSharedData: Bool { command.contains("../shared/data/") }

    var description: String { "\(document):\(line): \(command)" }

    /// The mark of a block that is not run, with its reason.
    struct Unrun: Sendable {
        var document: String
        var line: Int
        var reason: String
    }

    /// The examples and the blocks marked not run of one Markdown text.
    static func parse(_ markdown: String, document: String) -> (examples: [DocumentedExample], unrun: [Unrun]) {
        let lines = markdown.components(separatedBy: "\n")
        var examples: [DocumentedExample] = [], unrun: [Unrun] = []
        var index = 0
        while index < lines.count {
            let fence = lines[index].trimmingCharacters(in: .whitespaces)
            guard fence.hasPrefix("```") else { index += 1; continue }
            let language = String(fence.dropFirst(3)).trimmingCharacters(in: .whitespaces)
            var end = index + 1
            while end < lines.count, !lines[end].trimmingCharacters(in: .whitespaces).hasPrefix("```") { end += 1 }
            let body = Array(lines[(index + 1) ..< min(end, lines.count)])
            let mark = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
            defer { index = end + 1 }
            guard ["", "sh", "console"].contains(language) else { continue }
            let hasPrompt = body.contains { $0.hasPrefix("$ ") }
            guard hasPrompt || language == "sh" else { continue }
            if mark.hasPrefix("<!-- example: not run") {
                unrun.append(Unrun(document: document, line: index + 1,
                                   reason: mark.replacingOccurrences(of: "<!-- example: not run", with: "")
                                       .replacingOccurrences(of: "-->", with: "")
                                       .trimmingCharacters(in: CharacterSet(charactersIn: " —-:"))))
                continue
            }
            let slow = mark == "<!-- example: slow -->"
            var position = 0
            while position < body.count {
                let text = body[position]
                let isCommand = hasPrompt ? text.hasPrefix("$ ")
                                          : !text.trimmingCharacters(in: .whitespaces).isEmpty && !text.hasPrefix("#")
                guard isCommand else { position += 1; continue }
                let first = index + 2 + position
                var command = hasPrompt ? String(text.dropFirst(2)) : text
                while command.hasSuffix("\\"), position + 1 < body.count {
                    position += 1
                    command = String(command.dropLast()) + " " + body[position].trimmingCharacters(in: .whitespaces)
                }
                position += 1
                var quoted: [String] = []
                if hasPrompt {
                    while position < body.count, !body[position].hasPrefix("$ ") {
                        quoted.append(body[position])
                        position += 1
                    }
                    while quoted.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { quoted.removeLast() }
                }
                let normalized = Self.normalized(command)
                if normalized.hasPrefix("swift build") || normalized.hasPrefix("swift test") { continue }
                examples.append(DocumentedExample(document: document, line: first, command: normalized, quoted: quoted, isSlow: slow))
            }
        }
        return (examples, unrun)
    }

    /// The command with the ways a reader runs the built program written as `zhixi-review`.
    static func normalized(_ command: String) -> String {
        var command = command.trimmingCharacters(in: .whitespaces)
        for prefix in ["swift run zhixi-review", ".build/release/zhixi-review", ".build/debug/zhixi-review"] {
            command = command.replacingOccurrences(of: prefix, with: "zhixi-review")
        }
        return command
    }

    /// The quoted lines missing from what the command printed: each quoted line (trailing
    /// white space aside; `…` skipped) must come, in the document's order, after the one
    /// before it on the same stream (standard output or standard error).
    func missingLines(output: String, error: String) -> [String] {
        func lines(_ text: String) -> [String] {
            text.components(separatedBy: "\n").map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        }
        let streams = [lines(output), lines(error)]
        var cursors = [0, 0]
        var missing: [String] = []
        for quotedLine in quoted {
            let wanted = quotedLine.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
            if wanted == "…" || wanted.isEmpty { continue }
            var found = false
            for stream in 0 ..< 2 {
                if let at = streams[stream][cursors[stream]...].firstIndex(of: wanted) {
                    cursors[stream] = at + 1
                    found = true
                    break
                }
            }
            if !found { missing.append(quotedLine) }
        }
        return missing
    }
}
