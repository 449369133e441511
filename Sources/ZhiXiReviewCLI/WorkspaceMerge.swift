import Foundation
import ZhiXiModel
import ZhiXiRepositories

/// What `pull` writes: the server's records merged into a workspace file's bytes, by id,
/// without re-encoding the rest (see ``JSONSplice``), so that everything the program does not
/// know survives a pull as it survives a `record` — members of the file's own, the records the
/// server did not send again (byte for byte), the keys this version does not know inside those
/// it did, the formatting, a byte-order mark and the line endings. A record the server sent
/// replaces the file's record of that id where it stands (the server's is the newer; the
/// file's unknown keys are carried over into it), new records are appended, in the order sent;
/// the account and the study settings are the server's. Where the next pull starts is kept in the file's
/// `"pullState"` member (`WorkspacePull.Mark`).
///
/// The result is checked before it is returned: it must read back as exactly the workspace
/// the model's merge makes (`WorkspacePull.Fetched.merged(into:)`), within the workspace's
/// bounds; otherwise the file is left as it was.
enum WorkspaceMerge {
    /// The top-level member that keeps where the next pull starts.
    static let pullStateKey = "pullState"

    /// Where the next pull starts, as the file at `data` keeps it; `nil` when it keeps none
    /// (or not one this version reads: the pull then asks for everything).
    static func mark(in data: Data) -> WorkspacePull.Mark? {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let members = JSONSplice.topLevelMembers(of: bytes)?.members,
              let member = members.last(where: { $0.key == pullStateKey }) else { return nil }
        return try? ZhiXiJSON.makeDecoder().decode(WorkspacePull.Mark.self, from: Data(bytes[member.value]))
    }

    /// The file of a first pull: `workspace` pretty-printed with sorted keys, `mark` as its
    /// `"pullState"`, and a final newline.
    /// - Throws: 74 when it cannot be encoded.
    static func newFile(_ workspace: LearnerWorkspace, mark: WorkspacePull.Mark, path: String) throws(CommandError) -> Data {
        let encoded = [UInt8](try encode(workspace, path: path))
        guard let (members, closing) = JSONSplice.topLevelMembers(of: encoded) else {
            throw .ioError("\(path): the workspace cannot be written as JSON")
        }
        var edits = Edits(bytes: encoded, members: members, closing: closing, lineEnding: "\n")
        edits.set(pullStateKey, to: try encode(mark, path: path))
        return Data(edits.result() + Array("\n".utf8))
    }

    /// `data`, the workspace file `current` was read from, with `fetched` merged in and `mark`
    /// kept, and the workspace it now holds.
    /// - Throws: 65 when the file's shape does not allow it without changing other data (the
    ///   file is then unchanged); 74 when a record cannot be encoded.
    static func merge(_ data: Data, path: String, current: LearnerWorkspace, fetched: WorkspacePull.Fetched,
                      mark: WorkspacePull.Mark) throws(CommandError) -> (data: Data, workspace: LearnerWorkspace) {
        var bytes = [UInt8](data)
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let hasByteOrderMark = bytes.starts(with: byteOrderMark)
        if hasByteOrderMark { bytes.removeFirst(3) }
        let unchanged = CommandError.dataError("\(path): the pulled records cannot be merged into this file without changing "
                                               + "other data; the file is unchanged (pull into a new file)")
        guard let (members, closing) = JSONSplice.topLevelMembers(of: bytes) else { throw unchanged }
        var edits = Edits(bytes: bytes, members: members, closing: closing, lineEnding: WorkspaceSplice.mostCommonLineEnding(in: bytes))
        edits.set("user", to: try encode(fetched.user, path: path))
        edits.set("profile", to: try encode(fetched.profile, path: path))
        edits.set(pullStateKey, to: try encode(mark, path: path))
        func merge<Record: Identifiable<String> & Encodable>(_ key: String, _ held: [Record], _ incoming: [Record]) throws(CommandError) {
            guard !incoming.isEmpty else { return }
            var encoded: [(id: String, json: [UInt8])] = []
            for record in incoming { encoded.append((record.id, try encode(record, path: path))) }
            guard edits.mergeArray(key, heldIDs: held.map(\.id), incoming: encoded,
                                   knownKeys: LearnerWorkspace.recordKeyNames(ofArray: key) ?? []) else { throw unchanged }
        }
        try merge("knowledgeBases", current.knowledgeBases, fetched.knowledgeBases)
        try merge("learningPaths", current.learningPaths, fetched.learningPaths)
        try merge("lessons", current.lessons, fetched.lessons)
        try merge("sessions", current.sessions, fetched.sessions)
        try merge("analyses", current.analyses, fetched.analyses)
        try merge("reviewTasks", current.reviewTasks, fetched.reviewTasks)
        let result = edits.result()

        var expected = fetched.merged(into: current)
        expected.schemaVersion = current.schemaVersion   // the file's own version stays
        guard let written = try? WorkspaceFile.decode(Data(result), name: path), written == expected else { throw unchanged }
        return (Data((hasByteOrderMark ? byteOrderMark : []) + result), written)
    }

    /// `value` as indented JSON with sorted keys (the file's records' form).
    private static func encode(_ value: some Encodable, path: String) throws(CommandError) -> [UInt8] {
        do {
            return [UInt8](try ZhiXiJSON.makeEncoder(prettyPrinted: true).encode(value))
        } catch {
            throw .ioError("\(path): a record cannot be written as JSON (\(error))")
        }
    }

    /// The changes to a document's top-level object, made in one pass at the end: values
    /// replaced, members added before the closing brace, each new text indented like its
    /// neighbours and ending its lines with the document's line ending.
    private struct Edits {
        let bytes: [UInt8]
        let members: [JSONSplice.Member]
        let closing: Int
        let lineEnding: [UInt8]
        /// The indentation of the top-level members.
        let memberIndent: [UInt8]
        private var replacements: [(range: Range<Int>, text: [UInt8])] = []
        private var additions: [[UInt8]] = []

        init(bytes: [UInt8], members: [JSONSplice.Member], closing: Int, lineEnding: String) {
            self.bytes = bytes
            self.members = members
            self.closing = closing
            self.lineEnding = Array(lineEnding.utf8)
            let indent = members.first.map { JSONSplice.indentation(before: $0.keyStart, in: bytes) } ?? ""
            memberIndent = Array((indent.isEmpty ? "  " : indent).utf8)
        }

        /// `json` with every line after the first indented by `indent`, and the document's line
        /// endings.
        func indented(_ json: [UInt8], by indent: [UInt8]) -> [UInt8] {
            var output: [UInt8] = []
            output.reserveCapacity(json.count + 64)
            for byte in json {
                if byte == 0x0A {
                    output += lineEnding
                    output += indent
                } else {
                    output.append(byte)
                }
            }
            return output
        }

        /// Sets the member `key` to the value `json`: replaced where the file has it (the last
        /// of that key), else added.
        mutating func set(_ key: String, to json: [UInt8]) {
            if let member = members.last(where: { $0.key == key }) {
                replacements.append((member.value, indented(json, by: memberIndent)))
            } else {
                additions.append(Array(JSONSplice.jsonKey(key).utf8) + Array(": ".utf8) + indented(json, by: memberIndent))
            }
        }

        /// Merges `incoming` (id and JSON) into the array `key`, whose elements are `heldIDs`:
        /// an id held is replaced where it stands (keeping the held element's members whose keys
        /// are not `knownKeys`), a new one appended; elements the server did not send are kept
        /// byte for byte. `false` when the member is not such an array.
        mutating func mergeArray(_ key: String, heldIDs: [String], incoming: [(id: String, json: [UInt8])],
                                 knownKeys: Set<String>) -> Bool {
            enum Slot { case held(Range<Int>), new([UInt8]) }
            let member = members.last(where: { $0.key == key })
            var slots: [Slot] = []
            var elementIndent = memberIndent + Array("  ".utf8)
            var closingIndent = memberIndent
            if let member, bytes[member.value.lowerBound] == UInt8(ascii: "[") {
                guard let (elements, close) = JSONSplice.arrayElements(in: bytes, at: member.value),
                      elements.count == heldIDs.count else { return false }
                slots = elements.map { .held($0) }
                if let first = elements.first {
                    let indent = JSONSplice.indentation(before: first.lowerBound, in: bytes)
                    if !indent.isEmpty { elementIndent = Array(indent.utf8) }
                    closingIndent = Array(JSONSplice.indentation(before: close, in: bytes).utf8)
                }
            } else if member != nil, !heldIDs.isEmpty {
                return false
            }
            var position: [String: Int] = [:]
            for (index, id) in heldIDs.enumerated() where position[id] == nil { position[id] = index }
            for record in incoming {
                if let index = position[record.id] {
                    var json = record.json
                    if case .held(let range) = slots[index] { json = carryingUnknownMembers(of: range, into: json, knownKeys: knownKeys) }
                    slots[index] = .new(json)
                } else {
                    position[record.id] = slots.count
                    slots.append(.new(record.json))
                }
            }
            var text: [UInt8] = [UInt8(ascii: "[")]
            for (index, slot) in slots.enumerated() {
                if index > 0 { text.append(UInt8(ascii: ",")) }
                text += lineEnding + elementIndent
                switch slot {
                case .held(let range): text += bytes[range]
                case .new(let json): text += indented(json, by: elementIndent)
                }
            }
            text += lineEnding + closingIndent + [UInt8(ascii: "]")]
            if let member {
                replacements.append((member.value, text))
            } else {
                additions.append(Array(JSONSplice.jsonKey(key).utf8) + Array(": ".utf8) + text)
            }
            return true
        }

        /// `json` (a pretty-printed object) with the members of the held element at `range` whose
        /// keys are not `knownKeys` and not in `json` added before its closing brace, as the
        /// file wrote them.
        func carryingUnknownMembers(of range: Range<Int>, into json: [UInt8], knownKeys: Set<String>) -> [UInt8] {
            let element = Array(bytes[range])
            guard let held = JSONSplice.topLevelMembers(of: element)?.members else { return json }
            let unknown = held.filter { !knownKeys.contains($0.key) }
            guard !unknown.isEmpty, let closing = json.lastIndex(of: UInt8(ascii: "}")),
                  let present = JSONSplice.topLevelMembers(of: json)?.members.map(\.key) else { return json }
            var head = Array(json[..<closing])
            while let last = head.last, [0x20, 0x0A, 0x0D, 0x09].contains(last) { head.removeLast() }
            let isEmpty = head.last == UInt8(ascii: "{")
            var added: [UInt8] = []
            for member in unknown where !present.contains(member.key) {
                if !isEmpty || !added.isEmpty { added.append(UInt8(ascii: ",")) }
                added += Array("\n  ".utf8) + element[member.keyStart ..< member.value.upperBound]
            }
            return head + added + Array("\n}".utf8)
        }

        /// The document with every change made.
        func result() -> [UInt8] {
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + replacements.reduce(0) { $0 + $1.text.count } + additions.reduce(0) { $0 + $1.count + 8 })
            var position = 0
            var insertAt = members.last?.value.upperBound ?? closing
            for replacement in replacements.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
                output += bytes[position ..< replacement.range.lowerBound]
                output += replacement.text
                position = replacement.range.upperBound
                if replacement.range.upperBound == insertAt { insertAt = -1 }   // add after the replaced last value
            }
            if additions.isEmpty {
                output += bytes[position...]
                return output
            }
            var added: [UInt8] = []
            for (index, addition) in additions.enumerated() {
                if index > 0 || !members.isEmpty { added.append(UInt8(ascii: ",")) }
                added += lineEnding + memberIndent + addition
            }
            if members.isEmpty { added += lineEnding }
            if insertAt == -1 {
                output += added
                output += bytes[position...]
            } else {
                output += bytes[position ..< insertAt]
                output += added
                output += bytes[insertAt...]
            }
            return output
        }
    }
}
